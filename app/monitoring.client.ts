import { useLocation, useMatches } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { useEffect } from "react";
import type { BrowserMonitoring } from "../server/web/load-context";
import { scrubEvent } from "../shared/monitoring/scrub";
import { escapeRegExp } from "../shared/reg-exp";

/** Same-origin requests only: the page's own data requests, which the web tier carries on to the shop's api. */
const ownOrigin = (origin: string) => [/^\/(?!\/)/, new RegExp(`^${escapeRegExp(origin)}/`)];

/**
 * Sentry in the browser (app/browser-monitoring.ts loads this): uncaught errors and a quarter of page loads traced,
 * no session replay, trace headers to the shop's own origin only, and every event scrubbed of personal data as the
 * server's are; a request the visitor's network lost is not the shop's failure and is not sent (which message says so
 * comes from the page's own script, app/network-failure.ts). Answers how the error boundary reports what it caught.
 */
export function startSentry(
  settings: BrowserMonitoring,
  isNetworkFailureMessage: (message: string) => boolean
): (error: unknown) => void {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.tracesSampleRate,
    sendDefaultPii: false,
    integrations: [Sentry.browserTracingIntegration({ useEffect, useLocation, useMatches })],
    tracePropagationTargets: ownOrigin(window.location.origin),
    // A request the visitor's network lost (one no code awaited, too) is their connection's failure, not the shop's.
    beforeSend: (event) => (isLostRequest(event, isNetworkFailureMessage) ? null : scrubEvent(event)),
    beforeSendTransaction: (event) => scrubEvent(event),
  });
  return (error) => Sentry.captureRemixErrorBoundaryError(error);
}

function isLostRequest(event: Sentry.ErrorEvent, isNetworkFailureMessage: (message: string) => boolean): boolean {
  const exceptions = event.exception?.values ?? [];
  return (
    exceptions.length > 0 &&
    exceptions.every(({ type, value }) => type === "TypeError" && isNetworkFailureMessage(value ?? ""))
  );
}
