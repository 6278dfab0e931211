import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { createApi } from "../../server/api";
import { capturedLog } from "../../server/logging/captured-log.test-helper";
import { createRpcClient, RpcFailure, type ApiEndpoint, type ShopClient } from "../../server/web/rpc-client";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { czVariant, failureOf, hotelOrderSteps, now } from "../fixtures/hotel-orders";

/**
 * In ROLE=all the pages call the api of their own process in memory (decision 023). Whatever a page asks, it must
 * learn the same as over HTTP: the same answers and headers, the same errors with their details and request ids, the
 * same log line, and the same budgets kept per visitor address.
 */
describe("the api called in memory answers as over HTTP", () => {
  let api: RunningApi;
  let http: ApiEndpoint;
  let inMemory: ApiEndpoint;
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });
  const { log, lines } = capturedLog();

  beforeAll(async () => {
    api = await startApiServer({ provider: simulator, now: () => now, log });
    http = { baseUrl: api.baseUrl };
    inMemory = createApi(api.deps).inProcess;
  });

  afterAll(() => api.stop());

  /** The web tier's client for one visitor's page, as server/web/app.ts makes it. */
  const clientOf = (endpoint: ApiEndpoint, visitor = "198.51.100.1", requestId = "req-in-process-1"): ShopClient =>
    createRpcClient({
      api: endpoint,
      productVariant: czVariant,
      headers: { "X-Session-Id": "session-1", "X-Request-Id": requestId, "X-Forwarded-For": visitor },
    });

  const { availability, createOrder, preview } = hotelOrderSteps({
    client: () => clientOf(http),
    simulator,
    slugPrefix: "in-process-test",
  });

  /** What a call answered, and the headers of its answer. */
  async function answerOf(
    call: (client: ShopClient, onHeader: (header: Headers) => void) => Promise<unknown>,
    endpoint: ApiEndpoint
  ) {
    let header: Headers | undefined;
    const answer = await call(clientOf(endpoint), (h) => (header = h));
    return { answer, requestId: header?.get("X-Request-Id"), cacheControl: header?.get("Cache-Control") };
  }

  it("gives the same answers, with the same request id and cache headers", async () => {
    const { order } = await createOrder({ lastPayment: "transfer" });
    const { availabilityId } = await availability();
    const calls = [
      (client: ShopClient, onHeader: (h: Headers) => void) =>
        client.orderDetail({ orderId: order.orderId }, { onHeader }),
      (client: ShopClient, onHeader: (h: Headers) => void) =>
        client.hotelAvailability({ lookup: { case: "availabilityId", value: availabilityId } }, { onHeader }),
    ];
    for (const call of calls) {
      const overHttp = await answerOf(call, http);
      expect(overHttp).toMatchObject({ requestId: "req-in-process-1", cacheControl: "no-store" });
      expect(await answerOf(call, inMemory)).toEqual(overHttp);
    }
  });

  it("answers the page's NotFound as the 404 page", async () => {
    for (const endpoint of [http, inMemory]) {
      const thrown = await clientOf(endpoint)
        .orderDetail({ orderId: "00000000-0000-4000-8000-000000000000" })
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it("refuses an invalid request with the same error, detail and log line", async () => {
    const failures = [];
    for (const endpoint of [http, inMemory]) {
      const thrown = await clientOf(endpoint, "198.51.100.1", "req-invalid-1")
        .paymentStart({ orderId: "x", returnUrl: "x" })
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(RpcFailure);
      const failure = thrown as RpcFailure;
      failures.push({
        message: failure.message,
        code: failure.code,
        detail: failure.findDetails(ErrorDetailSchema),
        requestId: failure.requestId,
        answeredId: failure.metadata.get("X-Request-Id"),
        sent: failure.json,
      });
    }
    expect(failures[0]).toMatchObject({
      code: Code.InvalidArgument,
      requestId: "req-invalid-1",
      answeredId: "req-invalid-1",
    });
    expect(failures[0]!.detail[0]).toMatchObject({ code: ErrorCode.INVALID_UUID, field: "order_id" });
    expect(failures[1]).toEqual(failures[0]);

    // Over HTTP the line is written once the answer is sent, after the client has it.
    const linesOf = () => lines.filter((line) => line.requestId === "req-invalid-1");
    await vi.waitFor(() => expect(linesOf()).toHaveLength(2));
    // Alike but for when each was written and how long each call took.
    const [overHttp, inProcess] = linesOf().map(({ time: _time, durationMs: _durationMs, ...line }) => line);
    expect(overHttp).toMatchObject({
      level: "warn",
      msg: "api call failed",
      requestId: "req-invalid-1",
      sessionId: "session-1",
      rpc: "PaymentStart",
      httpStatus: 400,
      code: "invalid_argument",
      errorCode: "INVALID_UUID",
      field: "order_id",
      client: "198.51.100.1",
    });
    expect(inProcess).toEqual(overHttp);
  });

  it("counts wrong voucher codes per visitor address, one budget over both ways", async () => {
    const { previewId } = await preview({ lastPayment: "transfer" });
    const reprice = (client: ShopClient, voucherCodes: string[]) =>
      client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: previewId },
        paymentRequest: { voucherCodes, lastPayment: "transfer" },
      });
    const wrong = Array.from({ length: 10 }, (_, i) => String(16_000_000 + i));
    const visitor = "198.51.100.70";

    // Ten wrong codes, five in memory and five over HTTP, spend the visitor's budget.
    await reprice(clientOf(inMemory, visitor), wrong.slice(0, 5));
    await reprice(clientOf(http, visitor), wrong.slice(5, 10));
    const exhausted = { code: Code.ResourceExhausted, errorCode: ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED };
    for (const endpoint of [inMemory, http]) {
      expect(await failureOf(reprice(clientOf(endpoint, visitor), ["16999999"]))).toMatchObject(exhausted);
    }
    // Another visitor of the same web tier has a budget of its own, in memory as over HTTP.
    for (const endpoint of [inMemory, http]) {
      await expect(reprice(clientOf(endpoint, "198.51.100.71"), ["16999998"])).resolves.toBeDefined();
    }
  });
});
