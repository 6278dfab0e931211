import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { InvalidVoucherReason } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { issueCreditVoucher } from "../../server/stores/vouchers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { customer, czVariant, failureOf, hotelOrderSteps, now, type PaymentRequestInit } from "../fixtures/hotel-orders";

/**
 * Voucher codes cannot be guessed through the api (issue 12, decision 015): at most 5 codes a request, at most 10
 * wrong codes a client per 15 minutes on every api instance, and nothing answered while that budget is spent.
 */
describe.each(databaseTargets())("voucher code guessing, $name", (target) => {
  let testDb: TestDatabase;
  let databases: OpenDatabase[];
  /** Two instances trusting the loopback as their forwarder (the default), one trusting another address only. */
  let apis: RunningApi[];
  let untrustingApi: RunningApi;
  let instant = now.getTime();
  const clock = () => new Date(instant);
  const simulator = createSimulatorProvider({ now: clock, delay: async () => {} });
  const config = loadConfig({ ENV: "test", NODE_ENV: "test" });

  beforeAll(async () => {
    testDb = await target.create();
    // Two api instances on two connections where the database allows it, as two processes would run.
    databases = [await testDb.open()];
    if (target.multiInstance) databases.push(await testDb.open());
    apis = await Promise.all(
      [0, 1].map((i) =>
        startApiServer({ config, db: databases[i % databases.length]!.db, provider: simulator, now: clock })
      )
    );
    untrustingApi = await startApiServer({
      config: loadConfig({ ENV: "test", NODE_ENV: "test", API_TRUSTED_FORWARDERS: "192.0.2.1" }),
      db: databases[0]!.db,
      provider: simulator,
      now: clock,
    });
  });

  afterAll(async () => {
    await Promise.all([...apis, untrustingApi].map((api) => api.stop()));
    await Promise.all(databases.map((d) => d.close()));
    await testDb.dispose();
  });

  /** A client of `api` that says it forwards the visitor at `visitor`, as the web tier does. */
  const clientOf = (api: RunningApi, visitor?: string): Client<typeof ShopService> => {
    const forwarding: Interceptor = (next) => (req) => {
      if (visitor) req.header.set("X-Forwarded-For", visitor);
      return next(req);
    };
    const interceptors = [forwarding];
    return createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1", interceptors }));
  };

  const { preview } = hotelOrderSteps({ client: () => clientOf(apis[0]!), simulator, slugPrefix: "guessing-test" });

  /** A preview made without codes, which any client may then re-price with codes. */
  const previewId = async () => (await preview({ lastPayment: "transfer" })).previewId;

  /** Ten wrong codes of a kind no other test uses: eight digits starting with `prefix`. */
  const wrongCodes = (prefix: string, count = 10) =>
    Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(8 - prefix.length, "0")}`);

  const reprice = (client: Client<typeof ShopService>, id: string, voucherCodes: string[]) =>
    client.hotelOrderPreview({
      productVariant: czVariant,
      lookup: { case: "previewId", value: id },
      paymentRequest: { voucherCodes, lastPayment: "transfer" },
    });

  /** Spends a client's whole budget, five wrong codes a request, each answered as not found. */
  async function spendBudget(client: Client<typeof ShopService>, id: string, codes: string[]) {
    for (const batch of [codes.slice(0, 5), codes.slice(5, 10)]) {
      const answer = await reprice(client, id, batch);
      const invalid = answer.orderPreview!.paymentCalculation!.vouchersUsage!.invalidVouchers;
      expect(invalid.map((v) => v.reason)).toEqual(batch.map(() => InvalidVoucherReason.NOT_FOUND));
    }
  }

  const exhausted = { code: Code.ResourceExhausted, errorCode: ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED };

  /** The seconds the api tells the client to wait, read from the error's detail. */
  async function retryAfterOf(call: Promise<unknown>): Promise<number> {
    const error = await call.then(
      () => expect.fail("the call should fail"),
      (e: unknown) => e
    );
    const [detail] = ConnectError.from(error).findDetails(ErrorDetailSchema);
    return detail?.retryAfterSeconds ?? 0;
  }

  const realVoucher = () =>
    issueCreditVoucher(databases[0]!.db, { currency: "CZK", value: 10_000, validFrom: "2026-11-01", validTo: "2027-10-31" });

  it("refuses more than 5 codes in one preview or order, naming the list", async () => {
    const id = await previewId();
    const six = wrongCodes("11", 6);
    expect(await failureOf(reprice(clientOf(apis[0]!, "198.51.100.10"), id, six))).toEqual({
      code: Code.InvalidArgument,
      errorCode: ErrorCode.VOUCHER_CODES_TOO_MANY,
      field: "payment_request.voucher_codes",
    });
    const paymentRequest: PaymentRequestInit = { voucherCodes: six, lastPayment: "transfer" };
    const order = clientOf(apis[0]!, "198.51.100.10").hotelOrderCreate({
      productVariant: czVariant,
      previewId: id,
      paymentRequest,
      order: customer,
    });
    expect(await failureOf(order)).toMatchObject({ errorCode: ErrorCode.VOUCHER_CODES_TOO_MANY });
  });

  it("answers 10 wrong codes, refuses the 11th with 429 and when to retry, then refuses a real code too", async () => {
    const visitor = "198.51.100.20";
    const client = clientOf(apis[0]!, visitor);
    const id = await previewId();
    await spendBudget(client, id, wrongCodes("12"));

    expect(await failureOf(reprice(client, id, ["12999999"]))).toEqual({
      ...exhausted,
      field: "payment_request.voucher_codes",
    });
    const retryAfter = await retryAfterOf(reprice(client, id, ["12999998"]));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // On the wire: HTTP 429 with the Connect code, as any client sees it.
    const real = await realVoucher();
    const response = await fetch(`${apis[0]!.baseUrl}/dzb.shop.v1.ShopService/HotelOrderPreview`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": visitor },
      body: JSON.stringify({
        productVariant: { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" },
        previewId: id,
        paymentRequest: { voucherCodes: [real.code], lastPayment: "transfer" },
      }),
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { code: string }).code).toBe("resource_exhausted");

    // Ordering with the real code is refused as well: the budget guards every lookup of a code.
    const paymentRequest = { voucherCodes: [real.code], lastPayment: "transfer" };
    const order = client.hotelOrderCreate({ productVariant: czVariant, previewId: id, paymentRequest, order: customer });
    expect(await failureOf(order)).toMatchObject(exhausted);
    // Without codes the customer can still pay otherwise.
    await expect(reprice(client, id, [])).resolves.toMatchObject({ previewId: id });
  });

  it("counts a wrong code tried again once", async () => {
    const client = clientOf(apis[0]!, "198.51.100.30");
    const id = await previewId();
    for (let attempt = 0; attempt < 15; attempt += 1) await reprice(client, id, ["13000000"]);
    await spendBudget(client, id, ["13000000", ...wrongCodes("131", 9)]);
    expect(await failureOf(reprice(client, id, ["13999999"]))).toMatchObject(exhausted);
  });

  it("keeps one budget over every api instance on the database", async () => {
    const visitor = "198.51.100.40";
    const id = await previewId();
    const codes = wrongCodes("14");
    await reprice(clientOf(apis[0]!, visitor), id, codes.slice(0, 5));
    await reprice(clientOf(apis[1]!, visitor), id, codes.slice(5, 10));
    for (const api of apis) {
      expect(await failureOf(reprice(clientOf(api, visitor), id, ["14999999"]))).toMatchObject(exhausted);
    }
    // Another visitor forwarded by the same web tier has a budget of its own.
    await expect(reprice(clientOf(apis[1]!, "198.51.100.41"), id, ["14999999"])).resolves.toBeDefined();
  });

  it("answers no more than 10 wrong codes of one client sending at once to every instance", async () => {
    const visitor = "198.51.100.45";
    const id = await previewId();
    const pairs = Array.from({ length: 12 }, (_, i) => [String(14_500_000 + i), String(14_510_000 + i)]);
    const outcomes = await Promise.allSettled(
      pairs.map((pair, i) => reprice(clientOf(apis[i % apis.length]!, visitor), id, pair))
    );
    // Judged one after the other under the client's row lock: five pairs fill the budget, the rest are refused.
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") {
        expect(ConnectError.from(outcome.reason).code).toBe(Code.ResourceExhausted);
      }
    }
  });

  it("answers again once the oldest wrong codes are older than 15 minutes", async () => {
    const client = clientOf(apis[0]!, "198.51.100.50");
    const id = await previewId();
    await spendBudget(client, id, wrongCodes("15"));
    const real = await realVoucher();
    const retryAfter = await retryAfterOf(reprice(client, id, [real.code]));

    instant += (retryAfter - 1) * 1000;
    expect(await failureOf(reprice(client, id, [real.code]))).toMatchObject(exhausted);
    instant += 1000;
    const answer = await reprice(client, id, [real.code]);
    expect(answer.orderPreview!.paymentCalculation!.vouchersUsage!.creditEntries).toEqual([
      expect.objectContaining({ code: real.code }),
    ]);
  });

  it("takes no forwarded address from a peer it does not trust", async () => {
    // The test's loopback address is not this instance's forwarder: whatever the header says, the peer is the client.
    const id = await previewId();
    const codes = wrongCodes("16");
    await reprice(clientOf(untrustingApi, "198.51.100.60"), id, codes.slice(0, 5));
    await reprice(clientOf(untrustingApi, "198.51.100.61"), id, codes.slice(5, 10));
    expect(await failureOf(reprice(clientOf(untrustingApi, "198.51.100.62"), id, ["16999999"]))).toMatchObject(
      exhausted
    );
  });
});
