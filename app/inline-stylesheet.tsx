import { createContext, useContext, useState } from "react";
import { useNonce } from "~/nonce";

/**
 * The stylesheet travels inside the page's head instead of as a file of its own (decision 058): gzipped it is a few
 * kilobytes, less than the first round trip carries, so the first paint waits for no second request. The server reads
 * the built file's text (stylesheet-text.server.ts); the browser finds the text already in the document.
 */
const StylesheetReader = createContext<((href: string) => string) | null>(null);

export const StylesheetReaderProvider = StylesheetReader.Provider;

const elementId = "shop-stylesheet";

export function InlineStylesheet({ href }: { href: string }) {
  const nonce = useNonce();
  const read = useContext(StylesheetReader);
  // Read once: hydration keeps the element the server sent, and a later render must not empty it.
  const [text] = useState(() => (read ? read(href) : (document.getElementById(elementId)?.textContent ?? "")));
  return <style id={elementId} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
