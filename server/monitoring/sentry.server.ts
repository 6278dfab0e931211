import { monitoringOptions, type MonitoringConfig } from "./options";

/**
 * Error monitoring of the server (web and api tiers, the worker): Sentry's Remix SDK, which is its Node SDK plus the
 * Remix request handler's instrumentation. Off unless SENTRY_DSN is set; then the SDK is not even loaded, so a shop
 * without monitoring pays nothing for it and sends nothing anywhere.
 *
 * The SDK keeps its state per process, so this module does too: one start, then `captureServerError` from anywhere.
 */

type SentrySdk = typeof import("@sentry/remix");

/** The loaded SDK once monitoring started; undefined while it is off. */
let sdk: SentrySdk | undefined;

/**
 * Starts the monitoring when the configuration names a DSN; resolves to whether it runs. Call it once, first thing
 * at boot, before the Remix request handler is created: Sentry.init then wraps Remix's createRequestHandler (loaders,
 * actions, the document request) and hooks the HTTP server. A second call changes nothing.
 */
export async function startMonitoring(config: MonitoringConfig): Promise<boolean> {
  const { sentryDsn } = config;
  if (!sentryDsn) return false;
  if (sdk) return true;
  // Loaded only now: without a DSN the SDK (OpenTelemetry and all) never enters the process.
  const loaded = await import("@sentry/remix");
  loaded.init(monitoringOptions({ ...config, sentryDsn }));
  sdk = loaded;
  return true;
}

/** What the api knows of a failed call, for finding it in the logs: ids, never the request's content. */
export interface ServerErrorContext {
  /** The Connect procedure, e.g. "dzb.shop.v1.ShopService/HotelParseUrl". */
  procedure?: string;
  /** The call's X-Request-Id, which the failure log line carries too. */
  requestId?: string;
}

/**
 * Reports an exception nobody meant to throw (a bug, an outage) with the call's ids as tags. Returns the event id, or
 * undefined while the monitoring is off. Never throws: reporting a failure must not become one.
 */
export function captureServerError(error: unknown, context: ServerErrorContext = {}): string | undefined {
  if (!sdk) return undefined;
  try {
    const tags: Record<string, string> = {};
    if (context.procedure) tags.procedure = context.procedure;
    if (context.requestId) tags.request_id = context.requestId;
    return sdk.captureException(error, { tags, level: "error" });
  } catch {
    return undefined;
  }
}

/** Remix's error response (what `isRouteErrorResponse` tells), recognised by shape so the router is not loaded here. */
interface RouteErrorResponse {
  status: number;
  statusText: string;
  internal: boolean;
  data: unknown;
  error?: unknown;
}

function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as Partial<RouteErrorResponse>;
  return (
    typeof candidate.status === "number" &&
    typeof candidate.statusText === "string" &&
    typeof candidate.internal === "boolean" &&
    "data" in candidate
  );
}

/**
 * Reports an error Remix hands to entry.server's `handleError` (a loader, an action or the render failed), as the
 * SDK's own `sentryHandleError` does, with the request's URL and safe headers; but it loads nothing while the
 * monitoring is off, and it reports the cause inside a 5xx error response instead of skipping it. A refusal (4xx) or
 * an aborted request is the asker's, not a failure, and is not reported. Never throws.
 */
export function captureRemixError(error: unknown, request: Request): void {
  if (!sdk || request.signal.aborted) return;
  let reported = error;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    reported = error.error ?? new Error(`${error.status} ${error.statusText}`.trim());
  } else if (error instanceof Response && error.status < 500) {
    return;
  }
  sdk.captureRemixServerException(reported, "remix.server.handleError", request).catch(() => undefined);
}

/**
 * Sends what is still queued (waiting up to `timeoutMs`) and stops the monitoring's client. For a shutdown before
 * `process.exit`, which would drop the queue, and for tests. The SDK cannot be started again in the same process.
 */
export async function stopMonitoring(timeoutMs = 2_000): Promise<void> {
  await sdk?.close(timeoutMs);
}
