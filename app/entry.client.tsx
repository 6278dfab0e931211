import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { buildVersionHeader } from "../shared/build-version";
import { catalogueWhenLoaded } from "../shared/i18n/catalogue-script";
import { ShellLanguageProvider } from "./i18n/shell-language";

/**
 * The page arrives fully rendered and usable; this only makes it smoother. Without its messages (the catalogue
 * script did not load) it stays the plain page it already is.
 */
void catalogueWhenLoaded().then((catalogue) => {
  if (!catalogue) return;
  nameBuildOnDataRequests(window.__remixManifest.version);
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
});

/**
 * Each of Remix's data requests for a navigation names the build this page runs (shared/build-version.ts); a server
 * of another build answers with a reload of the whole document. Posts are left alone: a form sent must be handled.
 */
function nameBuildOnDataRequests(version: string) {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (url.origin !== window.location.origin || !url.searchParams.has("_data") || method !== "GET") {
      return send(input, init);
    }
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(buildVersionHeader, version);
    return send(input, { ...init, headers });
  };
}
