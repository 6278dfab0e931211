import type { IncomingMessage, ServerResponse } from "node:http";
import { createConnectRouter, createContextValues } from "@connectrpc/connect";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { answerHeaders, callEnding, startCallRecord } from "./call-record";
import { clientAddressKey, clientAddressOfRequest, trustedForwarders } from "./client-address";
import { contactMessageSend } from "./contact-message-send";
import { serveConnect } from "./connect-adapter";
import type { ApiDeps } from "./deps";
import { errorInterceptor } from "./error-interceptor";
import { procedureOf, rejectUnservable } from "./http-rejections";
import { hotelAvailability } from "./hotel-availability";
import { hotelOrderCreate } from "./hotel-order-create";
import { hotelOrderPreview } from "./hotel-order-preview";
import { hotelParseUrl } from "./hotel-parse-url";
import { createInProcessClient } from "./in-process-client";
import { orderCancel } from "./order-cancel";
import { orderDetail } from "./order-detail";
import { orderDocument } from "./order-document";
import { orderPaymentChange } from "./order-payment-change";
import { paymentMethods } from "./payment-methods";
import { paymentReturn } from "./payment-return";
import { paymentStart } from "./payment-start";
import { MAX_REQUEST_BYTES, requestCompressions } from "./request-bounds";
import { requestLimitsInterceptor } from "./request-limits";
import { version } from "./version";
import { voucherDetail } from "./voucher-detail";
import { voucherOrderCreate } from "./voucher-order-create";
import { voucherOrderPreview } from "./voucher-order-preview";

export type { ApiDeps } from "./deps";

/**
 * The api, served two ways by the same Connect handlers and interceptors (decision 023):
 * - `middleware`, a Node request handler for the calls under the api's mount point, which the server hands it before
 *   Express sees them (front-door.ts, decision 031);
 * - `inProcess`, the base URL and HTTP client function of a Connect transport that calls it in memory, for the web
 *   tier of the same process.
 */
export function createApi(deps: ApiDeps) {
  const forwarders = trustedForwarders(deps.config.apiTrustedForwarders);
  const ended = callEnding(deps.log, deps.metrics?.api);
  const router = createConnectRouter({
    // The first interceptor is the outermost: it sees every error, the limits' included.
    interceptors: [errorInterceptor, requestLimitsInterceptor],
    // The web tier speaks Connect; gRPC and gRPC-web would only widen what a stranger can send.
    grpc: false,
    grpcWeb: false,
    readMaxBytes: MAX_REQUEST_BYTES,
    acceptCompression: requestCompressions,
  }).service(ShopService, {
    version: version(deps),
    paymentMethods,
    hotelParseUrl: hotelParseUrl(deps),
    hotelAvailability: hotelAvailability(deps),
    hotelOrderPreview: hotelOrderPreview(deps),
    hotelOrderCreate: hotelOrderCreate(deps),
    voucherOrderPreview: voucherOrderPreview(deps),
    voucherOrderCreate: voucherOrderCreate(deps),
    voucherDetail: voucherDetail(deps),
    orderDetail: orderDetail(deps),
    orderCancel: orderCancel(deps),
    orderPaymentChange: orderPaymentChange(deps),
    orderDocument: orderDocument(deps),
    paymentStart: paymentStart(deps),
    paymentReturn: paymentReturn(deps),
    contactMessageSend: contactMessageSend(deps),
  });
  const handlers = new Map(router.handlers.map((handler) => [handler.requestPath, handler]));

  const middleware = (req: IncomingMessage, res: ServerResponse): void => {
    const record = startCallRecord(req.headers, clientAddressOfRequest(req, forwarders));
    // Set before Connect writes its head, so every answer carries them, even one Connect refuses on its own.
    for (const [name, value] of Object.entries(answerHeaders(record))) res.setHeader(name, value);
    res.on("finish", () => ended(record, procedureOf(req), res.statusCode));
    if (rejectUnservable(req, res, record)) return;
    // Every ShopService procedure has its handler (the router adds the unimplemented ones), and no other passed.
    const contextValues = createContextValues().set(clientAddressKey, record.client);
    void serveConnect(handlers.get(procedureOf(req))!, req, res, record, deps.log, contextValues);
  };
  return { middleware, inProcess: createInProcessClient(router.handlers, forwarders, ended) };
}
