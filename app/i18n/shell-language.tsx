import { createContext, useContext } from "react";
import type { Language } from "../../shared/route-table";
import type { MessageTree } from "../../shared/i18n/translator";

/**
 * The language the web server resolved for the request, with its messages, handed from entry.server before any
 * loader runs. The root loader's data carries the same, but an error page may have none: when an action fails no
 * loader runs at all, and the root loader itself may be what failed. The error page still speaks the visitor's
 * language then. Only the server render has it: such a page is sent without scripts (root.tsx).
 */
export type ShellLanguage = { lang: Language; messages: MessageTree };

const ShellLanguageContext = createContext<ShellLanguage | null>(null);

export const ShellLanguageProvider = ShellLanguageContext.Provider;

export function useShellLanguage(): ShellLanguage | null {
  return useContext(ShellLanguageContext);
}
