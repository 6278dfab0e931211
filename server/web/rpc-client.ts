/**
 * The web tier's client for the api's Connect RPC service (SPEC §7 transport, §8 error catalogue).
 *
 * Unary Connect over JSON only: POST `{baseUrl}/{package.Service}/{Method}`, no compression, no redirects.
 * Every failure, whatever its origin (HTTP status, Connect error body, timeout, abort, network, decoding), is raised
 * as one `RpcError` carrying the Connect code, so loaders and actions handle a single error type.
 */
import {
  create,
  fromBinary,
  fromJson,
  toJson,
  type DescMessage,
  type DescMethod,
  type DescMethodUnary,
  type DescService,
  type JsonValue,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import { base64Decode } from "@bufbuild/protobuf/wire";
import type { ProductVariantSchema } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorDetailSchema, type ErrorDetail } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";

/** The standard 16 Connect codes, canceled through unauthenticated, as they appear on the wire. */
export const RPC_CODES = [
  "canceled",
  "unknown",
  "invalid_argument",
  "deadline_exceeded",
  "not_found",
  "already_exists",
  "permission_denied",
  "resource_exhausted",
  "failed_precondition",
  "aborted",
  "out_of_range",
  "unimplemented",
  "internal",
  "unavailable",
  "data_loss",
  "unauthenticated",
] as const;

export type RpcCode = (typeof RPC_CODES)[number];

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export function isRpcCode(value: unknown): value is RpcCode {
  return typeof value === "string" && (RPC_CODES as readonly string[]).includes(value);
}

/** SPEC §8: the code of a non-200 response that does not carry a Connect error body. */
export function codeFromHttpStatus(status: number): RpcCode {
  switch (status) {
    case 400:
      return "internal";
    case 401:
      return "unauthenticated";
    case 403:
      return "permission_denied";
    case 404:
      return "unimplemented";
    case 429:
    case 502:
    case 503:
    case 504:
      return "unavailable";
    default:
      return "unknown";
  }
}

export interface RpcErrorInit {
  code: RpcCode;
  /** The proto method name, e.g. `HotelAvailability`. */
  method: string;
  reason: string;
  /** HTTP status of the response, when there was one. */
  status?: number;
  requestId?: string;
  detail?: ErrorDetail;
  requestHeaders: Record<string, string>;
  input: unknown;
  json: JsonValue | undefined;
  cause?: unknown;
}

export class RpcError extends Error {
  readonly code: RpcCode;
  readonly method: string;
  /** The reason alone, without the `[code] RPC request … failed:` prefix: the server's message when it sent one. */
  readonly reason: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  /** The api's `dzb.shop.v1.ErrorDetail` (catalogue key, request id, field), when the error body carried one. */
  readonly detail: ErrorDetail | undefined;
  readonly requestHeaders: Record<string, string>;
  /** The input as the caller passed it. */
  readonly input: unknown;
  /** The JSON request body that was sent (undefined when the input could not be serialized). */
  readonly json: JsonValue | undefined;

  constructor(init: RpcErrorInit) {
    super(`[${init.code}] RPC request ${init.method} failed: ${init.reason}`, { cause: init.cause });
    this.name = "RpcError";
    this.code = init.code;
    this.method = init.method;
    this.reason = init.reason;
    this.status = init.status;
    this.requestId = init.requestId;
    this.detail = init.detail;
    this.requestHeaders = init.requestHeaders;
    this.input = init.input;
    this.json = init.json;
  }
}

export interface RpcCallOptions {
  /** Deadline of this call in ms; sent as `Connect-Timeout-Ms` and enforced locally. */
  timeoutMs?: number;
  /** Aborting it fails the call with `canceled` (or `deadline_exceeded` when its reason is a TimeoutError). */
  signal?: AbortSignal;
  /** Extra request headers; the protocol's own headers cannot be overridden by them. */
  headers?: HeadersInit;
}

export interface ServiceClientOptions {
  /** The api address including the `/api` prefix, e.g. `http://127.0.0.1:3000/api`. */
  baseUrl: string;
  /** Sent as `X-Session-Id` on every call. */
  sessionId: string;
  /** Filled into every request message that has a `product_variant` field the caller left unset. */
  productVariant?: Record<string, unknown>;
  /** Default 60000 (SPEC §9). */
  defaultTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Limit of a response body, enforced while reading the stream. Default 4 MiB. */
  maxResponseBytes?: number;
  /** Headers sent on every call (e.g. trace context), below per-call headers. */
  headers?: HeadersInit;
  /** The message type whose binary form error details carry; decoded into `RpcError.detail`. */
  errorDetailSchema?: DescMessage;
}

/** One promise-returning function per unary method of the service, keyed by the method's local name. */
export type RpcClient<S extends DescService> = {
  [K in keyof S["method"] as S["method"][K] extends DescMethodUnary ? K : never]: S["method"][K] extends DescMethodUnary<
    infer I,
    infer O
  >
    ? (input: MessageInitShape<I>, options?: RpcCallOptions) => Promise<MessageShape<O>>
    : never;
};

export type ShopClient = RpcClient<typeof ShopService>;

export interface RpcClientOptions extends Omit<ServiceClientOptions, "productVariant" | "errorDetailSchema"> {
  productVariant: MessageInitShape<typeof ProductVariantSchema>;
}

/** The shop's client; the web server makes one per request (session and variant are per visitor). */
export function createRpcClient(options: RpcClientOptions): ShopClient {
  return createServiceClient(ShopService, { ...options, errorDetailSchema: ErrorDetailSchema });
}

/** A client for any service whose unary methods speak Connect JSON; `createRpcClient` is this for the shop. */
export function createServiceClient<S extends DescService>(service: S, options: ServiceClientOptions): RpcClient<S> {
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    if (method.methodKind !== "unary") continue;
    client[method.localName] = (input: MessageInitShape<DescMessage>, callOptions?: RpcCallOptions) =>
      callUnary(service, method, input, options, callOptions ?? {});
  }
  return client as RpcClient<S>;
}

async function callUnary(
  service: DescService,
  method: DescMethod,
  input: MessageInitShape<DescMessage>,
  options: ServiceClientOptions,
  callOptions: RpcCallOptions,
): Promise<MessageShape<DescMessage>> {
  // Timers overflow past 2^31-1 ms (and would fire at once), so a longer deadline is cut to that.
  const timeoutMs = Math.min(callOptions.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS, 2 ** 31 - 1);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/${service.typeName}/${method.name}`;

  const headers = new Headers(options.headers);
  new Headers(callOptions.headers).forEach((value, key) => headers.set(key, value));
  headers.set("Content-Type", "application/json");
  headers.set("Connect-Protocol-Version", "1");
  headers.set("Connect-Timeout-Ms", String(Math.max(0, Math.ceil(timeoutMs))));
  // Undici decompresses gzip transparently, but a compressed body is refused below, so ask for none.
  headers.set("Accept-Encoding", "identity");
  headers.set("X-Session-Id", options.sessionId);
  const requestHeaders = Object.fromEntries(headers.entries());

  let json: JsonValue | undefined;
  // Without an id from the api (no answer, or a proxy's), the id we sent still ties the failure to the logs.
  const fail = (init: Omit<RpcErrorInit, "method" | "requestHeaders" | "input" | "json">): RpcError =>
    new RpcError({
      ...init,
      requestId: init.requestId ?? requestHeaders["x-request-id"],
      method: method.name,
      requestHeaders,
      input,
      json,
    });

  let body: string;
  try {
    json = toJson(method.input, create(method.input, withProductVariant(method.input, input, options.productVariant)));
    body = JSON.stringify(json);
  } catch (cause) {
    throw fail({ code: "internal", reason: `cannot encode request: ${messageOf(cause)}`, cause });
  }

  if (!(timeoutMs > 0)) throw fail({ code: "deadline_exceeded", reason: "the operation timed out" });
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, deadline]) : deadline;

  // Why a call stopped early: the caller's signal wins over our deadline when both fired.
  const interruption = (cause: unknown): RpcError | undefined => {
    const callerSignal = callOptions.signal;
    if (callerSignal?.aborted) {
      const timedOut = callerSignal.reason instanceof Error && callerSignal.reason.name === "TimeoutError";
      return timedOut
        ? fail({ code: "deadline_exceeded", reason: "the operation timed out", cause })
        : fail({ code: "canceled", reason: "the operation was aborted", cause });
    }
    if (deadline.aborted) return fail({ code: "deadline_exceeded", reason: "the operation timed out", cause });
    return undefined;
  };

  const fetchImpl = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, { method: "POST", headers, body, redirect: "manual", signal });
  } catch (cause) {
    throw interruption(cause) ?? fail({ code: "unavailable", reason: networkReason(cause), cause });
  }

  const headerRequestId = response.headers.get("X-Request-Id") ?? undefined;
  const encoding = response.headers.get("Content-Encoding");
  const compressed = encoding !== null && encoding.trim().toLowerCase() !== "identity";
  const contentType = response.headers.get("Content-Type");
  const isJson = contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());

  if (response.status !== 200) {
    const statusError = (connectError?: ConnectErrorBody) => {
      const detail = connectError && decodeErrorDetail(connectError.details, options.errorDetailSchema);
      return fail({
        code: isRpcCode(connectError?.code) ? connectError.code : codeFromHttpStatus(response.status),
        reason: connectError?.message || statusReason(response),
        status: response.status,
        requestId: detail?.requestId || headerRequestId,
        detail,
      });
    };
    if (!isJson || compressed) {
      await discard(response);
      throw statusError();
    }
    let text: string;
    try {
      text = await readLimited(response, maxBytes);
    } catch (cause) {
      throw interruption(cause) ?? statusError();
    }
    throw statusError(parseConnectErrorBody(text));
  }

  if (compressed) {
    await discard(response);
    throw fail({
      code: "internal",
      reason: `unsupported response encoding "${encoding}"`,
      status: 200,
      requestId: headerRequestId,
    });
  }
  if (!isJson) {
    await discard(response);
    // As connect-es: another Connect content type is a protocol mismatch (internal), anything else is unknown.
    const connectType = contentType !== null && /^application\/(proto|connect\+)/i.test(contentType.trim());
    throw fail({
      code: connectType ? "internal" : "unknown",
      reason: `unsupported content type ${contentType ?? "(none)"}`,
      status: 200,
      requestId: headerRequestId,
    });
  }

  let text: string;
  try {
    text = await readLimited(response, maxBytes);
  } catch (cause) {
    if (cause instanceof TooLarge) {
      throw fail({
        code: "resource_exhausted",
        reason: `message size is larger than configured maxResponseBytes ${maxBytes}`,
        status: 200,
        requestId: headerRequestId,
      });
    }
    throw (
      interruption(cause) ??
      fail({ code: "unavailable", reason: networkReason(cause), status: 200, requestId: headerRequestId, cause })
    );
  }

  try {
    return fromJson(method.output, JSON.parse(text) as JsonValue, { ignoreUnknownFields: true });
  } catch (cause) {
    throw fail({
      code: "internal",
      reason: `cannot decode response: ${messageOf(cause)}`,
      status: 200,
      requestId: headerRequestId,
      cause,
    });
  }
}

/** The client's variant goes into every request that has a `product_variant` field the caller left unset. */
function withProductVariant(
  schema: DescMessage,
  input: MessageInitShape<DescMessage>,
  productVariant: Record<string, unknown> | undefined,
): MessageInitShape<DescMessage> {
  const field = schema.fields.find((f) => f.name === "product_variant");
  if (!field || field.fieldKind !== "message" || productVariant === undefined) return input;
  const given = (input as Record<string, unknown>)[field.localName];
  if (given !== undefined && given !== null) return input;
  // A copy, so a message instance the caller passed is not mutated.
  return { ...input, [field.localName]: create(field.message, productVariant) } as MessageInitShape<DescMessage>;
}

interface ConnectErrorBody {
  code?: unknown;
  message?: string;
  details: { type: string; value: string }[];
}

/** A Connect error body `{code, message, details: [{type, value: base64, debug?}]}`, or undefined for anything else. */
function parseConnectErrorBody(text: string): ConnectErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const body = parsed as Record<string, unknown>;
  const details = Array.isArray(body.details)
    ? body.details.filter(
        (d): d is { type: string; value: string } =>
          typeof d === "object" && d !== null && typeof d.type === "string" && typeof d.value === "string",
      )
    : [];
  return { code: body.code, message: typeof body.message === "string" ? body.message : undefined, details };
}

function decodeErrorDetail(
  details: { type: string; value: string }[],
  schema: DescMessage | undefined,
): ErrorDetail | undefined {
  if (!schema) return undefined;
  for (const detail of details) {
    if (detail.type !== schema.typeName) continue;
    try {
      return fromBinary(schema, base64Decode(detail.value)) as unknown as ErrorDetail;
    } catch {
      // A detail we cannot decode must not hide the error itself.
    }
  }
  return undefined;
}

class TooLarge extends Error {}

/** Reads the body as UTF-8, giving up as soon as it passes `maxBytes` rather than after buffering all of it. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw new TooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Frees the connection of a response whose body we will not read. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function statusReason(response: Response): string {
  if (response.type === "opaqueredirect") return "redirect not followed";
  const location = response.headers.get("Location");
  const redirect = response.status >= 300 && response.status < 400 && location ? ` (redirect to ${location} not followed)` : "";
  return `HTTP ${response.status}${redirect}`;
}

function networkReason(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause !== undefined ? `: ${messageOf(cause.cause)}` : "";
  return `${messageOf(cause)}${inner}`;
}

function messageOf(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
