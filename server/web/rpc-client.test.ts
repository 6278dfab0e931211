import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { create, toBinary, toJson, type MessageInitShape } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Currency, Environment, Lang, Product, ProductVariantSchema } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { codeFromHttpStatus, createRpcClient, RPC_CODES, RpcError, type RpcClientOptions } from "./rpc-client";

/**
 * A real loopback server standing in for the api. The test picks its behaviour per call through the
 * `X-Scenario` header (an extra header, which the client must pass through); every request is recorded.
 */
interface Recorded {
  method: string;
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

function errorDetailBase64(init: MessageInitShape<typeof ErrorDetailSchema>): string {
  return base64Encode(toBinary(ErrorDetailSchema, create(ErrorDetailSchema, init)));
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function answer(scenario: string, res: ServerResponse): void {
  const [kind, arg] = scenario.split(":");
  switch (kind) {
    case "ok":
      return json(res, 200, { env: "ENVIRONMENT_TEST", version: "1.2.3", uptime: "3723.5s", notInTheContract: true });
    case "status":
      res.writeHead(Number(arg), { "Content-Type": "text/plain", "X-Request-Id": "req-from-header" });
      return void res.end("upstream says no");
    case "connect-error":
      return json(
        res,
        404,
        {
          code: "not_found",
          message: "voucher not found",
          details: [
            { type: "some.other.Detail", value: "AAAA" },
            {
              type: "dzb.shop.v1.ErrorDetail",
              value: errorDetailBase64({ code: ErrorCode.VOUCHER_NOT_FOUND, requestId: "req-42", field: "voucher_code" }),
              debug: { requestId: "req-42" },
            },
          ],
        },
        { "X-Request-Id": "req-from-header" },
      );
    case "json-unknown-code":
      return json(res, 503, { code: "no_such_code", message: "draining" });
    case "json-not-connect":
      return json(res, 502, ["not", "an", "error"]);
    case "hang":
      return; // never answers
    case "redirect":
      res.writeHead(302, { Location: "/elsewhere" });
      return void res.end();
    case "big": {
      // Chunked, no Content-Length: the limit must hold while streaming.
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(`{"dockerTag":"`);
      res.write("x".repeat(5000));
      return void res.end(`"}`);
    }
    case "big-declared": {
      const body = JSON.stringify({ dockerTag: "x".repeat(5000) });
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
      return void res.end(body);
    }
    case "html":
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void res.end("<html></html>");
    case "proto":
      res.writeHead(200, { "Content-Type": "application/proto" });
      return void res.end();
    case "gzip":
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      return void res.end(gzipSync(JSON.stringify({ version: "1.2.3" })));
    case "not-json":
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      return void res.end("{oops");
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
      recorded.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
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
  return createRpcClient({ baseUrl, sessionId: "session-1", productVariant: VARIANT, ...overrides });
}

function scenario(name: string) {
  return { headers: { "X-Scenario": name } };
}

/** The call's rejection, asserted to be an RpcError. */
async function failure(call: Promise<unknown>): Promise<RpcError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcError);
  return error as RpcError;
}

function lastRequest(): Recorded {
  const last = recorded.at(-1);
  if (!last) throw new Error("no request reached the server");
  return last;
}

describe("requests", () => {
  it("POSTs JSON to {baseUrl}/{package.Service}/{Method} with the protocol headers", async () => {
    const response = await client().version({});
    expect(response.version).toBe("1.2.3");
    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/dzb.shop.v1.ShopService/Version");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["connect-protocol-version"]).toBe("1");
    expect(request.headers["connect-timeout-ms"]).toBe("60000");
    expect(request.headers["x-session-id"]).toBe("session-1");
    expect(JSON.parse(request.body)).toEqual({});
  });

  it("tolerates a trailing slash on the base URL", async () => {
    await client({ baseUrl: `${baseUrl}/` }).version({});
    expect(lastRequest().url).toBe("/api/dzb.shop.v1.ShopService/Version");
  });

  it("sends the per-call timeout, then the client default", async () => {
    await client().version({}, { timeoutMs: 1234 });
    expect(lastRequest().headers["connect-timeout-ms"]).toBe("1234");
    await client({ defaultTimeoutMs: 5000 }).version({});
    expect(lastRequest().headers["connect-timeout-ms"]).toBe("5000");
  });

  it("sends extra headers, but not over the protocol's own", async () => {
    await client().version({}, { headers: { "X-Extra": "yes", "X-Session-Id": "forged", "Connect-Protocol-Version": "9" } });
    const { headers } = lastRequest();
    expect(headers["x-extra"]).toBe("yes");
    expect(headers["x-session-id"]).toBe("session-1");
    expect(headers["connect-protocol-version"]).toBe("1");
  });

  it("sends the client's headers on every call, below per-call ones", async () => {
    const withHeaders = client({ headers: { "X-Request-Id": "req-1", "X-Trace": "client" } });
    await withHeaders.version({}, { headers: { "X-Trace": "call" } });
    expect(lastRequest().headers).toMatchObject({ "x-request-id": "req-1", "x-trace": "call" });
  });

  it("fills the client's product variant into requests that have one", async () => {
    await client().voucherDetail({ voucherCode: "12345678" });
    const body = JSON.parse(lastRequest().body) as Record<string, unknown>;
    expect(body.productVariant).toEqual(toJson(ProductVariantSchema, create(ProductVariantSchema, VARIANT)));
    expect(body.voucherCode).toBe("12345678");
  });

  it("keeps a product variant the caller passed", async () => {
    const own = { product: Product.DZB_PL, lang: Lang.PL, currency: Currency.PLN };
    await client().voucherDetail({ voucherCode: "1", productVariant: own });
    const body = JSON.parse(lastRequest().body) as Record<string, unknown>;
    expect(body.productVariant).toEqual(toJson(ProductVariantSchema, create(ProductVariantSchema, own)));
  });

  it("ignores unknown response fields", async () => {
    const response = await client().version({});
    expect(response).toMatchObject({ env: Environment.TEST, version: "1.2.3" });
    expect(response.uptime).toMatchObject({ seconds: 3723n, nanos: 500_000_000 });
  });
});

describe("errors", () => {
  it.each([
    [400, "internal"],
    [401, "unauthenticated"],
    [403, "permission_denied"],
    [404, "unimplemented"],
    [429, "unavailable"],
    [502, "unavailable"],
    [503, "unavailable"],
    [504, "unavailable"],
    [418, "unknown"],
    [500, "unknown"],
    [501, "unknown"],
  ] as const)("maps HTTP %i without a Connect body to %s", async (status, code) => {
    const error = await failure(client().version({}, scenario(`status:${status}`)));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`[${code}] RPC request Version failed: HTTP ${status}`);
    expect(error.requestId).toBe("req-from-header");
    expect(error.detail).toBeUndefined();
  });

  it("maps every status outside the table to unknown (property)", () => {
    const table = new Set([400, 401, 403, 404, 429, 502, 503, 504]);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 999 }).filter((s) => !table.has(s)),
        (status) => codeFromHttpStatus(status) === "unknown",
      ),
    );
  });

  it("maps every status outside the table to unknown over the wire too (property)", async () => {
    const table = new Set([400, 401, 403, 404, 429, 502, 503, 504]);
    // Bodiless statuses carry no error to read; fetch itself turns a 407 (a proxy's demand) into a network error.
    const notAnswers = [204, 205, 304, 407];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 201, max: 599 }).filter((s) => !table.has(s) && !notAnswers.includes(s)),
        async (status) => {
          const error = await failure(client().version({}, scenario(`status:${status}`)));
          return error.code === "unknown" && error.status === status;
        },
      ),
      { numRuns: 20 },
    );
  });

  it("gives unavailable for a 407, which fetch refuses as a network error before the client sees it", async () => {
    const error = await failure(client().version({}, scenario("status:407")));
    expect(error.code).toBe("unavailable");
  });

  it("takes code, message and the ErrorDetail from a Connect error body", async () => {
    const error = await failure(client().voucherDetail({ voucherCode: "00000000" }, scenario("connect-error")));
    expect(error.code).toBe("not_found");
    expect(error.status).toBe(404);
    expect(error.message).toBe("[not_found] RPC request VoucherDetail failed: voucher not found");
    expect(error.requestId).toBe("req-42");
    expect(error.detail).toMatchObject({ code: ErrorCode.VOUCHER_NOT_FOUND, requestId: "req-42", field: "voucher_code" });
  });

  it("falls back to the status when a JSON error body has an unknown code", async () => {
    const error = await failure(client().version({}, scenario("json-unknown-code")));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe("[unavailable] RPC request Version failed: draining");
  });

  it("falls back to the status when a JSON body is no Connect error", async () => {
    const error = await failure(client().version({}, scenario("json-not-connect")));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe("[unavailable] RPC request Version failed: HTTP 502");
  });

  it("keeps the request headers, the input and the JSON sent", async () => {
    const input = { voucherCode: "00000000" };
    const error = await failure(client().voucherDetail(input, { headers: { "X-Scenario": "connect-error" } }));
    expect(error.method).toBe("VoucherDetail");
    expect(error.input).toBe(input);
    expect(error.json).toEqual(JSON.parse(lastRequest().body));
    expect(error.json).toMatchObject({ voucherCode: "00000000", productVariant: expect.any(Object) });
    expect(error.requestHeaders).toMatchObject({
      "content-type": "application/json",
      "connect-protocol-version": "1",
      "connect-timeout-ms": "60000",
      "x-session-id": "session-1",
      "x-scenario": "connect-error",
    });
  });

  it("gives deadline_exceeded when the server does not answer in time", async () => {
    const error = await failure(client().version({}, { ...scenario("hang"), timeoutMs: 50 }));
    expect(error.code).toBe("deadline_exceeded");
    expect(error.message).toBe("[deadline_exceeded] RPC request Version failed: the operation timed out");
    expect(lastRequest().headers["connect-timeout-ms"]).toBe("50");
  });

  it("gives deadline_exceeded for a non-positive timeout without calling", async () => {
    const before = recorded.length;
    const error = await failure(client().version({}, { timeoutMs: 0 }));
    expect(error.code).toBe("deadline_exceeded");
    expect(recorded.length).toBe(before);
  });

  it("gives canceled when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = client().version({}, { ...scenario("hang"), signal: controller.signal });
    const before = recorded.length;
    while (recorded.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await failure(pending);
    expect(error.code).toBe("canceled");
    expect(error.message).toBe("[canceled] RPC request Version failed: the operation was aborted");
  });

  it("gives canceled for a signal aborted before the call", async () => {
    const error = await failure(client().version({}, { signal: AbortSignal.abort() }));
    expect(error.code).toBe("canceled");
  });

  it("does not follow a redirect", async () => {
    const before = recorded.length;
    const error = await failure(client().version({}, scenario("redirect")));
    expect(error.code).toBe("unknown");
    expect(error.status).toBe(302);
    expect(error.reason).toContain("HTTP 302");
    expect(recorded.length).toBe(before + 1);
    expect(lastRequest().url).not.toBe("/elsewhere");
  });

  it("gives resource_exhausted for a body over the limit while streaming", async () => {
    const error = await failure(client({ maxResponseBytes: 1024 }).version({}, scenario("big")));
    expect(error.code).toBe("resource_exhausted");
    expect(error.message).toBe(
      "[resource_exhausted] RPC request Version failed: message size is larger than configured maxResponseBytes 1024",
    );
  });

  it("gives resource_exhausted for a declared Content-Length over the limit", async () => {
    const error = await failure(client({ maxResponseBytes: 1024 }).version({}, scenario("big-declared")));
    expect(error.code).toBe("resource_exhausted");
  });

  it("reads a body within the limit", async () => {
    await expect(client({ maxResponseBytes: 10_000 }).version({}, scenario("big"))).resolves.toMatchObject({
      dockerTag: "x".repeat(5000),
    });
  });

  it("refuses a 200 that is not JSON as unknown", async () => {
    const error = await failure(client().version({}, scenario("html")));
    expect(error.code).toBe("unknown");
    expect(error.message).toBe(
      "[unknown] RPC request Version failed: unsupported content type text/html; charset=utf-8",
    );
  });

  it("refuses a 200 in another Connect content type as internal", async () => {
    const error = await failure(client().version({}, scenario("proto")));
    expect(error.code).toBe("internal");
  });

  it("refuses a compressed response", async () => {
    const error = await failure(client().version({}, scenario("gzip")));
    expect(error.code).toBe("internal");
    expect(error.message).toBe('[internal] RPC request Version failed: unsupported response encoding "gzip"');
    expect(lastRequest().headers["accept-encoding"]).toBe("identity");
  });

  it("gives internal for a 200 body that is not valid JSON", async () => {
    const error = await failure(client().version({}, scenario("not-json")));
    expect(error.code).toBe("internal");
    expect(error.reason).toMatch(/^cannot decode response: /);
  });

  it("gives unavailable when the api cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = client({ baseUrl: `http://127.0.0.1:${port}/api`, headers: { "X-Request-Id": "req-sent" } });
    const error = await failure(unreachable.version({}));
    expect(error.code).toBe("unavailable");
    expect(error.message).toMatch(/^\[unavailable\] RPC request Version failed: fetch failed/);
    expect(error.json).toEqual({});
    expect(error.requestId).toBe("req-sent");
  });

  it("uses an injected fetch", async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    await client({ fetch: spy }).version({});
    expect(seen).toEqual([`${baseUrl}/dzb.shop.v1.ShopService/Version`]);
  });

  it("knows the standard 16 codes, canceled through unauthenticated", () => {
    expect(RPC_CODES).toHaveLength(16);
    expect(RPC_CODES[0]).toBe("canceled");
    expect(RPC_CODES.at(-1)).toBe("unauthenticated");
  });
});
