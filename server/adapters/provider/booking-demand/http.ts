/**
 * HTTP: authenticated JSON POSTs, a few tries with backoff past the rate limit and outages, error answers read into
 * ProviderError kinds.
 */

import type * as z from "zod";
import { errorAnswer, type BookingErrorAnswer } from "./shapes";
import { ProviderError, type ProviderErrorKind } from "../hotel-provider";

export interface Client {
  /** `readError` reads an error answer's kind; the availability endpoints' reading unless told. */
  post<T>(
    endpoint: string,
    body: object,
    schema: z.ZodType<T>,
    signal: AbortSignal,
    readError?: ErrorReader
  ): Promise<T>;
}

type ErrorReader = (status: number, errors: BookingErrorAnswer["errors"]) => ProviderErrorKind;

interface ClientOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly affiliateId: string;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
  readonly maxRetryAfterMs: number;
  /** Milliseconds on a clock that only moves forward, for how long a rate-limit block lasts. */
  readonly elapsedMs: () => number;
}

export function createClient(options: ClientOptions): Client {
  // Every message passes through here, so the token cannot reach a log even if an answer echoes it.
  const scrub = (text: string) => (options.token === "" ? text : text.split(options.token).join("[token]"));
  const http: Http = { ...options, scrub, block: createBlock(options.elapsedMs) };
  return {
    async post(endpoint, body, schema, signal, readError = errorKind) {
      const blockedMs = http.block.remainingMs();
      if (blockedMs > 0) throw rateLimited(endpoint, `for ${Math.ceil(blockedMs / 1000)} s more, not asked again`);
      const response = await sendWithRetries(http, endpoint, body, signal);
      if (!response.ok) throw await errorFromAnswer(http, endpoint, response, signal, readError);
      const json = await readJson(http, endpoint, response, signal);
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        throw new ProviderError(
          "failed",
          http.scrub(`Booking.com ${endpoint} answered an unexpected shape: ${issues}`)
        );
      }
      return parsed.data;
    },
  };
}

interface Http extends ClientOptions {
  readonly scrub: (text: string) => string;
  readonly block: RateLimitBlock;
}

/**
 * Booking.com refuses every request for a minute once the partner passes its rate limit, and counts the refused ones
 * too. So once a 429 outlasts the tries, no request is sent until the block it announced (its Retry-After, else the
 * documented minute) is over: the visitors of this process are told to try again in a moment without a request each.
 */
interface RateLimitBlock {
  remainingMs(): number;
  startFor(ms: number): void;
}

const DOCUMENTED_BLOCK_MS = 60_000;

function createBlock(elapsedMs: () => number): RateLimitBlock {
  let endsAt = Number.NEGATIVE_INFINITY;
  return {
    remainingMs: () => Math.max(0, endsAt - elapsedMs()),
    startFor: (ms) => {
      endsAt = Math.max(endsAt, elapsedMs() + ms);
    },
  };
}

/** How many times a request is sent at most, the first included. */
const MAX_ATTEMPTS = 3;
/** The wait before the second try when the answer names none; doubled before each further try. */
const FIRST_BACKOFF_MS = 250;

/**
 * A 5xx from /orders/create may come after the order was made, and asking again could book twice (the endpoint has
 * no idempotency key): there only a 429, which Booking.com answers before doing anything, is tried again.
 */
const NOT_REPEATABLE_AFTER_OUTAGE = new Set(["/orders/create"]);

/**
 * Documented: past the rate limit every request is refused for a minute; an outage (5xx) often passes in moments.
 * Both are tried again, up to MAX_ATTEMPTS, after the answer's Retry-After or else a doubling backoff, while the waits
 * together stay within `maxRetryAfterMs`; the caller's signal ends a wait at once (its deadline, decision 052). What is
 * left is answered as it came, and the api asks the visitor to try again in a moment.
 */
async function sendWithRetries(http: Http, endpoint: string, body: object, signal: AbortSignal): Promise<Response> {
  let waitedMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    const response = await send(http, endpoint, body, signal);
    if (response.status === 429 && attempt === MAX_ATTEMPTS) {
      http.block.startFor(retryAfterMs(response.headers.get("retry-after"), http.now()) ?? DOCUMENTED_BLOCK_MS);
    }
    if (!isRetryable(response.status, endpoint) || attempt === MAX_ATTEMPTS) return response;
    const header = response.headers.get("retry-after");
    const asked = retryAfterMs(header, http.now());
    // A 429 without a usable Retry-After gives no hint when the block ends; only an outage is guessed at.
    if (response.status === 429 && asked === undefined) {
      await response.body?.cancel();
      http.block.startFor(DOCUMENTED_BLOCK_MS);
      throw rateLimited(endpoint, "without a usable Retry-After");
    }
    const waitMs = asked ?? FIRST_BACKOFF_MS * 2 ** (attempt - 1);
    if (waitedMs + waitMs > http.maxRetryAfterMs) {
      if (response.status !== 429) return response;
      await response.body?.cancel();
      http.block.startFor(waitMs);
      throw rateLimited(endpoint, `for ${Math.ceil(waitMs / 1000)} s`);
    }
    await response.body?.cancel();
    await sleep(waitMs, endpoint, signal);
    waitedMs += waitMs;
  }
}

function isRetryable(status: number, endpoint: string): boolean {
  return status === 429 || (status >= 500 && !NOT_REPEATABLE_AFTER_OUTAGE.has(endpoint));
}

function rateLimited(endpoint: string, asked: string): ProviderError {
  return new ProviderError("failed", `Booking.com ${endpoint} rate-limited the shop ${asked}`, { httpStatus: 429 });
}

async function send(http: Http, endpoint: string, body: object, signal: AbortSignal): Promise<Response> {
  try {
    return await http.fetch(`${http.baseUrl}${endpoint}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        authorization: `Bearer ${http.token}`,
        "content-type": "application/json",
        "x-affiliate-id": http.affiliateId,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw transportFailure(http, endpoint, error, signal);
  }
}

/**
 * Retry-After is either delay seconds or an HTTP date (RFC 9110 §10.2.3), which always ends in "GMT"; anything else
 * is unusable (Date.parse would read "1.5" as a day in 2001 and retry at once).
 */
function retryAfterMs(header: string | null, now: Date): number | undefined {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /GMT$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

function sleep(ms: number, endpoint: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(timeoutFailure(endpoint));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function errorFromAnswer(
  http: Http,
  endpoint: string,
  response: Response,
  signal: AbortSignal,
  readError: ErrorReader
): Promise<ProviderError> {
  const errors = documentedErrors(await readText(http, endpoint, response, signal));
  const detail = errors.map((error) => (error.message ? `${error.id}: ${error.message}` : error.id)).join("; ");
  const message = `Booking.com ${endpoint} answered HTTP ${response.status}${detail ? ` (${detail})` : ""}`;
  return new ProviderError(readError(response.status, errors), http.scrub(message), { httpStatus: response.status });
}

function documentedErrors(text: string): BookingErrorAnswer["errors"] {
  try {
    const parsed = errorAnswer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.errors : [];
  } catch {
    return [];
  }
}

/**
 * 401 and 403 are our credentials or contract (a configuration fault, never the visitor's), 429 here is the second
 * refusal, 5xx an outage: all "failed". A 400 or 404 is read by the parameter its errors name, because the documented
 * ids are generic: the stay dates (beyond 500 days ahead, longer than 90 nights, in the past) or the accommodation. A
 * 404 naming nothing is a wrong base URL, not a missing hotel; a missing parameter is the adapter's own fault.
 */
function errorKind(status: number, errors: BookingErrorAnswer["errors"]): ProviderErrorKind {
  if (status !== 400 && status !== 404) return "failed";
  const named = (pattern: RegExp) =>
    errors.some((error) => error.id !== "missing_parameter" && pattern.test(`${error.id} ${error.message ?? ""}`));
  if (status === 400 && named(/\bcheck_?(?:in|out)\b/i)) return "date_not_bookable";
  if (named(/\baccommodations?\b/i)) return "hotel_not_found";
  return "failed";
}

/**
 * For the order endpoints. Booking.com documents no error ids for a product sold out, a price that moved or an order
 * it will not take (the error codes page lists only generic ids), so a 4xx is its final refusal, except our
 * credentials or contract (401, 403), a timeout (408) and the rate limit (429), which a later try may get past, and a
 * 404 naming nothing, which is a wrong base URL; a 5xx is an outage.
 */
export function bookingErrorKind(status: number, errors: BookingErrorAnswer["errors"]): ProviderErrorKind {
  if (status < 400 || status >= 500 || [401, 403, 408, 429].includes(status)) return "failed";
  if (status === 404 && errors.length === 0) return "failed";
  return "booking_refused";
}

/** A lookup refused says nothing of the booking itself; the shop may try again later. */
export function lookupErrorKind(): ProviderErrorKind {
  return "failed";
}

async function readJson(http: Http, endpoint: string, response: Response, signal: AbortSignal): Promise<unknown> {
  const text = await readText(http, endpoint, response, signal);
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError("failed", `Booking.com ${endpoint} answered something that is not JSON`);
  }
}

async function readText(http: Http, endpoint: string, response: Response, signal: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportFailure(http, endpoint, error, signal);
  }
}

function transportFailure(http: Http, endpoint: string, error: unknown, signal: AbortSignal): ProviderError {
  if (signal.aborted) return timeoutFailure(endpoint);
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError("failed", http.scrub(`Booking.com ${endpoint} could not be reached: ${reason}`), {
    cause: error,
  });
}

export function timeoutFailure(endpoint: string): ProviderError {
  return new ProviderError("timeout", `Booking.com ${endpoint} did not answer in time`);
}

function zodIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`).join("; ");
}

/** Errors that are not ProviderErrors are bugs or surprises; the visitor is told the provider failed. */
export function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError("failed", `Unexpected failure: ${reason}`, { cause: error });
}

/** A promise that resolves to its value or to its failure as a ProviderError, so parallel requests all finish. */
export function settle<T>(promise: Promise<T>): Promise<T | ProviderError> {
  return promise.then(
    (value) => value,
    (error: unknown) => asProviderError(error)
  );
}
