import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { create, toBinary, toJson, type MessageInitShape } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { createNodeHttpClient } from "@connectrpc/connect-node";
import type { UniversalClientFn } from "@connectrpc/connect/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Currency, Lang, Product, ProductVariantSchema } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { createRpcClient, RpcFailure, type RpcClientOptions } from "./rpc-client";

/**
 * What the shop adds to connect's client (the protocol itself is connect's, and tested there), against a real
 * loopback server standing in for the api. The test picks its behaviour per call through the `X-Scenario` header;
 * every request is recorded.
 */
interface Recorded {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let baseUrl: string;
const recorded: Recorded[] = [];

const VARIANT: MessageInitShape<typeof ProductVariantSchema> = {
  product: Product.DZB_CZ,
  lang: Lang.CS,
  currency: Currency.CZK,
};

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

/** A Connect error body as the api sends it: its ErrorDetail among details of other types. */
function connectError(res: ServerResponse, code: string, detail?: MessageInitShape<typeof ErrorDetailSchema>): void {
  const details = [{ type: "some.other.Detail", value: "AAAA" }];
  if (detail) {
    const value = base64Encode(toBinary(ErrorDetailSchema, create(ErrorDetailSchema, detail)));
    details.push({ type: ErrorDetailSchema.typeName, value });
  }
  const status = code === "not_found" ? 404 : 400;
  json(res, status, { code, message: "refused", details }, { "X-Request-Id": "req-from-header" });
}

/** How many requests of each scenario the server has answered, for the scenarios that fail only at first. */
const answeredBefore = new Map<string, number>();

/**
 * Scenarios named `first-fails:<id>:<how>` fail the first request only, `<how>` being a bare HTTP status as a proxy
 * sends it, `connect-<code>` the api's Connect error of that code, or `reset` the connection dropped unanswered, as
 * when the api's process is killed; each later request is answered as `ok`.
 */
function answerFirstFailing(scenario: string, res: ServerResponse): boolean {
  const [kind, , how = ""] = scenario.split(":");
  if (kind !== "first-fails") return false;
  const answered = answeredBefore.get(scenario) ?? 0;
  answeredBefore.set(scenario, answered + 1);
  if (answered > 0) json(res, 200, { version: "1.2.3" });
  else if (how === "reset") res.socket?.destroy();
  else if (how.startsWith("connect-")) json(res, connectStatus[how.slice("connect-".length)]!, { code: how.slice(8) });
  else res.writeHead(Number(how), { "Content-Type": "text/plain" }).end("try again");
  return true;
}

/** The HTTP status of each Connect code the client tries a read again on, as the Connect protocol has it. */
const connectStatus: Record<string, number> = {
  aborted: 409,
  already_exists: 409,
  resource_exhausted: 429,
  unknown: 500,
  internal: 500,
  data_loss: 500,
  unavailable: 503,
  deadline_exceeded: 504,
};

function answer(scenario: string, res: ServerResponse): void {
  if (answerFirstFailing(scenario, res)) return;
  const [kind, arg] = scenario.split(":");
  switch (kind) {
    case "ok":
      return json(res, 200, { version: "1.2.3" });
    case "status":
      res.writeHead(Number(arg), { "Content-Type": "text/plain", "X-Request-Id": "req-from-header" });
      return void res.end("upstream says no");
    case "voucher-not-found":
      return connectError(res, "not_found", {
        code: ErrorCode.VOUCHER_NOT_FOUND,
        requestId: "req-42",
        field: "voucher_code",
      });
    case "not-found":
      return connectError(res, "not_found", arg === undefined ? undefined : { code: Number(arg), requestId: "req-42" });
    case "hang":
      return; // never answers
    case "big":
      return json(res, 200, { dockerTag: "x".repeat(5000) });
    case "gzip":
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      return void res.end(gzipSync(JSON.stringify({ version: "1.2.3" })));
    default:
      res.writeHead(500);
      return void res.end(`unknown scenario ${scenario}`);
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      recorded.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(String(req.headers["x-scenario"] ?? "ok"), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(overrides: Partial<RpcClientOptions> = {}) {
  return createRpcClient({
    api: { baseUrl },
    productVariant: VARIANT,
    headers: { "X-Session-Id": "session-1", "X-Request-Id": "req-sent" },
    ...overrides,
  });
}

function scenario(name: string) {
  return { headers: { "X-Scenario": name } };
}

/** The call's rejection, asserted to be an RpcFailure. */
async function failure(call: Promise<unknown>): Promise<RpcFailure> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcFailure);
  return error as RpcFailure;
}

/** How many requests of the scenario reached the server. */
function requestsOf(name: string): number {
  return recorded.filter((request) => request.headers["x-scenario"] === name).length;
}

function lastRequest(): Recorded {
  const last = recorded.at(-1);
  if (!last) throw new Error("no request reached the server");
  return last;
}

describe("requests", () => {
  it("POST JSON to {baseUrl}/{package.Service}/{Method} with the default timeout and visitor headers", async () => {
    const response = await client().version({});
    expect(response.version).toBe("1.2.3");
    const request = lastRequest();
    expect(request.url).toBe("/api/dzb.shop.v1.ShopService/Version");
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "connect-protocol-version": "1",
      "connect-timeout-ms": "60000",
      "x-session-id": "session-1",
      "x-request-id": "req-sent",
    });
    expect(JSON.parse(request.body)).toEqual({});
  });

  it("send a call's own headers, but not over the visitor's", async () => {
    await client().version({}, { headers: { "X-Extra": "yes", "X-Session-Id": "forged" } });
    expect(lastRequest().headers).toMatchObject({ "x-extra": "yes", "x-session-id": "session-1" });
  });

  it("carry the client's product variant where the request has one", async () => {
    await client().voucherDetail({ voucherCode: "12345678" });
    const body = JSON.parse(lastRequest().body) as Record<string, unknown>;
    expect(body.productVariant).toEqual(toJson(ProductVariantSchema, create(ProductVariantSchema, VARIANT)));
    expect(body.voucherCode).toBe("12345678");
  });

  it("keep a product variant the caller passed", async () => {
    const own = { product: Product.DZB_PL, lang: Lang.PL, currency: Currency.PLN };
    await client().voucherDetail({ voucherCode: "1", productVariant: own });
    const body = JSON.parse(lastRequest().body) as Record<string, unknown>;
    expect(body.productVariant).toEqual(toJson(ProductVariantSchema, create(ProductVariantSchema, own)));
  });
});

describe("a failed call", () => {
  it("says the code, the method and the reason, and keeps the api's detail and request id", async () => {
    const error = await failure(client().voucherDetail({ voucherCode: "00000000" }, scenario("voucher-not-found")));
    expect(error).toBeInstanceOf(ConnectError);
    expect(error.code).toBe(Code.NotFound);
    expect(error.message).toBe("[not_found] RPC request VoucherDetail failed: refused");
    expect(error.requestId).toBe("req-42");
    expect(error.findDetails(ErrorDetailSchema)[0]).toMatchObject({
      code: ErrorCode.VOUCHER_NOT_FOUND,
      field: "voucher_code",
    });
  });

  it("keeps the request as sent: headers, message and its JSON", async () => {
    const error = await failure(client().voucherDetail({ voucherCode: "00000000" }, scenario("voucher-not-found")));
    expect(error.method).toBe("VoucherDetail");
    expect(error.input).toMatchObject({ voucherCode: "00000000" });
    expect(error.json).toEqual(JSON.parse(lastRequest().body));
    expect(error.json).toMatchObject({ voucherCode: "00000000", productVariant: expect.any(Object) });
    expect(error.requestHeaders).toMatchObject({
      "content-type": "application/json",
      "connect-timeout-ms": "60000",
      "x-session-id": "session-1",
      "x-scenario": "voucher-not-found",
    });
  });

  it("takes the request id from the answer's header without a detail, else the one sent", async () => {
    const proxied = await failure(client().version({}, scenario("status:502")));
    expect(proxied.message).toBe("[unavailable] RPC request Version failed: HTTP 502");
    expect(proxied.requestId).toBe("req-from-header");

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await failure(client({ api: { baseUrl: `http://127.0.0.1:${port}/api` } }).version({}));
    expect(unreachable.code).toBe(Code.Unavailable);
    expect(unreachable.requestId).toBe("req-sent");
  });

  it("says so of a deadline too, which connect answers with an error of its own", async () => {
    const error = await failure(client().version({}, { ...scenario("hang"), timeoutMs: 50 }));
    expect(error.code).toBe(Code.DeadlineExceeded);
    expect(error.message).toBe("[deadline_exceeded] RPC request Version failed: the operation timed out");
    expect(lastRequest().headers["connect-timeout-ms"]).toBe("50");
  });

  it("is resource_exhausted for an answer over the limit", async () => {
    const error = await failure(client({ maxResponseBytes: 1024 }).version({}, scenario("big")));
    expect(error.code).toBe(Code.ResourceExhausted);
  });

  it("is internal for a compressed answer, which the client does not ask for", async () => {
    const error = await failure(client().version({}, scenario("gzip")));
    expect(error.code).toBe(Code.Internal);
    expect(lastRequest().headers["accept-encoding"]).toBeUndefined();
  });
});

describe("the api's no such page", () => {
  it.each([
    ["no such availability or preview", ErrorCode.PAGE_NOT_FOUND],
    ["no such order", ErrorCode.ORDER_NOT_FOUND],
    ["no such document of the order", ErrorCode.ORDER_DOCUMENT_UNAVAILABLE],
    ["no detail to say what", undefined],
  ])("is the 404 page: %s", async (_, code) => {
    const thrown = await client()
      .orderDetail({ orderId: "x" }, scenario(code === undefined ? "not-found" : `not-found:${code}`))
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("is not what the customer typed and the api does not know: that stays the form's message", async () => {
    const hotelNotFound = scenario(`not-found:${ErrorCode.HOTEL_NOT_FOUND}`);
    const error = await failure(client().hotelParseUrl({ url: "x" }, hotelNotFound));
    expect(error.code).toBe(Code.NotFound);
  });
});

describe("a read (a method without side effects)", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    "is tried once more after a proxy's bare %i, and answers the second try",
    async (status) => {
      const name = `first-fails:bare-${status}:${status}`;
      expect((await client().version({}, scenario(name))).version).toBe("1.2.3");
      expect(requestsOf(name)).toBe(2);
    }
  );

  it.each(Object.keys(connectStatus))("is tried once more after the api's %s", async (code) => {
    const name = `first-fails:api-${code}:connect-${code}`;
    const { hotelMethods } = await client().paymentMethods({}, scenario(name));
    expect(hotelMethods).toEqual([]);
    expect(requestsOf(name)).toBe(2);
  });

  it("is tried once more when the api's connection drops unanswered, as when its process is killed", async () => {
    const name = "first-fails:reset:reset";
    expect((await client().orderDetail({ orderId: "x" }, scenario(name))).order.case).toBeUndefined();
    expect(requestsOf(name)).toBe(2);
  });

  it("says the failure of the second try when that fails too", async () => {
    const error = await failure(client().version({}, scenario("status:503:twice")));
    expect(error.code).toBe(Code.Unavailable);
    expect(requestsOf("status:503:twice")).toBe(2);
  });

  it("is not tried again once its deadline is spent", async () => {
    const error = await failure(client().version({}, { ...scenario("hang:spent"), timeoutMs: 50 }));
    expect(error.code).toBe(Code.DeadlineExceeded);
    expect(requestsOf("hang:spent")).toBe(1);
  });

  it("is not tried again after an answer another try would not change", async () => {
    const name = `not-found:${ErrorCode.HOTEL_NOT_FOUND}:once`;
    const error = await failure(client().hotelParseUrl({ url: "x" }, scenario(name)));
    expect(error.code).toBe(Code.NotFound);
    expect(requestsOf(name)).toBe(1);
  });
});

describe("a call safe to send twice (its second sending changes nothing the first did not)", () => {
  const safeCalls = [
    [
      "a hotel order's preview",
      (name: string) => client().hotelOrderPreview({ lookup: { case: "previewId", value: "p" } }, scenario(name)),
    ],
    ["a hotel order, one per preview", (name: string) => client().hotelOrderCreate({ previewId: "p" }, scenario(name))],
    ["a payment's start", (name: string) => client().paymentStart({ orderId: "o" }, scenario(name))],
    ["a payment's return", (name: string) => client().paymentReturn({ paymentId: "a" }, scenario(name))],
  ] as const;

  it.each(safeCalls)("is sent once more when no api answered it: %s", async (what, call) => {
    for (const [failure, kind] of [["503", "a balancer found no api"], ["reset", "the api's process was killed"]]) {
      const name = `first-fails:${what} ${kind}:${failure}`;
      await call(name);
      expect(requestsOf(name), `${what}: ${kind}`).toBe(2);
    }
  });

  it("is sent once more when its connection broke as it was being sent (a broken pipe, which Connect calls internal)", async () => {
    const overNode = createNodeHttpClient({ httpVersion: "1.1" });
    let sendings = 0;
    const brokenPipeFirst: UniversalClientFn = (request) => {
      sendings += 1;
      if (sendings > 1) return overNode(request);
      return Promise.reject(Object.assign(new Error("write EPIPE"), { code: "EPIPE", syscall: "write" }));
    };
    await client({ api: { baseUrl, httpClient: brokenPipeFirst } }).hotelOrderCreate({ previewId: "p" });
    expect(sendings).toBe(2);
  });

  it.each(safeCalls)("is not sent again when the api answered, even with a failure: %s", async (what, call) => {
    const name = `first-fails:${what}:connect-internal`;
    expect((await failure(call(name))).code).toBe(Code.Internal);
    expect(requestsOf(name)).toBe(1);
  });
});

describe("a call that changes something a second sending would change again", () => {
  it.each([
    ["a voucher's check, which counts a wrong code", (name: string) => client().voucherDetail({}, scenario(name))],
    ["an order's cancellation", (name: string) => client().orderCancel({}, scenario(name))],
    ["a contact message", (name: string) => client().contactMessageSend({}, scenario(name))],
  ])("is never tried again: %s", async (what, call) => {
    const name = `first-fails:${what}:503`;
    expect((await failure(call(name))).code).toBe(Code.Unavailable);
    expect(requestsOf(name)).toBe(1);
  });
});
