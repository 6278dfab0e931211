import { constants as bufferConstants } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Code, ConnectError, createContextValues, type ContextValues } from "@connectrpc/connect";
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from "@connectrpc/connect-node";
import {
  createAsyncIterable,
  readAllBytes,
  type UniversalHandler,
  type UniversalServerResponse,
} from "@connectrpc/connect/protocol";
import {
  codeFromHttpStatus,
  codeToHttpStatus,
  errorFromJsonBytes,
  errorToJsonBytes,
} from "@connectrpc/connect/protocol-connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { Logger } from "../logging/logger";
import { apiError, toApiError } from "./contract/api-error";
import { callRecordKey, type CallRecord } from "./call-record";
import { answerError, unexpectedFailure } from "./http-rejections";
import { requestCompressions } from "./request-bounds";

/**
 * Connect reads, inflates and decodes a request body before any interceptor runs, so what it refuses there (a body
 * over the size bound, a truncated gzip, malformed JSON or protobuf, a bad Connect-Timeout-Ms header) never passes
 * the error interceptor: it left without an ErrorDetail, and a broken gzip or protobuf even as a 500. This adapter
 * is Connect's own Node adapter with one step more: an error answer that has no ErrorDetail yet gets one here, with
 * its catalogue code, the request id and a status that says whose fault it was (decision 016).
 */

/** What the error message may repeat of a refused request: enough to see the problem, never the whole body. */
const MAX_REFUSAL_MESSAGE_CHARS = 300;

/**
 * The error a client gets for a failure Connect raised on its own. Before the request was decoded the request is at
 * fault: too large (413), or else not decodable (400). After it, only writing the answer can fail, which is ours.
 */
export function refusalOf(raised: ConnectError, requestDecoded: boolean): { status: number; error: ConnectError } {
  if (requestDecoded) return { status: codeToHttpStatus(raised.code), error: raised };
  const message = raised.rawMessage.slice(0, MAX_REFUSAL_MESSAGE_CHARS);
  return raised.code === Code.ResourceExhausted
    ? { status: 413, error: apiError(Code.ResourceExhausted, ErrorCode.REQUEST_TOO_LARGE, message) }
    : { status: 400, error: apiError(Code.InvalidArgument, ErrorCode.MALFORMED_REQUEST, message) };
}

/** The error Connect wrote into an answer, read back; inflated first if Connect compressed it for the client. */
async function errorOfAnswer(answer: UniversalServerResponse, header: Headers): Promise<ConnectError> {
  const fallback = new ConnectError(`HTTP ${answer.status}`, codeFromHttpStatus(answer.status));
  if (!answer.body) return fallback;
  // Connect's own output, not the client's: no bound but the largest buffer there is.
  let bytes = await readAllBytes(answer.body, bufferConstants.MAX_LENGTH);
  const encoding = requestCompressions.find((compression) => compression.name === header.get("Content-Encoding"));
  if (encoding) bytes = await encoding.decompress(bytes, bufferConstants.MAX_LENGTH);
  try {
    return errorFromJsonBytes(bytes, undefined, fallback);
  } catch {
    return fallback;
  }
}

/** The answer as it leaves: unchanged if it succeeded or already carries an ErrorDetail, else with one added. */
export async function withErrorDetail(
  answer: UniversalServerResponse,
  record: CallRecord
): Promise<UniversalServerResponse> {
  if (answer.status === 200) return answer;
  // The error interceptor notes every failure it explains; an answer it explained has its detail.
  if (record.failure) {
    // A procedure the api does not implement (yet) is as absent as an unknown one, which http-rejections.ts answers
    // 404: Connect's 501 would blame the server for a call the client should not make.
    return record.failure.code === Code.Unimplemented ? { ...answer, status: 404 } : answer;
  }
  const header = new Headers(answer.header);
  const refusal = refusalOf(await errorOfAnswer(answer, header), record.requestDecoded === true);
  const { error, detail } = toApiError(refusal.error, record.requestId);
  record.failure = {
    code: error.code,
    errorCode: detail.code,
    field: detail.field,
    cause: record.requestDecoded ? refusal.error : undefined,
  };
  const body = errorToJsonBytes(error, undefined);
  header.delete("Content-Encoding");
  header.set("Content-Type", "application/json");
  header.set("Content-Length", String(body.byteLength));
  return { status: refusal.status, header, body: createAsyncIterable([body]) };
}

/**
 * Serves one call, as connectNodeAdapter would, through the Connect handler of its procedure. The caller has
 * started the call's record and refused what no handler serves (http-rejections.ts).
 */
export async function serveConnect(
  handler: UniversalHandler,
  req: IncomingMessage,
  res: ServerResponse,
  record: CallRecord,
  log: Logger,
  /** What the handlers read of the call besides its record, e.g. the client's address. */
  callValues: ContextValues = createContextValues()
): Promise<void> {
  const contextValues = callValues.set(callRecordKey, record);
  try {
    const answer = await handler(universalRequestFromNodeRequest(req, res, undefined, contextValues));
    // A body refused before its end (too large) is left unread: the connection cannot carry another request.
    if (!req.complete) res.setHeader("Connection", "close");
    await universalResponseToNodeResponse(await withErrorDetail(answer, record), res);
  } catch (reason) {
    // As connectNodeAdapter: a call the client gave up on has nobody left to answer.
    if (ConnectError.from(reason).code === Code.Aborted) return;
    if (res.headersSent) {
      // The call's line, when the answer ends, tells of it with its status: this one says why it broke off.
      log.error({ requestId: record.requestId, err: reason }, "the api could not finish its answer");
      return;
    }
    answerError(res, record, unexpectedFailure(reason));
  }
}
