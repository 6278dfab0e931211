import type { NodeOptions } from "@sentry/remix";
import type { Config } from "../config";
import { safeHeaders, scrubEvent } from "../../shared/monitoring/scrub";
import { escapeRegExp } from "../../shared/reg-exp";

/** What the monitoring reads of the configuration. */
export type MonitoringConfig = Pick<Config, "sentryDsn" | "env" | "build" | "apiUrl">;

/** A share of requests traced: enough to see slow pages and calls, little enough to cost nothing noticeable. */
export const tracesSampleRate = 0.25;

/**
 * The release the events are filed under, the same on the server and in the browser so an issue spans both:
 * `dzb-shop@<version>+<commit>`, Sentry's package@version+build form.
 */
export function releaseOf(build: Pick<Config["build"], "version" | "commit">): string {
  return `dzb-shop@${build.version}+${build.commit}`;
}

/**
 * The requests that carry the trace headers (sentry-trace, baggage): the shop's own api and nothing else. A payment
 * gateway, the hotel provider or the CMS learns nothing of our traces. Anchored, so that a URL that merely contains the
 * api's (in its query, say) does not match, nor a longer path that begins like it.
 */
export function ownApiTargets(apiUrl: string): RegExp[] {
  const base = escapeRegExp(apiUrl.replace(/\/+$/, ""));
  return [new RegExp(`^${base}(?:[/?#]|$)`)];
}

/**
 * The server SDK's options. The SDK's own data collection is cut down to the safe headers (`dataCollection`, which
 * supersedes the deprecated `sendDefaultPii` in SDK 10; both are set, so either reading says the same), and every
 * event and transaction passes the scrubber before it leaves, for whatever the SDK or a message still carries.
 */
export function monitoringOptions(config: MonitoringConfig & { sentryDsn: string }): NodeOptions {
  return {
    dsn: config.sentryDsn,
    environment: config.env,
    release: releaseOf(config.build),
    tracesSampleRate,
    tracePropagationTargets: ownApiTargets(config.apiUrl),
    sendDefaultPii: false,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...safeHeaders] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
      graphQL: { document: false, variables: false },
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
  };
}
