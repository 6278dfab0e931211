import type { BlockList } from "node:net";
import { Code, ConnectError, createContextValues } from "@connectrpc/connect";
import {
  createAsyncIterable,
  createUniversalHandlerClient,
  type UniversalClientFn,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from "@connectrpc/connect/protocol";
import { answerHeaders, callRecordKey, startCallRecord, type CallEnding } from "./call-record";
import { clientAddressKey, clientAddressOfInProcessCall } from "./client-address";
import { withErrorDetail } from "./connect-adapter";
import { errorAnswer, unexpectedFailure } from "./http-rejections";

/**
 * The api called in memory by the web tier of its own process (ROLE=all, decision 023): the HTTP client function of a
 * Connect transport that hands each request to the procedure's Connect handler, as Connect's router transport does,
 * without a socket, an HTTP parser or express in between. Around each call it does what the Node middleware does: the
 * call record from X-Request-Id and X-Session-Id, the client named in X-Forwarded-For for the budgets kept per client,
 * the ErrorDetail of every refusal, the X-Request-Id and Cache-Control headers, and the call's log line. The request
 * bounds are the router's own, so they hold here too.
 *
 * The middleware's other refusals (another HTTP method, content type or encoding, no Host) are for strangers speaking
 * HTTP: the web tier's Connect client always sends a POST of unary Connect JSON, unencoded.
 */
export function createInProcessClient(
  handlers: readonly UniversalHandler[],
  forwarders: BlockList,
  ended: CallEnding
): { baseUrl: string; httpClient: UniversalClientFn } {
  return {
    // Connect's in-memory client finds a handler by the URL's path alone, which is the procedure's with no prefix.
    baseUrl: "http://api.in-process",
    httpClient: createUniversalHandlerClient(handlers.map((handler) => servedInProcess(handler, forwarders, ended))),
  };
}

function servedInProcess(handler: UniversalHandler, forwarders: BlockList, ended: CallEnding): UniversalHandler {
  const serve = async (request: UniversalServerRequest): Promise<UniversalServerResponse> => {
    const record = startCallRecord(
      {
        "x-request-id": request.header.get("X-Request-Id") ?? undefined,
        "x-session-id": request.header.get("X-Session-Id") ?? undefined,
      },
      clientAddressOfInProcessCall(request.header.get("X-Forwarded-For") ?? undefined, forwarders)
    );
    const contextValues = createContextValues().set(clientAddressKey, record.client).set(callRecordKey, record);
    let answer: UniversalServerResponse;
    try {
      answer = await withErrorDetail(await handler({ ...request, contextValues }), record);
    } catch (reason) {
      // As over HTTP: a call the client gave up on has nobody left to answer, and its client says why it gave up.
      if (ConnectError.from(reason).code === Code.Aborted) throw reason;
      const { status, header, body } = errorAnswer(record, unexpectedFailure(reason));
      answer = { status, header: new Headers(header), body: createAsyncIterable([body]) };
    }
    ended(record, handler.requestPath, answer.status);
    const header = new Headers(answer.header);
    for (const [name, value] of Object.entries(answerHeaders(record))) header.set(name, value);
    return { ...answer, header };
  };
  // The procedure's path, method and content types, by which Connect's in-memory client routes, stay the handler's.
  return Object.assign(serve, handler);
}
