import { useShellLanguage } from "./shell-language";
import { translatorFor, type MessageTree } from "../../shared/i18n/translator";

/** Where no catalogue is at hand every key reads as itself. */
const noMessages: MessageTree = {};

/**
 * Translation for components, on the server and in the browser alike, from the shell's language: the server's
 * messages in the server render, the page's catalogue script in the browser (entry.client), so hydration matches.
 */
export function useTranslation() {
  const shell = useShellLanguage();
  const lang = shell?.lang ?? "cs";
  const t = translatorFor(lang, shell?.messages ?? noMessages);
  return { t, lang };
}
