import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toJson } from "@bufbuild/protobuf";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { OrderStatus, type HotelOrder } from "../../gen/dzb/shop/v1/order_pb";
import { PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService, VoucherDetailResponseSchema } from "../../gen/dzb/shop/v1/shop_service_pb";
import { VoucherSchema } from "../../gen/dzb/shop/v1/voucher_pb";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import type { OpenDatabase } from "../../server/db/database";
import { createJobHandlers } from "../../server/job-handlers";
import type { JobHandlers } from "../../server/jobs/worker";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { issueCreditVoucher } from "../../server/stores/vouchers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { customer, czVariant, failureOf, hotelOrderSteps, now } from "../fixtures/hotel-orders";
import { drainJobs } from "../fixtures/jobs";
import { plainTextOf } from "../fixtures/mime";

/**
 * An order's id opens it for reading, and ids travel; a voucher's code travels further (a gift, a printed card). So no
 * answer names an order by its id to someone who may not be its customer, and changing an order takes its owner key,
 * which only the customer's browser and e-mails hold (decision 041, docs/security.md).
 */

const ownerKeyRefused = {
  code: Code.PermissionDenied,
  errorCode: ErrorCode.ORDER_OWNER_KEY_INVALID,
  field: "owner_key",
};

describe.each(databaseTargets())("who may see and change an order, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let handlers: JobHandlers;
  let mailDir: string;
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, provider: simulator, now: () => now });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    mailDir = await mkdtemp(join(tmpdir(), "dzb-ownership-mail-"));
    handlers = createJobHandlers({
      db: database.db,
      gateways: api.deps.gateways,
      now: () => now,
      config: api.deps.config,
      provider: simulator,
      mailer: createFileMailer(mailDir),
      log: api.deps.log,
    });
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  const { createOrder, ownerKeyOf } = hotelOrderSteps({
    client: () => client,
    simulator,
    slugPrefix: "order-ownership-test",
  });

  /** A voucher worth 500 CZK: it pays part of an order, the transfer the rest. */
  const smallVoucher = () =>
    issueCreditVoucher(database.db, { currency: "CZK", value: 50_000, validFrom: "2026-01-01", validTo: "2027-12-31" });

  /** An order that can still be cancelled, paid by transfer (and by `voucherCodes`), its transfer received. */
  async function paidOrder(voucherCodes: string[] = []) {
    const { order } = await createOrder({ voucherCodes, lastPayment: "transfer" }, "DZB_CZ", { freelyCancellable: true });
    await markTransferPaid(database.db, order.orderNumber, now);
    return order;
  }

  async function hotelOrderOf(orderId: string, ownerKey = ""): Promise<{ order: HotelOrder; owner: boolean }> {
    const detail = await client.orderDetail({ productVariant: czVariant, orderId, ownerKey });
    if (detail.order.case !== "hotelOrder") throw new Error(`order ${orderId} is not a hotel order`);
    return { order: detail.order.value, owner: detail.owner };
  }

  /** The status link of every e-mail written about the order, with the key it carries. */
  async function mailedLinks(order: HotelOrder): Promise<{ orderId: string; key: string }[]> {
    await drainJobs(database.db, handlers, now);
    const files = await readdir(mailDir);
    const texts = await Promise.all(files.map((file) => readFile(join(mailDir, file), "utf8")));
    const mails = texts.filter((text) => text.includes(`order-${order.orderNumber}-`)).map(plainTextOf);
    expect(mails.length).toBeGreaterThan(0);
    return mails.flatMap((text) =>
      [...text.matchAll(/\/status\/([0-9a-f-]{36})\?key=([A-Za-z0-9_-]+)/g)].map(([, orderId, key]) => ({
        orderId: orderId!,
        key: key!,
      }))
    );
  }

  it("a voucher's check names the orders it paid by number and date, never by their ids", async () => {
    const voucher = await smallVoucher();
    const order = await paidOrder([voucher.code]);
    const answer = await client.voucherDetail({ productVariant: czVariant, voucherCode: voucher.code });
    expect(answer.voucher?.spendings.map((s) => [s.orderNumber, s.orderDate])).toEqual([
      [order.orderNumber, order.createdAt],
    ]);
    expect(JSON.stringify(toJson(VoucherDetailResponseSchema, answer))).not.toContain(order.orderId);
  });

  it("a refund voucher names the order it came from nowhere: not in the cancellation, not in its check", async () => {
    const order = await paidOrder();
    const cancelled = await client.orderCancel({
      productVariant: czVariant,
      orderId: order.orderId,
      ownerKey: ownerKeyOf(order.orderId),
    });
    const code = cancelled.voucher!.code;
    expect(JSON.stringify(toJson(VoucherSchema, cancelled.voucher!))).not.toContain(order.orderId);
    const checked = await client.voucherDetail({ productVariant: czVariant, voucherCode: code });
    expect(checked.voucher?.code).toBe(code);
    expect(JSON.stringify(toJson(VoucherDetailResponseSchema, checked))).not.toContain(order.orderId);
  });

  it("the order's id alone reads it but neither cancels it nor moves a payment", async () => {
    const order = await paidOrder();
    const otherOrder = await paidOrder();
    for (const ownerKey of ["", ownerKeyOf(otherOrder.orderId), ownerKeyOf(order.orderId).slice(0, -1)]) {
      expect(await failureOf(client.orderCancel({ productVariant: czVariant, orderId: order.orderId, ownerKey }))).toEqual(
        ownerKeyRefused
      );
      const change = { paymentId: order.payments[0]!.paymentId, methodId: "payment_card", ownerKey };
      expect(
        await failureOf(client.orderPaymentChange({ productVariant: czVariant, orderId: order.orderId, ...change }))
      ).toEqual(ownerKeyRefused);
      expect(await hotelOrderOf(order.orderId, ownerKey)).toMatchObject({ owner: false });
    }
    const { order: unchanged } = await hotelOrderOf(order.orderId);
    expect([unchanged.status, unchanged.payments.map((p) => p.status)]).toEqual([
      OrderStatus.PAID,
      [PaymentStatus.PAID],
    ]);
    // An unknown order is not found, whatever key comes with it: the key tells nothing about orders that are not.
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await failureOf(client.orderCancel({ productVariant: czVariant, orderId: unknown }))).errorCode).toBe(
      ErrorCode.ORDER_NOT_FOUND
    );
  });

  it("creating the same order again answers the same owner key, and that key proves its customer", async () => {
    const { order, preview, ownerKey } = await createOrder({ lastPayment: "transfer" });
    expect(ownerKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await client.hotelOrderCreate({
      productVariant: czVariant,
      previewId: preview.previewId,
      paymentRequest: { lastPayment: "transfer" },
      order: customer,
    });
    expect([again.hotelOrder?.orderId, again.ownerKey]).toEqual([order.orderId, ownerKey]);
    expect(await hotelOrderOf(order.orderId, ownerKey)).toMatchObject({ owner: true });
  });

  it("the preview's address sent again with someone else's details opens nothing: no order, no id, no key", async () => {
    const { preview } = await createOrder({ lastPayment: "transfer" });
    const stranger = { ...customer, firstName: "Eva", email: "eva@example.cz" };
    const failure = await failureOf(
      client.hotelOrderCreate({
        productVariant: czVariant,
        previewId: preview.previewId,
        paymentRequest: { lastPayment: "transfer" },
        order: stranger,
      })
    );
    expect(failure).toMatchObject({ code: Code.AlreadyExists, errorCode: ErrorCode.ORDER_ALREADY_SENT, field: "preview_id" });
  });

  it("only the customer reads a refund voucher's code in the order; anyone with its id reads its value", async () => {
    const order = await paidOrder();
    const ownerKey = ownerKeyOf(order.orderId);
    const { voucher } = await client.orderCancel({ productVariant: czVariant, orderId: order.orderId, ownerKey });
    const asCustomer = (await hotelOrderOf(order.orderId, ownerKey)).order;
    expect(asCustomer.refundVoucher?.code).toBe(voucher!.code);
    expect(asCustomer.payments.map((p) => p.refundVoucherCode)).toEqual([voucher!.code]);
    const asAnyone = (await hotelOrderOf(order.orderId)).order;
    expect(asAnyone.refundVoucher?.value).toEqual(asCustomer.refundVoucher?.value);
    expect(asAnyone.refundVoucher?.code).toBe("");
    expect(asAnyone.payments.map((p) => p.refundVoucherCode)).toEqual([undefined]);
  });

  it("the customer's e-mails link to the order with its owner key, which cancels it from any device", async () => {
    const order = await paidOrder();
    const links = await mailedLinks(order);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toEqual({ orderId: order.orderId, key: ownerKeyOf(order.orderId) });
    const { key } = links[0]!;
    expect(await hotelOrderOf(order.orderId, key)).toMatchObject({ owner: true });
    const cancelled = await client.orderCancel({ productVariant: czVariant, orderId: order.orderId, ownerKey: key });
    expect(cancelled.hotelOrder?.status).toBe(OrderStatus.CANCELLED_BY_USER);
  });
});
