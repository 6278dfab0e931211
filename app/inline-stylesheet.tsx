import { createContext, useContext, useEffect, useState } from "react";
import { useNonce } from "~/nonce";

/**
 * The stylesheet travels inside the page's head instead of as a file of its own (decision 058), so the first paint
 * waits for no second request; the server cuts it to the rules the page's HTML uses (decision 069,
 * used-styles.server.ts). The server reads the built file's text (stylesheet-text.server.ts); the browser finds the
 * text already in the document and, once the page runs its scripts, which may show what the server did not send (a
 * pending state, another screen), adds the whole sheet as the file, from its cache after the first time.
 */
const StylesheetReader = createContext<((href: string) => string) | null>(null);

export const StylesheetReaderProvider = StylesheetReader.Provider;

const elementId = "shop-stylesheet";

export function InlineStylesheet({ href }: { href: string }) {
  const nonce = useNonce();
  const read = useContext(StylesheetReader);
  // Read once: hydration keeps the element the server sent, and a later render must not empty it.
  const [text] = useState(() => (read ? read(href) : (document.getElementById(elementId)?.textContent ?? "")));
  useEffect(() => {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }, [href]);
  return <style id={elementId} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
