import type { IncomingMessage, ServerResponse } from "node:http";
import { Code, ConnectError } from "@connectrpc/connect";
import { errorToJsonBytes, parseContentType } from "@connectrpc/connect/protocol-connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { isHostHeader } from "../../shared/host-header";
import { apiError, toApiError } from "./contract/api-error";
import type { CallRecord } from "./call-record";
import { requestCompressions } from "./request-bounds";

/**
 * Requests that never reach a handler: an unknown procedure, another HTTP method than POST, a content type that is
 * not unary Connect JSON or binary, a content encoding the api cannot inflate, no Host header or one naming no host.
 * Connect itself answers these with a bare 404, 405 or 415, or a 501 for the encoding, and throws on the Host; we
 * answer 4xx with the usual Connect error body, so a client (or a developer with curl) learns what was wrong and which
 * request id to quote.
 */

const procedurePaths = new Set(ShopService.methods.map((method) => `/${ShopService.typeName}/${method.name}`));
const encodingNames = ["identity", ...requestCompressions.map((compression) => compression.name)];

export interface Rejection {
  readonly status: number;
  readonly error: ConnectError;
  readonly headers?: Record<string, string>;
}

function rejectionOf(req: IncomingMessage, procedure: string): Rejection | undefined {
  if (!procedurePaths.has(procedure)) {
    return {
      status: 404,
      error: apiError(Code.Unimplemented, ErrorCode.NOT_IMPLEMENTED, `no procedure ${procedure}`),
    };
  }
  if (!req.headers.host || !isHostHeader(req.headers.host)) {
    // HTTP/1.0 lets a client leave it out, and Node passes one like "a b"; Connect makes a URL of the authority and
    // would throw instead of answering.
    return {
      status: 400,
      error: apiError(
        Code.InvalidArgument,
        ErrorCode.MALFORMED_REQUEST,
        req.headers.host ? "a Host header that names no host" : "no Host header"
      ),
    };
  }
  if (req.method !== "POST") {
    return {
      status: 405,
      headers: { Allow: "POST" },
      error: apiError(Code.InvalidArgument, ErrorCode.UNSUPPORTED_REQUEST, `HTTP method ${req.method}: use POST`),
    };
  }
  const contentType = parseContentType(req.headers["content-type"] ?? null);
  if (!contentType || contentType.stream) {
    return {
      status: 415,
      error: apiError(
        Code.InvalidArgument,
        ErrorCode.UNSUPPORTED_REQUEST,
        `content type ${req.headers["content-type"] ?? "(none)"}: use application/json or application/proto`
      ),
    };
  }
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && !encodingNames.includes(encoding)) {
    return {
      // 415 and Accept-Encoding, as HTTP has it for a content coding the server does not know (RFC 9110, 15.5.16).
      status: 415,
      headers: { "Accept-Encoding": encodingNames.join(", ") },
      error: apiError(
        Code.InvalidArgument,
        ErrorCode.MALFORMED_REQUEST,
        `content encoding ${encoding}: use one of ${encodingNames.join(", ")}`
      ),
    };
  }
  return undefined;
}

/** The procedure path of a request under the api's mount point, e.g. "/dzb.shop.v1.ShopService/Version". */
export function procedureOf(req: IncomingMessage): string {
  return (req.url ?? "").split("?", 1)[0]!;
}

/** Answers a request no handler can serve and says so; false lets the request through to Connect. */
export function rejectUnservable(req: IncomingMessage, res: ServerResponse, record: CallRecord): boolean {
  const rejection = rejectionOf(req, procedureOf(req));
  if (!rejection) return false;
  answerError(res, record, rejection);
  return true;
}

/** Writes an error answer with its ErrorDetail, and notes the failure on the call record for the log line. */
export function answerError(res: ServerResponse, record: CallRecord, rejection: Rejection): void {
  const { status, header, body } = errorAnswer(record, rejection);
  res.writeHead(status, header);
  res.end(body);
}

/** An error answer with its ErrorDetail, whichever way it leaves; notes the failure on the call record. */
export function errorAnswer(
  record: CallRecord,
  rejection: Rejection
): { status: number; header: Record<string, string>; body: Uint8Array } {
  const { error, detail } = toApiError(rejection.error, record.requestId);
  record.failure = {
    code: error.code,
    errorCode: detail.code,
    field: detail.field,
    cause: error.code === Code.Internal ? rejection.error : undefined,
  };
  const body = errorToJsonBytes(error, undefined);
  return {
    status: rejection.status,
    header: { ...rejection.headers, "Content-Type": "application/json", "Content-Length": String(body.byteLength) },
    body,
  };
}

/** The answer to an exception no handler explained: the api's fault, its cause logged and never sent. */
export function unexpectedFailure(reason: unknown): Rejection {
  return { status: 500, error: new ConnectError("internal error", Code.Internal, {}, [], reason) };
}
