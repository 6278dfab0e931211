import type { Language } from "../route-table";
import type { MessageTree } from "./translator";

/**
 * The browser gets the messages of the page's language as a script of their own, a static file named by its content
 * (decision 020): every page of the language shares it and the browser keeps it for a year, where the root loader's
 * data used to repeat the whole catalogue in every page. The script leaves the catalogue in one global, where
 * entry.client finds it before it hydrates the page. It is a deferred script, so that it holds up no paint: it has run
 * once the document is parsed, while Remix's module script is async and may run before that.
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

/**
 * The catalogue once the deferred catalogue script has had its turn, or none when it failed to load. Deferred scripts
 * run before DOMContentLoaded, but after the document already reads as interactive; a catalogue still missing after
 * that event is one that failed, and the page's load event tells so as well.
 */
export function catalogueWhenLoaded(): Promise<MessageCatalogue | undefined> {
  const loaded = loadedCatalogue();
  if (loaded || document.readyState === "complete") return Promise.resolve(loaded);
  return new Promise((resolve) => {
    const settle = () => resolve(loadedCatalogue());
    document.addEventListener("DOMContentLoaded", settle, { once: true });
    window.addEventListener("load", settle, { once: true });
  });
}
