import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadedCatalogue } from "../shared/i18n/catalogue-script";
import { ShellLanguageProvider } from "./i18n/shell-language";

/**
 * The page arrives fully rendered and usable; this only makes it smoother. Without its messages (the catalogue
 * script did not load) it stays the plain page it already is.
 */
const catalogue = loadedCatalogue();
if (catalogue) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ShellLanguageProvider value={catalogue}>
          <RemixBrowser />
        </ShellLanguageProvider>
      </StrictMode>,
    );
  });
}
