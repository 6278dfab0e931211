import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { loader as rootLoader } from "~/root";
import type { Language } from "../../shared/route-table";
import { useShellLanguage } from "./shell-language";
import { createTranslator, type MessageTree } from "../../shared/i18n/translator";

/**
 * Translation for components, on the server and in the browser alike, from the root loader's messages. Should the
 * root loader's data be missing (an error page), the server's own resolution of the request's language stands in.
 */
export function useTranslation() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const shell = useShellLanguage();
  const lang: Language = root?.lang ?? shell?.lang ?? "cs";
  const messages = root?.messages ?? shell?.messages;
  const t = useMemo(() => createTranslator(lang, (messages ?? {}) as MessageTree), [lang, messages]);
  return { t, lang };
}
