/**
 * The web tier's client for the api's Connect RPC service (SPEC §7 transport, §8 error catalogue): connect-es, unary
 * Connect over JSON on HTTP/1.1. Connect does the protocol (path, headers, deadline, the HTTP status → code table,
 * the read limit, no redirects); what the shop adds is here: the visitor's headers and product variant on every
 * call, a read tried once more, what a failed call says and keeps, and the api's "no such page" as the 404 page.
 */
import { create, toJson, type DescMethod, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";
import {
  Code,
  ConnectError,
  createClient,
  createContextKey,
  createContextValues,
  type CallOptions,
  type Client,
  type Interceptor,
  type UnaryRequest,
} from "@connectrpc/connect";
import { createNodeHttpClient } from "@connectrpc/connect-node";
import { validateReadWriteMaxBytes, type UniversalClientFn } from "@connectrpc/connect/protocol";
import { createTransport } from "@connectrpc/connect/protocol-connect";
import { ProductVariantSchema } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema, type ErrorDetail } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";

/** SPEC §9. */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export type ShopClient = Client<typeof ShopService>;

/**
 * Where the api answers: over HTTP/1.1 at its address including the `/api` prefix, e.g. `http://127.0.0.1:3000/api`;
 * or, given an HTTP client function, through that, e.g. the api of this very process called in memory (decision 023).
 */
export interface ApiEndpoint {
  baseUrl: string;
  httpClient?: UniversalClientFn;
}

export interface RpcClientOptions {
  api: ApiEndpoint;
  /** Filled into every request whose `product_variant` the caller left unset. */
  productVariant: MessageInitShape<typeof ProductVariantSchema>;
  /**
   * Sent on every call over any a call passes: whom the api serves, e.g. `X-Session-Id`, and `X-Request-Id`, which
   * ties the api's logs to this page's.
   */
  headers: Record<string, string>;
  /** Default 60000 (SPEC §9); a call's `timeoutMs` overrides it. */
  defaultTimeoutMs?: number;
  /** Limit of a response body. Default 4 MiB. */
  maxResponseBytes?: number;
}

/** The shop's client; the web server makes one per request (session and variant are per visitor). */
export function createRpcClient(options: RpcClientOptions): ShopClient {
  // Connect's transport as @connectrpc/connect-node's createConnectTransport makes it, with the HTTP client given.
  const transport = createTransport({
    baseUrl: options.api.baseUrl,
    httpClient: options.api.httpClient ?? createNodeHttpClient({ httpVersion: "1.1", nodeOptions: { agent: false } }),
    useBinaryFormat: false,
    // SPEC §8 has compressed answers as errors: asking for none, the api sends none, and connect refuses any other.
    acceptCompression: [],
    sendCompression: null,
    defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...validateReadWriteMaxBytes(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, undefined, undefined),
    // The first is the outermost: the request is kept as it goes on the wire, with the headers and variant in it.
    interceptors: [
      fixedHeaders(options.headers),
      defaultProductVariant(options.productVariant),
      keepSentRequest,
      retryingSafeCalls,
    ],
  });
  return answeringFailures(createClient(ShopService, transport));
}

/** Set over a call's own headers: the api counts and logs by them, so no call may send another visitor's. */
function fixedHeaders(headers: Record<string, string>): Interceptor {
  return (next) => (req) => {
    for (const [name, value] of Object.entries(headers)) req.header.set(name, value);
    return next(req);
  };
}

/** SPEC §7: each call carries the product variant of the site, locale and currency. */
function defaultProductVariant(variant: MessageInitShape<typeof ProductVariantSchema>): Interceptor {
  return (next) => (req) => {
    const field = req.method.input.fields.find((f) => f.name === "product_variant");
    if (req.stream || !field) return next(req);
    if ((req.message as Record<string, unknown>)[field.localName] !== undefined) return next(req);
    // A copy, so a message instance the caller passed is not changed.
    return next({ ...req, message: { ...req.message, [field.localName]: create(ProductVariantSchema, variant) } });
  };
}

/** Where the innermost interceptor leaves the request as sent, for what a failed call keeps. */
const sentRequest = createContextKey<UnaryRequest | undefined>(undefined, { description: "the request as sent" });

const keepSentRequest: Interceptor = (next) => (req) => {
  if (!req.stream) req.contextValues.set(sentRequest, req);
  return next(req);
};

/**
 * The codes of the HTTP statuses on which SPEC's fetch client tries a call without a body once more (408, 409, 425,
 * 429, 500, 502, 503, 504), as Connect writes those statuses: the api's own answers (aborted and already_exists are
 * 409, resource_exhausted 429, unknown, internal and data_loss 500, unavailable 503, deadline_exceeded 504) and the
 * codes Connect reads from a proxy's bare status (unavailable for 429, 502, 503 and 504, unknown for 408, 409, 425 and
 * 500). Connect reads a few bare statuses outside the list as these codes too (400 as internal, 405 or 413 as
 * unknown): only a proxy answers so, and a read tried once more in vain costs one request. A connection refused is
 * unavailable and one reset aborted, as Node's client reports them.
 */
const retriedCodes: ReadonlySet<Code> = new Set([
  Code.Aborted,
  Code.AlreadyExists,
  Code.ResourceExhausted,
  Code.Unknown,
  Code.Internal,
  Code.DataLoss,
  Code.Unavailable,
  Code.DeadlineExceeded,
]);

/**
 * How a call fails when no api answered it: the connection was refused or cut, or the balancer in front found no api
 * or lost the one it asked (502, 503, 504). The api may or may not have done the work.
 */
const unansweredCodes: ReadonlySet<Code> = new Set([Code.Unavailable, Code.Aborted]);

/**
 * The connection closed under the request as it was being written: a balancer that lost its api answers 502 and
 * closes at once, before the body is through, and Connect calls the broken pipe internal. Nobody answered that call.
 */
const cutWhileSending: ReadonlySet<string> = new Set(["EPIPE", "ECONNRESET"]);

/**
 * How long a call that no api answered waits before it is sent again. An api killed in the middle of a call takes a
 * moment to be gone: until then its port still takes connections and drops them, and the balancer, which has not yet
 * seen it fail a check, may send the second try there too (seen in the cluster test, decision 049). Once it is gone,
 * a connection to it is refused and the balancer sends the call to another api at once.
 */
const resendUnansweredAfterMs = 300;

function unanswered(error: ConnectError): boolean {
  if (unansweredCodes.has(error.code)) return true;
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if (cutWhileSending.has((cause as NodeJS.ErrnoException).code ?? "")) return true;
  }
  return false;
}

/**
 * A call is tried once more when its first try failed in a way a second may not, and sending it twice does no harm:
 * - a read (`idempotency_level = NO_SIDE_EFFECTS`) on the statuses SPEC's fetch client retries for methods without a
 *   body (decision 048; Connect posts every call, so the contract says which are reads), or when no api answered;
 * - a call whose second sending changes nothing the first did not (`IDEMPOTENT`: an order's creation from its preview,
 *   a payment's start or return, pricing) only when no api answered: an api that did answer meant what it said
 *   (decision 049: an api killed while it worked on the call).
 * Not once the call's deadline is spent or its caller gave up: the second try runs within the same deadline.
 */
const retryingSafeCalls: Interceptor = (next) => async (req) => {
  const { idempotency } = req.method;
  const isRead = idempotency === MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS;
  if (req.stream || (!isRead && idempotency !== MethodOptions_IdempotencyLevel.IDEMPOTENT)) return next(req);
  try {
    return await next(req);
  } catch (thrown) {
    const error = ConnectError.from(thrown);
    const noAnswer = unanswered(error);
    if (req.signal.aborted || !(noAnswer || (isRead && retriedCodes.has(error.code)))) throw error;
    if (noAnswer) await pause(resendUnansweredAfterMs, req.signal);
    return next(req);
  }
};

/** Waits, or ends early when the call is given up (its next try then fails at once on the aborted signal). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * What a failed call throws is decided around the client, not in an interceptor: connect turns anything an
 * interceptor throws into a ConnectError (a Response too), and on a deadline throws its own error instead.
 */
function answeringFailures(client: ShopClient): ShopClient {
  const answering: Record<string, unknown> = {};
  for (const method of ShopService.methods) {
    type Call = (input: unknown, options: CallOptions) => Promise<unknown>;
    const call = client[method.localName as keyof ShopClient] as Call;
    answering[method.localName] = async (input: unknown, options: CallOptions = {}) => {
      const contextValues = createContextValues();
      try {
        return await call(input, { ...options, contextValues });
      } catch (raised) {
        throw failureAnswer(ConnectError.from(raised), method, contextValues.get(sentRequest));
      }
    };
  }
  return answering as ShopClient;
}

/** The catalogue codes of the api's "no such availability / preview / order / document of the order". */
const pageNotFoundCodes = [ErrorCode.PAGE_NOT_FOUND, ErrorCode.ORDER_NOT_FOUND, ErrorCode.ORDER_DOCUMENT_UNAVAILABLE];

/**
 * The api's NotFound for what the page's address names is the 404 page (SPEC §2), thrown as the Response Remix
 * renders it from; a NotFound of something the customer typed (a hotel, a voucher) is the form's message.
 */
function failureAnswer(error: ConnectError, method: DescMethod, sent: UnaryRequest | undefined): RpcFailure | Response {
  const detail = error.findDetails(ErrorDetailSchema)[0];
  if (error.code === Code.NotFound && (detail === undefined || pageNotFoundCodes.includes(detail.code))) {
    return new Response("Not Found", { status: 404 });
  }
  return new RpcFailure(error, method, detail, sent);
}

/**
 * A failed call as SPEC §8 has it: the message "[code] RPC request Method failed: reason", the request id, and the
 * request as sent (headers, message and its JSON) for the logs. Still a ConnectError: callers read its code and
 * details as connect's.
 */
export class RpcFailure extends ConnectError {
  /** The proto method name, e.g. `HotelAvailability`. */
  readonly method: string;
  /** The api's id of the request; without an answer from the api, the id the web sent. */
  readonly requestId: string | undefined;
  readonly requestHeaders: Record<string, string>;
  readonly input: unknown;
  readonly json: JsonValue | undefined;

  constructor(
    error: ConnectError,
    method: DescMethod,
    detail: ErrorDetail | undefined,
    sent: UnaryRequest | undefined,
  ) {
    super(`RPC request ${method.name} failed: ${error.rawMessage}`, error.code, error.metadata, undefined, error);
    this.details.push(...error.details);
    this.method = method.name;
    this.requestId =
      detail?.requestId || error.metadata.get("X-Request-Id") || sent?.header.get("X-Request-Id") || undefined;
    this.requestHeaders = Object.fromEntries(sent?.header.entries() ?? []);
    this.input = sent?.message;
    this.json = sent && jsonOf(method, sent);
  }
}

/** Undefined when the message cannot be written as JSON, which may be why the call failed. */
function jsonOf(method: DescMethod, sent: UnaryRequest): JsonValue | undefined {
  try {
    return toJson(method.input, sent.message);
  } catch {
    return undefined;
  }
}
