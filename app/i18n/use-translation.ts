import { useMemo } from "react";
import { useShellLanguage } from "./shell-language";
import { createTranslator } from "../../shared/i18n/translator";

/**
 * Translation for components, on the server and in the browser alike, from the shell's language: the server's
 * messages in the server render, the page's catalogue script in the browser (entry.client), so hydration matches.
 */
export function useTranslation() {
  const shell = useShellLanguage();
  const lang = shell?.lang ?? "cs";
  const messages = shell?.messages;
  const t = useMemo(() => createTranslator(lang, messages ?? {}), [lang, messages]);
  return { t, lang };
}
