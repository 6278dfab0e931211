import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { OrderStatus, type HotelOrder } from "../../gen/dzb/shop/v1/order_pb";
import { GatewayType, PaymentOutcome, PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { settleCafeteriaPayment } from "../../server/adapters/gateways/cafeteria/cafeteria-protocol-server";
import { GatewayUnavailableError, type SandboxDecision } from "../../server/adapters/gateways/payment-gateway";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import type { OpenDatabase } from "../../server/db/database";
import { jobs, paymentAttempts } from "../../server/db/schema";
import { createJobHandlers } from "../../server/job-handlers";
import type { JobHandlers } from "../../server/jobs/worker";
import { orderJobKinds } from "../../server/orders/order-jobs";
import { paymentJobKinds, statusCheckDelayMs } from "../../server/payments/gateway-payments";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { parseSpayd } from "../../server/domain/transfer-payment";
import { findOrder } from "../../server/stores/orders";
import { sandboxRecordStore } from "../../server/stores/sandbox-gateway-records";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { decodeQrDataUrl } from "../fixtures/qr-code";
import {
  czVariant,
  failureOf,
  hotelOrderSteps,
  minorOf,
  money,
  now,
  variants,
  type PaymentRequestInit,
} from "../fixtures/hotel-orders";

/**
 * Paying an order's card and benefit payments at their gateways, end to end as the web and a browser do it: PaymentStart
 * sends the visitor to the sandbox gateway (which speaks ČSOB's eAPI 1.9 or the cafeteria protocol), the visitor
 * decides on its page, the gateway redirects back with signed fields, and PaymentReturn verifies and records them.
 * The worker's jobs (status checks, refunds) are run directly, as a due job would be.
 */

const gatewayOf = {
  payment_card: { type: GatewayType.CSOB, path: "/sandbox-gateway/csob/api/v1.9/payment/process/" },
  pluxee_cafeteria: { type: GatewayType.PLUXEE, path: "/sandbox-gateway/pluxee/pay/" },
  edenred_card: { type: GatewayType.EDENRED, path: "/sandbox-gateway/edenred/pay/" },
} as const;
type GatewayMethod = keyof typeof gatewayOf;
const gatewayTypeOf = { payment_card: "CSOB", pluxee_cafeteria: "PLUXEE", edenred_card: "EDENRED" } as const;

/** The Czech shop's return page on its development host, the one the api's configuration (no domains) calls its own. */
const returnUrlOf = (orderId: string) => `http://localhost:3000/status/${orderId}/platba`;

/** Where the gateway sent the visitor back: the attempt its URL names, and every field of its query. */
interface GatewayReturn {
  attemptId: string;
  params: Record<string, string>;
}

const decodeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe.each(databaseTargets())("payment gateways, $name", (target) => {
  let testDb: TestDatabase;
  let databases: OpenDatabase[];
  let apis: RunningApi[];
  let client: Client<typeof ShopService>;
  let handlers: JobHandlers;
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });

  beforeAll(async () => {
    testDb = await target.create();
    // Two api instances on two connections where the database allows it, as two processes would run: the sandbox
    // keeps its payments in the database, so a visitor may pay at one instance and come back through the other.
    databases = [await testDb.open()];
    if (target.multiInstance) databases.push(await testDb.open());
    // No config given: each instance's gateways reach the sandbox it serves on its own port.
    apis = await Promise.all(databases.map((d) => startApiServer({ db: d.db, provider: simulator, now: () => now })));
    client = clientOf(apis[0]!);
    mailDir = await mkdtemp(join(tmpdir(), "dzb-mail-"));
    handlers = createJobHandlers(handlerDeps());
  });

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await Promise.all(databases.map((d) => d.close()));
    await testDb.dispose();
  });

  let mailDir: string;
  /** What the worker's jobs need, at the suite's clock. */
  const handlerDeps = () => ({
    db: db(),
    gateways: apis[0]!.deps.gateways,
    now: () => now,
    config: apis[0]!.deps.config,
    provider: simulator,
    mailer: createFileMailer(mailDir),
    log: apis[0]!.deps.log,
  });

  const clientOf = (api: RunningApi) =>
    createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  /** The clients of every api instance, taken in turn. */
  const clientAt = (index: number) => clientOf(apis[index % apis.length]!);
  const db = () => databases[0]!.db;
  const origin = () => apis[0]!.origin;

  const { createOrder, ownerKeyOf } = hotelOrderSteps({ client: () => client, simulator, slugPrefix: "payment-gateway-test" });

  async function orderOf(orderId: string): Promise<HotelOrder> {
    const detail = await client.orderDetail({ productVariant: czVariant, orderId });
    if (detail.order.case !== "hotelOrder") throw new Error(`order ${orderId} is not a hotel order`);
    return detail.order.value;
  }

  const start = (orderId: string, paymentId?: string) =>
    client.paymentStart({ productVariant: czVariant, orderId, paymentId, returnUrl: returnUrlOf(orderId) });

  /** Opens the gateway's payment page as the browser would; answers where its form posts the decision. */
  async function openGateway(url: string): Promise<{ decideUrl: string; amountText: string }> {
    expect(url).toMatch(/^\/sandbox-gateway\//);
    const page = await fetch(`${origin()}${url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    const amount = /data-testid="sandbox-amount">([^<]+)</.exec(html)?.[1];
    if (!action || !amount) throw new Error(`no decision form on the gateway's page:\n${html}`);
    return { decideUrl: decodeHtml(action), amountText: decodeHtml(amount) };
  }

  /** Posts the visitor's decision on the gateway's page; answers where the gateway sends the visitor back. */
  async function decide(decideUrl: string, decision: SandboxDecision): Promise<GatewayReturn> {
    const answer = await fetch(`${origin()}${decideUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision }).toString(),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location") ?? "");
    const path = location.pathname.split("/");
    const attemptId = path.pop()!;
    // Back on the shop's return page of this order: the return URL given to PaymentStart, plus the attempt's id.
    expect(`${location.origin}${path.join("/")}`).toMatch(/^http:\/\/localhost:3000\/status\/[0-9a-f-]{36}\/platba$/);
    return { attemptId, params: Object.fromEntries(location.searchParams) };
  }

  /** PaymentStart, the gateway's page, and the visitor's decision there. */
  async function pay(orderId: string, decision: SandboxDecision, paymentId?: string) {
    const { gateway } = await start(orderId, paymentId);
    if (!gateway) throw new Error("PaymentStart answered no gateway");
    const { decideUrl } = await openGateway(gateway.url);
    return { gateway, decideUrl, back: await decide(decideUrl, decision) };
  }

  const returnOf = (back: GatewayReturn, instance = 0) =>
    clientAt(instance).paymentReturn({ productVariant: czVariant, paymentId: back.attemptId, params: back.params });

  /** Runs the job of `kind` enqueued for an attempt, with its stored payload, as the worker would once it is due. */
  async function runJob(kind: string, attemptId: string) {
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${kind}:${attemptId}`));
    if (!job) throw new Error(`no ${kind} job for attempt ${attemptId}`);
    await handlers[kind]!(job.payload, { jobId: job.id, attempt: job.attempts + 1, maxAttempts: job.maxAttempts });
    return job;
  }

  const jobOf = async (kind: string, attemptId: string) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${kind}:${attemptId}`))
    )[0];

  const attemptsOf = (paymentId: string) =>
    db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId));

  const attemptOf = async (attemptId: string) =>
    (await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)))[0]!;

  /** An order paid by one gateway payment of `method` (nothing else): answers it and its payment. */
  async function singlePaymentOrder(method: GatewayMethod) {
    const { order } = await createOrder({ lastPayment: method });
    expect(order.payments.map((p) => p.method?.methodId)).toEqual([method]);
    return { order, payment: order.payments[0]! };
  }

  describe("full flows", () => {
    it.each(Object.keys(gatewayOf) as GatewayMethod[])(
      "pays %s at its gateway: approved, the payment and the order are paid",
      async (method) => {
        const { order, payment } = await singlePaymentOrder(method);
        expect(order.status).toBe(OrderStatus.WAITING);

        const { gateway } = await start(order.orderId);
        expect(gateway?.type).toBe(gatewayOf[method].type);
        expect(gateway?.url.startsWith(gatewayOf[method].path)).toBe(true);
        // The gateway charges the payment's value in the order's currency.
        const { decideUrl, amountText } = await openGateway(gateway!.url);
        const value = minorOf(payment.value);
        expect(amountText).toBe(`${Math.trunc(value / 100)}.${String(value % 100).padStart(2, "0")} CZK`);

        const back = await decide(decideUrl, "approve");
        // The visitor may come back through any instance of the api.
        const returned = await returnOf(back, 1);
        expect(returned.outcome).toBe(PaymentOutcome.PAID);
        expect(returned.orderId).toBe(order.orderId);

        const paid = await orderOf(order.orderId);
        expect(paid.status).toBe(OrderStatus.PAID);
        expect(paid.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
        // Nothing is left to pay at a gateway.
        expect((await start(order.orderId)).gateway).toBeUndefined();
      }
    );

    it("splits three ways: a benefit card, then a card, each at its gateway, and the transfer for the rest", async () => {
      const paymentRequest: PaymentRequestInit = {
        payments: [
          { methodId: "edenred_card", value: money(40_000) },
          { methodId: "payment_card", value: money(30_000) },
        ],
        lastPayment: "transfer",
      };
      const { order } = await createOrder(paymentRequest);
      expect(order.payments.map((p) => p.method?.methodId)).toEqual(["edenred_card", "payment_card", "transfer"]);
      const [benefit, card, transfer] = order.payments;

      // Without a payment id, PaymentStart takes the first payment not yet paid at a gateway: the benefit card.
      const first = await pay(order.orderId, "approve");
      expect(first.gateway.type).toBe(GatewayType.EDENRED);
      expect((await returnOf(first.back)).outcome).toBe(PaymentOutcome.PARTIALLY_PAID);
      let detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PARTIALLY_PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([
        PaymentStatus.PAID,
        PaymentStatus.WAITING,
        PaymentStatus.WAITING,
      ]);

      // Then the card; the transfer still waits, so the order is still partly paid.
      const second = await pay(order.orderId, "approve");
      expect(second.gateway.type).toBe(GatewayType.CSOB);
      expect((await returnOf(second.back)).outcome).toBe(PaymentOutcome.PARTIALLY_PAID);
      detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PARTIALLY_PAID);
      expect(detail.payments.map((p) => [p.paymentId, p.status])).toEqual([
        [benefit!.paymentId, PaymentStatus.PAID],
        [card!.paymentId, PaymentStatus.PAID],
        [transfer!.paymentId, PaymentStatus.WAITING],
      ]);

      // Nothing is paid at a gateway any more: the transfer is the visitor's bank's business.
      expect((await start(order.orderId)).gateway).toBeUndefined();
      expect((await start(order.orderId, transfer!.paymentId)).gateway).toBeUndefined();

      expect(await markTransferPaid(db(), order.orderNumber, now)).toMatchObject({ paid: 1, status: "paid" });
      detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([
        PaymentStatus.PAID,
        PaymentStatus.PAID,
        PaymentStatus.PAID,
      ]);
    });
  });

  describe("a failed payment moved to another method", () => {
    const change = (orderId: string, paymentId: string, methodId: string, variant = czVariant) =>
      client.orderPaymentChange({ productVariant: variant, orderId, paymentId, methodId, ownerKey: ownerKeyOf(orderId) });

    it("pays the same share with the new method's fee, keeps the deadline, and is paid at the new gateway", async () => {
      const { order, payment } = await singlePaymentOrder("edenred_card");
      // Not before a try failed: the first try is the customer's to make.
      expect(payment.alternatives).toEqual([]);
      expect(await failureOf(change(order.orderId, payment.paymentId, "pluxee_cafeteria"))).toEqual({
        code: Code.FailedPrecondition,
        errorCode: ErrorCode.PAYMENT_METHOD_UNAVAILABLE,
        field: "payment_id",
      });

      const declined = await pay(order.orderId, "decline", payment.paymentId);
      await returnOf(declined.back);
      const failed = (await orderOf(order.orderId)).payments[0]!;
      expect(failed.alternatives.map((m) => m.methodId)).toEqual([
        "edenred_cafeteria",
        "pluxee_cafeteria",
        "up_card",
        "benefit_systems",
        "payment_card",
        "transfer",
      ]);

      const { hotelOrder } = await change(order.orderId, payment.paymentId, "pluxee_cafeteria");
      const moved = hotelOrder!.payments[0]!;
      // Edenred charged the share plus 5.9 %, Pluxee charges it plus 10 %.
      const share = Math.round(minorOf(payment.value) / 1.059);
      expect(Math.abs(minorOf(moved.value) - Math.round(share * 1.1))).toBeLessThanOrEqual(1);
      expect([moved.method?.methodId, moved.status]).toEqual(["pluxee_cafeteria", PaymentStatus.WAITING]);
      expect(moved.payBy).toEqual(order.payBy);
      const feeChange = minorOf(moved.value) - minorOf(payment.value);
      expect(minorOf(hotelOrder!.price?.serviceFee)).toBe(minorOf(order.price?.serviceFee) + feeChange);
      expect(minorOf(hotelOrder!.price?.total)).toBe(minorOf(order.price?.total) + feeChange);
      // Asked again (a reload, a double click): the same order, unchanged.
      expect((await change(order.orderId, payment.paymentId, "pluxee_cafeteria")).hotelOrder).toEqual(hotelOrder);

      // The old try's late status check speaks for Edenred only; the new method pays at its own gateway.
      await runJob(paymentJobKinds.status, declined.back.attemptId);
      expect((await orderOf(order.orderId)).payments[0]!.status).toBe(PaymentStatus.WAITING);
      const paid = await pay(order.orderId, "approve", payment.paymentId);
      expect(paid.gateway.type).toBe(GatewayType.PLUXEE);
      expect((await returnOf(paid.back)).outcome).toBe(PaymentOutcome.PAID);
      expect((await orderOf(order.orderId)).status).toBe(OrderStatus.PAID);
    });

    it("moves to a transfer, with its bank details, booked once the money is in", async () => {
      const { order, payment } = await singlePaymentOrder("payment_card");
      await returnOf((await pay(order.orderId, "cancel", payment.paymentId)).back);
      const { hotelOrder } = await change(order.orderId, payment.paymentId, "transfer");
      const moved = hotelOrder!.payments[0]!;
      expect(minorOf(moved.value)).toBe(minorOf(payment.value));
      expect(moved.bankTransfer?.variableSymbol).toBeTruthy();
      // Its QR code is shown in the answer, and the same code on the status page.
      const spayd = parseSpayd(decodeQrDataUrl(moved.qrCode!));
      expect(spayd).toMatchObject({ ok: true, fields: { "X-VS": order.orderNumber } });
      expect((await orderOf(order.orderId)).payments[0]!.qrCode).toBe(moved.qrCode);
      expect(hotelOrder!.bookOnlyAfterPayment).toBe(true);
      await markTransferPaid(db(), order.orderNumber, now);
      expect((await orderOf(order.orderId)).status).toBe(OrderStatus.PAID);
    });

    it("refuses a method the order cannot take, a payment it does not have, and another shop's order", async () => {
      const { order } = await createOrder({
        payments: [{ methodId: "edenred_card", value: money(50_000) }],
        lastPayment: "transfer",
      });
      const edenred = order.payments.find((p) => p.method?.methodId === "edenred_card")!;
      await returnOf((await pay(order.orderId, "decline", edenred.paymentId)).back);
      for (const [methodId, errorCode] of [
        ["transfer", ErrorCode.PAYMENT_VALUE_INVALID],
        ["voucher", ErrorCode.PAYMENT_METHOD_UNAVAILABLE],
        ["no_such_method", ErrorCode.PAYMENT_METHOD_UNAVAILABLE],
      ] as const) {
        expect(await failureOf(change(order.orderId, edenred.paymentId, methodId))).toEqual({
          code: Code.InvalidArgument,
          errorCode,
          field: "method_id",
        });
      }
      const transfer = order.payments.find((p) => p.method?.methodId === "transfer")!;
      expect((await failureOf(change(order.orderId, transfer.paymentId, "payment_card"))).code).toBe(
        Code.FailedPrecondition
      );
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await failureOf(change(order.orderId, unknown, "payment_card"))).errorCode).toBe(
        ErrorCode.ORDER_NOT_FOUND
      );
      expect(
        (await failureOf(change(order.orderId, edenred.paymentId, "payment_card", variants.DZB_PL))).errorCode
      ).toBe(ErrorCode.ORDER_NOT_FOUND);
      expect((await orderOf(order.orderId)).payments.map((p) => p.method?.methodId)).toEqual(["edenred_card", "transfer"]);
    });
  });

  describe("declined and cancelled payments", () => {
    it.each(["payment_card", "pluxee_cafeteria"] as const)(
      "a declined %s fails, the order still waits, and a new try of the same payment pays it",
      async (method) => {
        const { order, payment } = await singlePaymentOrder(method);
        const declined = await pay(order.orderId, "decline", payment.paymentId);
        expect(await returnOf(declined.back)).toMatchObject({
          outcome: PaymentOutcome.FAILED,
          orderId: order.orderId,
        });
        let detail = await orderOf(order.orderId);
        expect(detail.status).toBe(OrderStatus.WAITING);
        expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.REJECTED]);

        const approved = await pay(order.orderId, "approve", payment.paymentId);
        expect(approved.back.attemptId).not.toBe(declined.back.attemptId);
        expect((await returnOf(approved.back)).outcome).toBe(PaymentOutcome.PAID);
        detail = await orderOf(order.orderId);
        expect(detail.status).toBe(OrderStatus.PAID);
        expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
        // Each visit was a try of its own.
        expect((await attemptsOf(payment.paymentId)).map((a) => a.state).sort()).toEqual(["paid", "rejected"]);
      }
    );

    it.each(["payment_card", "edenred_card"] as const)(
      "a %s the visitor cancels at the gateway is cancelled and stays owed",
      async (method) => {
        const { order, payment } = await singlePaymentOrder(method);
        const cancelled = await pay(order.orderId, "cancel");
        expect((await returnOf(cancelled.back)).outcome).toBe(PaymentOutcome.CANCELLED);
        const detail = await orderOf(order.orderId);
        expect(detail.status).toBe(OrderStatus.WAITING);
        expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.CANCELLED]);
        // Still owed: the order says it may be paid now, and PaymentStart sends the visitor to the gateway again.
        expect(detail.payments.map((p) => p.payableNow)).toEqual([true]);
        const again = await start(order.orderId);
        expect(again.gateway?.type).toBe(gatewayOf[method].type);
        expect((await attemptsOf(payment.paymentId)).length).toBe(2);
      }
    );
  });

  describe("replayed and forged returns", () => {
    it.each(["payment_card", "edenred_card"] as const)("records a %s return replayed 5 times once", async (method) => {
      const { order, payment } = await singlePaymentOrder(method);
      const { back } = await pay(order.orderId, "approve");
      expect((await returnOf(back)).outcome).toBe(PaymentOutcome.PAID);
      const paidAt = (await findOrder(db(), order.orderId))!.payments[0]!.paidAt;
      expect(paidAt).toBeInstanceOf(Date);
      const attemptAfterFirst = await attemptOf(back.attemptId);

      for (let replay = 1; replay < 5; replay += 1) {
        expect((await returnOf(back, replay)).outcome).toBe(PaymentOutcome.PAID);
      }
      const stored = (await findOrder(db(), order.orderId))!;
      expect(stored.status).toBe("paid");
      expect(stored.payments[0]).toMatchObject({ status: "paid", paidAt });
      // One try, changed by the first return only; no money to give back.
      const attempts = await attemptsOf(payment.paymentId);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toEqual(attemptAfterFirst);
      expect(attempts[0]!.state).toBe("paid");
      expect(await jobOf(paymentJobKinds.refund, back.attemptId)).toBeUndefined();
    });

    it.each(["payment_card", "pluxee_cafeteria"] as const)(
      "records a %s return arriving 5 times at once, with its status check, once",
      async (method) => {
        const { order, payment } = await singlePaymentOrder(method);
        const { back } = await pay(order.orderId, "approve");
        const [outcomes] = await Promise.all([
          Promise.all(Array.from({ length: 5 }, (_, i) => returnOf(back, i).then((r) => r.outcome))),
          runJob(paymentJobKinds.status, back.attemptId),
        ]);
        expect(outcomes).toEqual(Array(5).fill(PaymentOutcome.PAID));
        const attempts = await attemptsOf(payment.paymentId);
        expect(attempts.map((a) => a.state)).toEqual(["paid"]);
        expect(await jobOf(paymentJobKinds.refund, back.attemptId)).toBeUndefined();
        const detail = await orderOf(order.orderId);
        expect(detail.status).toBe(OrderStatus.PAID);
        expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
      }
    );

    it("refuses a ČSOB return whose signed fields were changed", async () => {
      const { order } = await singlePaymentOrder("payment_card");
      const { back } = await pay(order.orderId, "decline");
      expect(back.params.paymentStatus).toBe("6");
      const forged = (params: Record<string, string>) => returnOf({ attemptId: back.attemptId, params });
      const invalidSignature = {
        code: Code.InvalidArgument,
        errorCode: ErrorCode.CARD_CALLBACK_INVALID_SIGNATURE,
        field: "params",
      };
      // Declined made approved (4), or the result changed, or the signature dropped.
      expect(await failureOf(forged({ ...back.params, paymentStatus: "4" }))).toMatchObject(invalidSignature);
      expect(await failureOf(forged({ ...back.params, resultMessage: "Approved" }))).toMatchObject(invalidSignature);
      const { signature: _, ...unsigned } = back.params;
      expect(await failureOf(forged(unsigned))).toMatchObject(invalidSignature);
      // Nothing was recorded; the genuine return still is.
      expect((await orderOf(order.orderId)).payments[0]?.status).toBe(PaymentStatus.WAITING);
      expect((await returnOf(back)).outcome).toBe(PaymentOutcome.FAILED);
      expect((await orderOf(order.orderId)).payments[0]?.status).toBe(PaymentStatus.REJECTED);
    });

    it("refuses a cafeteria return whose fields were changed or cut short, naming what is wrong", async () => {
      const { order } = await singlePaymentOrder("pluxee_cafeteria");
      const { back } = await pay(order.orderId, "decline");
      expect(back.params.status).toBe("DECLINED");
      const forged = (params: Record<string, string>) => returnOf({ attemptId: back.attemptId, params });
      const refusedWith = (errorCode: ErrorCode) => ({ code: Code.InvalidArgument, errorCode, field: "params" });
      const { orderNumber: _o, ...withoutOrderNumber } = back.params;
      const { currency: _c, ...withoutCurrency } = back.params;

      // A well-formed change breaks the signature over the fields.
      expect(await failureOf(forged({ ...back.params, status: "AUTHORIZED" }))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED)
      );
      expect(await failureOf(forged({ ...back.params, amount: "100" }))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED)
      );
      // A malformed or missing field is named before the signature is looked at.
      expect(await failureOf(forged({ ...back.params, amount: "12.50" }))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_AMOUNT_INVALID)
      );
      expect(await failureOf(forged({ ...back.params, status: "PAID" }))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_STATUS_INVALID)
      );
      expect(await failureOf(forged(withoutOrderNumber))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_ORDER_NUMBER_MISSING)
      );
      expect(await failureOf(forged(withoutCurrency))).toMatchObject(
        refusedWith(ErrorCode.CAFETERIA_CALLBACK_CURRENCY_MISSING)
      );
      expect((await orderOf(order.orderId)).payments[0]?.status).toBe(PaymentStatus.WAITING);
      expect((await returnOf(back)).outcome).toBe(PaymentOutcome.FAILED);
    });

    it.each(["payment_card", "edenred_card"] as const)(
      "refuses a genuine %s return of another try against this try's id",
      async (method) => {
        const paid = await singlePaymentOrder(method);
        const other = await singlePaymentOrder(method);
        const { back } = await pay(paid.order.orderId, "approve");
        const otherTry = await pay(other.order.orderId, "decline");
        const refused = await failureOf(returnOf({ attemptId: otherTry.back.attemptId, params: back.params }));
        // Signed by the gateway, so not a signature problem: the gateway's check against the try fails.
        expect(refused).toMatchObject({
          code: Code.InvalidArgument,
          errorCode: ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED,
          field: "params",
        });
        // Neither order moved; each try's own return still counts for its own order only.
        expect((await orderOf(other.order.orderId)).payments[0]?.status).toBe(PaymentStatus.WAITING);
        expect((await orderOf(paid.order.orderId)).payments[0]?.status).toBe(PaymentStatus.WAITING);
        expect((await returnOf(back)).outcome).toBe(PaymentOutcome.PAID);
        expect((await returnOf(otherTry.back)).outcome).toBe(PaymentOutcome.FAILED);
        expect((await orderOf(other.order.orderId)).status).toBe(OrderStatus.WAITING);
      }
    );

    it("answers a return of an unknown try, or of another shop's order, as not found", async () => {
      const unknown = await failureOf(
        returnOf({ attemptId: "00000000-0000-4000-8000-000000000000", params: { payId: "x" } })
      );
      expect(unknown).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PAGE_NOT_FOUND, field: "payment_id" });

      const { order } = await singlePaymentOrder("payment_card");
      const { back } = await pay(order.orderId, "approve");
      const elsewhere = await failureOf(
        client.paymentReturn({ productVariant: variants.DZB_PL, paymentId: back.attemptId, params: back.params })
      );
      expect(elsewhere).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PAGE_NOT_FOUND });
      expect((await orderOf(order.orderId)).payments[0]?.status).toBe(PaymentStatus.WAITING);
    });
  });

  describe("late decisions", () => {
    it("keeps a payment paid when an older try's return comes after a newer one's, and gives a second approval back (ČSOB, not settled: reversed)", async () => {
      const { order, payment } = await singlePaymentOrder("payment_card");
      // The first try is left undecided ("decide later"); the visitor starts again and approves the second.
      const first = await pay(order.orderId, "later", payment.paymentId);
      expect(first.back.params.paymentStatus).toBe("2");
      const second = await pay(order.orderId, "approve", payment.paymentId);
      expect(second.back.attemptId).not.toBe(first.back.attemptId);

      // Their returns arrive in reverse order.
      expect((await returnOf(second.back)).outcome).toBe(PaymentOutcome.PAID);
      const paidAt = (await findOrder(db(), order.orderId))!.payments[0]!.paidAt;
      // The older try is still undecided, but the payment is paid: that is what the visitor is told, and nothing
      // moves backwards.
      expect((await returnOf(first.back)).outcome).toBe(PaymentOutcome.PAID);
      let detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
      expect((await findOrder(db(), order.orderId))!.payments[0]!.paidAt).toEqual(paidAt);
      expect((await attemptOf(first.back.attemptId)).state).toBe("waiting");

      // Later the first try is approved at the gateway too; its status check learns it.
      const lateApproval = await decide(first.decideUrl, "approve");
      await runJob(paymentJobKinds.status, first.back.attemptId);
      expect((await attemptOf(first.back.attemptId)).state).toBe("paid");
      detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);

      // Paid twice: its money goes back by a job, once.
      const refund = await jobOf(paymentJobKinds.refund, first.back.attemptId);
      expect(refund).toMatchObject({ kind: paymentJobKinds.refund, payload: { attemptId: first.back.attemptId } });
      expect(await jobOf(paymentJobKinds.refund, second.back.attemptId)).toBeUndefined();
      await runJob(paymentJobKinds.refund, first.back.attemptId);

      const firstRef = (await attemptOf(first.back.attemptId)).gatewayRef!;
      const secondRef = (await attemptOf(second.back.attemptId)).gatewayRef!;
      // Not settled yet, so the authorisation was reversed; the second try's money stays.
      expect(await apis[0]!.deps.gateways.CSOB.status(firstRef)).toBe("revoked");
      expect(await apis[0]!.deps.gateways.CSOB.status(secondRef)).toBe("paid");
      expect((await attemptOf(first.back.attemptId)).state).toBe("revoked");
      expect((await attemptOf(second.back.attemptId)).state).toBe("paid");
      detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
      expect((await findOrder(db(), order.orderId))!.payments[0]!.paidAt).toEqual(paidAt);

      // A refund job run again (a retry after a lost answer) changes nothing, nor does the approval's late return.
      await runJob(paymentJobKinds.refund, first.back.attemptId);
      await returnOf(lateApproval);
      expect((await attemptOf(first.back.attemptId)).state).toBe("revoked");
      expect((await orderOf(order.orderId)).payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
      expect(await jobOf(paymentJobKinds.refund, first.back.attemptId)).toEqual(refund);
    });

    it("refunds a settled second approval of a cafeteria payment", async () => {
      const { order, payment } = await singlePaymentOrder("pluxee_cafeteria");
      const first = await pay(order.orderId, "later", payment.paymentId);
      expect(first.back.params.status).toBe("PENDING");
      const second = await pay(order.orderId, "approve", payment.paymentId);
      expect((await returnOf(second.back)).outcome).toBe(PaymentOutcome.PAID);
      expect((await returnOf(first.back)).outcome).toBe(PaymentOutcome.PAID);
      expect((await attemptOf(first.back.attemptId)).state).toBe("waiting");

      await decide(first.decideUrl, "approve");
      await runJob(paymentJobKinds.status, first.back.attemptId);
      const firstRef = (await attemptOf(first.back.attemptId)).gatewayRef!;
      // The provider's clearing settled it before the refund job ran: the money goes back as a refund.
      await settleCafeteriaPayment(sandboxRecordStore(db(), "PLUXEE"), firstRef);
      await runJob(paymentJobKinds.refund, first.back.attemptId);

      expect(await apis[0]!.deps.gateways.PLUXEE.status(firstRef)).toBe("refunded");
      expect((await attemptOf(first.back.attemptId)).state).toBe("refunded");
      expect((await attemptOf(second.back.attemptId)).state).toBe("paid");
      const detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
    });

    it.each(["payment_card", "edenred_card"] as const)(
      "records a %s decided later by its status check, which fails while the payment is undecided",
      async (method) => {
        const { order, payment } = await singlePaymentOrder(method);
        const { gateway } = await start(order.orderId);
        const [attempt] = await attemptsOf(payment.paymentId);
        // A status check is scheduled with each try, a while after the api's clock.
        const job = await jobOf(paymentJobKinds.status, attempt!.id);
        expect(job?.runAt).toEqual(new Date(now.getTime() + statusCheckDelayMs));

        // Not even on the gateway's page yet: undecided, so the job fails and the worker retries it.
        await expect(runJob(paymentJobKinds.status, attempt!.id)).rejects.toThrow(/undecided/);
        const { decideUrl } = await openGateway(gateway!.url);
        // The visitor chose to decide later and never comes back to the shop.
        const later = await decide(decideUrl, "later");
        expect(later.attemptId).toBe(attempt!.id);
        await expect(runJob(paymentJobKinds.status, attempt!.id)).rejects.toThrow(/undecided/);
        expect((await orderOf(order.orderId)).status).toBe(OrderStatus.WAITING);

        // Decided at the gateway: the next run records it.
        await decide(decideUrl, "approve");
        await runJob(paymentJobKinds.status, attempt!.id);
        const detail = await orderOf(order.orderId);
        expect(detail.status).toBe(OrderStatus.PAID);
        expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID]);
        // Once recorded, the check has nothing left to do, and a late return agrees.
        await runJob(paymentJobKinds.status, attempt!.id);
        expect((await returnOf(later)).outcome).toBe(PaymentOutcome.PAID);
        expect(await jobOf(paymentJobKinds.refund, attempt!.id)).toBeUndefined();
      }
    );
  });

  describe("pay-by deadline", () => {
    it("an order not paid in full by its deadline is refunded automatically: the card's money goes back at its gateway", async () => {
      const { order } = await createOrder({
        payments: [{ methodId: "payment_card", value: money(30_000) }],
        lastPayment: "transfer",
      });
      const [card, transfer] = order.payments;
      const paid = await pay(order.orderId, "approve", card!.paymentId);
      expect((await returnOf(paid.back)).outcome).toBe(PaymentOutcome.PARTIALLY_PAID);

      // The deadline passes with the transfer unpaid: the worker's jobs run under a clock past it.
      const late = new Date(timestampDate(order.payBy!).getTime() + 60_000);
      const lateHandlers = createJobHandlers({ ...handlerDeps(), now: () => late });
      const runLate = async (kind: string, id: string) => {
        const [job] = await db()
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `${kind}:${id}`));
        if (!job) throw new Error(`no ${kind} job for ${id}`);
        await lateHandlers[kind]!(job.payload, { jobId: job.id, attempt: 1, maxAttempts: job.maxAttempts });
      };
      await runLate(orderJobKinds.expiry, order.orderId);
      let detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.REFUNDED_AUTOMATICALLY);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID, PaymentStatus.CANCELLED]);

      // The card payment goes back through ČSOB, to the card it came from: no voucher is needed.
      await runLate(orderJobKinds.gatewayRefund, card!.paymentId);
      detail = await orderOf(order.orderId);
      expect(detail.payments.map((p) => p.status)).toEqual([
        expect.toBeOneOf([PaymentStatus.REVOKED, PaymentStatus.REFUNDED]),
        PaymentStatus.CANCELLED,
      ]);
      expect(detail.refundVoucher).toBeUndefined();
      expect(transfer!.payBy).toBeDefined();
      expect((await start(order.orderId)).gateway).toBeUndefined();
    });
  });

  describe("PaymentStart refusals and empty answers", () => {
    it("answers another shop's order, or an unknown one, as not found", async () => {
      const { order } = await singlePaymentOrder("payment_card");
      const elsewhere = await failureOf(
        client.paymentStart({
          productVariant: variants.DZB_PL,
          orderId: order.orderId,
          returnUrl: returnUrlOf(order.orderId),
        })
      );
      expect(elsewhere).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.ORDER_NOT_FOUND, field: "order_id" });
      const unknown = await failureOf(start("00000000-0000-4000-8000-000000000000"));
      expect(unknown).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.ORDER_NOT_FOUND });
      expect(await attemptsOf(order.payments[0]!.paymentId)).toHaveLength(0);
    });

    it.each([
      "https://evil.example/x",
      "http://localhost@evil.example/status/x/platba",
      "https://shop.example/status/x/platba",
      "javascript:alert(1)",
      "ftp://localhost/status",
      "/status/x/platba",
      "not a url",
    ])("refuses the return URL %s: the gateway would send the visitor there", async (returnUrl) => {
      const { order } = await singlePaymentOrder("payment_card");
      const refused = await failureOf(client.paymentStart({ productVariant: czVariant, orderId: order.orderId, returnUrl }));
      expect(refused).toMatchObject({
        code: Code.InvalidArgument,
        errorCode: ErrorCode.PAYMENT_RETURN_URL_INVALID,
        field: "return_url",
      });
      expect(await attemptsOf(order.payments[0]!.paymentId)).toHaveLength(0);
    });

    // The sandbox's keys are public (it plays every unconfigured gateway), so anyone can start a payment there the way
    // the api does: it must not send a visitor off the shop either.
    it.each(Object.keys(gatewayOf) as GatewayMethod[])(
      "the sandbox of %s starts no payment that would return the visitor to another host",
      async (method) => {
        const gateway = apis[0]!.deps.gateways[gatewayTypeOf[method]];
        const init = {
          paymentId: "00000000-0000-4000-8000-000000000001",
          orderNumber: "2026000001",
          amount: 10_000,
          currency: "CZK",
          description: "Hotel",
          language: "cs",
        } as const;
        await expect(gateway.start({ ...init, returnUrl: "https://evil.example/x" })).rejects.toThrow(
          GatewayUnavailableError
        );
        await expect(gateway.start({ ...init, returnUrl: returnUrlOf(init.paymentId) })).resolves.toMatchObject({
          redirectUrl: expect.stringMatching(/^\/sandbox-gateway\//),
        });
      }
    );

    it("answers no gateway when nothing is left to pay at one", async () => {
      const { order } = await createOrder({ lastPayment: "transfer" });
      expect((await start(order.orderId)).gateway).toBeUndefined();
      expect((await start(order.orderId, order.payments[0]!.paymentId)).gateway).toBeUndefined();
      // An unknown payment of a payable order is nothing to pay either.
      const card = await singlePaymentOrder("payment_card");
      expect((await start(card.order.orderId, "00000000-0000-4000-8000-000000000000")).gateway).toBeUndefined();
      expect(await attemptsOf(card.payment.paymentId)).toHaveLength(0);
    });
  });
});
