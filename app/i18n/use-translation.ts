import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { loader as rootLoader } from "~/root";
import type { Language } from "~/route-table";
import { createTranslator, type MessageTree } from "./translator";

/**
 * Translation for components, on the server and in the browser alike, from the root loader's
 * messages. Should the root loader itself have failed, keys stand in for texts so the error
 * page still renders.
 */
export function useTranslation() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang: Language = root?.lang ?? "cs";
  const messages = root?.messages;
  const t = useMemo(() => createTranslator(lang, (messages ?? {}) as MessageTree), [lang, messages]);
  return { t, lang };
}
