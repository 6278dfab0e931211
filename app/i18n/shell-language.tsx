import { createContext, useContext } from "react";
import type { MessageCatalogue } from "../../shared/i18n/catalogue-script";

/**
 * The page's language with its messages, for every component to translate with (useTranslation). The server render
 * gets the ones the web server resolved for the request from entry.server, before any loader runs, so an error page
 * still speaks the visitor's language when no loader ran (an action failed) or the root loader itself failed; such a
 * page is sent without scripts (root.tsx). The browser gets the page's catalogue script from entry.client
 * (decision 020).
 */
export type ShellLanguage = MessageCatalogue;

const ShellLanguageContext = createContext<ShellLanguage | null>(null);

export const ShellLanguageProvider = ShellLanguageContext.Provider;

export function useShellLanguage(): ShellLanguage | null {
  return useContext(ShellLanguageContext);
}
