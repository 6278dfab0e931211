import type { BrowserMonitoring } from "../server/web/load-context";
import { isNetworkFailureMessage } from "~/network-failure";

/**
 * The browser's error monitoring, started only once the visitor allowed it (shared/consent.ts) and the shop has a
 * SENTRY_DSN, and loaded after the page is interactive as a script of its own: a page without it carries none of it.
 */

let starting: Promise<void> | undefined;
let report: ((error: unknown) => void) | undefined;

export function startBrowserMonitoring(settings: BrowserMonitoring): void {
  starting ??= import("./monitoring.client").then(
    ({ startSentry }) => {
      // Handed over rather than imported there: a module both scripts import would be a first-load file of its own.
      report = startSentry(settings, isNetworkFailureMessage);
    },
    // A script that cannot be loaded (an old build, a blocker) leaves the page as it is: monitoring is no feature.
    () => undefined
  );
}

/** An error the page's error boundary caught (React keeps those from the window's error handlers). */
export function reportBoundaryError(error: unknown): void {
  report?.(error);
}
