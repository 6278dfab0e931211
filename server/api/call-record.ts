import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import { Code, createContextKey } from "@connectrpc/connect";
import { codeToString } from "@connectrpc/connect/protocol-connect";
import { Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { Logger } from "../logging/logger";
import type { Metrics } from "../metrics/metrics";

/** What the api remembers about one call, for the X-Request-Id header and the call's log line. */
export interface CallRecord {
  readonly requestId: string;
  readonly sessionId: string | undefined;
  /** The calling client as the api trusts its forwarders to name it (client-address.ts). */
  readonly client: string;
  /** When the call began, on the monotonic clock: its duration is measured, not a date. */
  readonly startedAt: number;
  /** The product the request names in its product variant, once Connect has decoded it. */
  variant?: string;
  /**
   * Connect has read and decoded the request and handed it to the interceptors: a failure from here on is the api's
   * to explain, one before it is the request's (see connect-adapter.ts).
   */
  requestDecoded?: true;
  failure?: {
    code: Code;
    errorCode: ErrorCode;
    field: string;
    /**
     * The exception behind a failure that is the shop's trouble, not the caller's (an internal error, the database
     * away): logged with the call, never sent.
     */
    cause?: unknown;
  };
}

/** Handlers and interceptors reach the call's record through the Connect context. */
export const callRecordKey = createContextKey<CallRecord | undefined>(undefined, {
  description: "the api call's record",
});

/** Ids we accept from a caller: short and unable to forge log lines. */
const saneToken = /^[A-Za-z0-9._:-]{1,128}$/;

function saneTokenOrUndefined(header: string | string[] | undefined): string | undefined {
  return typeof header === "string" && saneToken.test(header) ? header : undefined;
}

/**
 * The web tier sends its own X-Request-Id so one id follows a visitor's action through both tiers;
 * a missing or odd-looking one is replaced by a fresh id.
 */
export function startCallRecord(headers: IncomingHttpHeaders, client: string): CallRecord {
  return {
    requestId: saneTokenOrUndefined(headers["x-request-id"]) ?? randomUUID(),
    sessionId: saneTokenOrUndefined(headers["x-session-id"]),
    client,
    startedAt: performance.now(),
  };
}

/** The product a decoded request names in its `product_variant`, e.g. "DZB_CZ"; undefined when it names none. */
export function variantOf(message: unknown): string | undefined {
  const product = (message as { productVariant?: { product?: Product } }).productVariant?.product;
  return product ? Product[product] : undefined;
}

/** The RPC method a procedure path names, e.g. "PaymentStart"; a path that names none is "unknown", never itself. */
const methodOfPath = new Map(
  ShopService.methods.map((method) => [`/${ShopService.typeName}/${method.name}`, method.name])
);

/**
 * What the end of every call leaves (decision 047), however it was called: one log line and its count and duration
 * in the metrics. The line holds ids, the method, the codes and numbers, never the request's body or query (they hold
 * personal data): `info` for a call that succeeded, `warn` for one refused, `error` with the exception (its stack in
 * `err`) for an internal error.
 */
export function callEnding(log: Logger, metrics?: Metrics["api"]) {
  return (record: CallRecord, procedure: string, httpStatus: number): void => {
    const seconds = (performance.now() - record.startedAt) / 1_000;
    const method = methodOfPath.get(procedure) ?? "unknown";
    const { failure } = record;
    const code = failure ? codeToString(failure.code) : "ok";
    metrics?.calls.inc({ method, code });
    metrics?.duration.observe({ method, code }, seconds);
    const line = {
      requestId: record.requestId,
      sessionId: record.sessionId,
      variant: record.variant,
      rpc: method,
      httpStatus,
      code,
      durationMs: Math.round(seconds * 1_000),
      client: record.client,
      ...(failure && {
        errorCode: ErrorCode[failure.errorCode],
        field: failure.field || undefined,
      }),
    };
    if (!failure) log.info(line, "api call");
    else if (failure.cause === undefined) log.warn(line, "api call failed");
    else log.error({ ...line, err: failure.cause }, "api call failed");
  };
}

/** What ends a call: `callEnding`'s function. */
export type CallEnding = ReturnType<typeof callEnding>;

/** The headers of every answer the api gives, however it was called. */
export function answerHeaders(record: CallRecord): Record<string, string> {
  return {
    "X-Request-Id": record.requestId,
    // No answer is for anyone but its caller (orders, documents, payments, even refusals naming them), and none is
    // worth sorting out which could be shared: no cache keeps any.
    "Cache-Control": "no-store",
  };
}
