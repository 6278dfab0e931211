/**
 * SPEC §7's general fetch client: plain `fetch`, plus one retry by default when a request without a body meets a
 * transient status. Requests that carry a payload (POST, PUT, PATCH, DELETE) are never retried: repeating one could
 * place an order or a payment twice. Runs in the browser and on the server alike (no Node imports).
 */

/** Statuses worth one more try: timeouts, conflicts, too early, rate limits and server or gateway failures. */
export const RETRY_STATUS_CODES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

const PAYLOAD_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface FetchWithRetryInit extends RequestInit {
  /** How many times a bodiless request is repeated after a retryable status or a network error; default 1. */
  retry?: number | false;
  /** Wait between attempts in ms; default 0. */
  retryDelayMs?: number;
  /** Default `RETRY_STATUS_CODES`. */
  retryStatusCodes?: readonly number[];
  /** The fetch to wrap; default the global one, looked up at call time. */
  fetch?: typeof fetch;
}

export function isRetryableMethod(method: string): boolean {
  return !PAYLOAD_METHODS.has(method.toUpperCase());
}

/**
 * Like `fetch`, and like it resolves with the last response whatever its status. Network errors of bodiless requests
 * are retried too; an abort (of the signal in `init` or in a `Request` input) ends the attempts at once.
 */
export async function fetchWithRetry(input: RequestInfo | URL, init: FetchWithRetryInit = {}): Promise<Response> {
  const { retry, retryDelayMs = 0, retryStatusCodes = RETRY_STATUS_CODES, fetch: fetchImpl, ...requestInit } = init;
  const doFetch = fetchImpl ?? globalThis.fetch;
  const method = requestInit.method ?? (input instanceof Request ? input.method : "GET");
  const signal = requestInit.signal ?? (input instanceof Request ? input.signal : undefined);
  const retries = isRetryableMethod(method) && retry !== false ? Math.max(0, Math.floor(retry ?? 1)) : 0;

  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries;
    let response: Response;
    try {
      response = await doFetch(input, requestInit);
    } catch (error) {
      if (last || signal?.aborted || isAbortError(error)) throw error;
      await wait(retryDelayMs, signal);
      continue;
    }
    if (last || !retryStatusCodes.includes(response.status)) return response;
    // The body of a response we drop would otherwise hold its connection open.
    await response.body?.cancel().catch(() => undefined);
    await wait(retryDelayMs, signal);
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
