import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Code, createContextKey } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";

/** What the api remembers about one call, for the X-Request-Id header and the failure log line. */
export interface CallRecord {
  readonly requestId: string;
  readonly sessionId: string | undefined;
  /**
   * Connect has read and decoded the request and handed it to the interceptors: a failure from here on is the api's
   * to explain, one before it is the request's (see connect-adapter.ts).
   */
  requestDecoded?: true;
  failure?: {
    code: Code;
    errorCode: ErrorCode;
    field: string;
    /** The unexpected exception behind an internal error; logged, never sent. */
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
export function startCallRecord(headers: IncomingHttpHeaders): CallRecord {
  return {
    requestId: saneTokenOrUndefined(headers["x-request-id"]) ?? randomUUID(),
    sessionId: saneTokenOrUndefined(headers["x-session-id"]),
  };
}

/** One line per failed call: ids, procedure and codes only, never the request body (it holds personal data). */
export function logFailedCall(record: CallRecord, procedure: string, httpStatus: number): void {
  const { failure } = record;
  const line = {
    msg: "api call failed",
    requestId: record.requestId,
    sessionId: record.sessionId,
    procedure,
    httpStatus,
    code: failure ? Code[failure.code] : undefined,
    errorCode: failure ? ErrorCode[failure.errorCode] : undefined,
    field: failure?.field || undefined,
  };
  console.warn(JSON.stringify(line));
  if (failure?.cause !== undefined) {
    console.error(`request ${record.requestId}: unexpected exception`, failure.cause);
  }
}

/** The headers of every answer the api gives, however it was called. */
export function answerHeaders(record: CallRecord): Record<string, string> {
  return {
    "X-Request-Id": record.requestId,
    // No answer is for anyone but its caller (orders, documents, payments, even refusals naming them), and none is
    // worth sorting out which could be shared: no cache keeps any.
    "Cache-Control": "no-store",
  };
}
