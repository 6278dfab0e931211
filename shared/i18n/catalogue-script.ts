import type { Language } from "../route-table";
import type { MessageTree } from "./translator";

/**
 * The browser gets the messages of the page's language as a script of their own, a static file named by its content
 * (decision 020): every page of the language shares it and the browser keeps it for a year, where the root loader's
 * data used to repeat the whole catalogue in every page. The script leaves the catalogue in one global, where
 * entry.client finds it before it hydrates the page.
 */
export type MessageCatalogue = { lang: Language; messages: MessageTree };

const globalName = "__shopMessages";

/** The catalogue file's source: JSON is a JavaScript expression, and smaller than a JSON string to parse. */
export function catalogueScript(catalogue: MessageCatalogue): string {
  return `window.${globalName}=${JSON.stringify(catalogue)};\n`;
}

/** The catalogue the page's catalogue script left in this browser; none when it did not load. */
export function loadedCatalogue(): MessageCatalogue | undefined {
  return (globalThis as { [globalName]?: MessageCatalogue })[globalName];
}
