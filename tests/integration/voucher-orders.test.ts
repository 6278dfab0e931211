import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { DocumentType, OrderStatus } from "../../gen/dzb/shop/v1/order_pb";
import { InvalidVoucherReason, PaymentOutcome, PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { VoucherFeeMode, VoucherState, type VoucherOrder } from "../../gen/dzb/shop/v1/voucher_pb";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import type { OpenDatabase } from "../../server/db/database";
import { vouchers } from "../../server/db/schema";
import { flatText } from "../../server/documents/pdf-text.test-helper";
import { createJobHandlers } from "../../server/job-handlers";
import { runOps } from "../../server/ops/commands";
import { issueBoughtVoucher } from "../../server/orders/voucher-issuing";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { createCoupon, issueCreditVoucher } from "../../server/stores/vouchers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import {
  customer,
  czVariant,
  failureOf,
  hotelOrderSteps,
  minorOf,
  money,
  now,
  variants,
  type PaymentRequestInit,
} from "../fixtures/hotel-orders";
import { drainJobs } from "../fixtures/jobs";
import type { AppLoadContext } from "@remix-run/node";
import { viewFormats } from "../../app/view-formats.server";
import { voucherView } from "../../app/screens/voucher-status/voucher-view.server";
import { siteVariants } from "../../server/variants/site-variants";
import { plainTextOf } from "../fixtures/mime";

/**
 * Buying a value voucher through the api, as the purchase form will: a preview, the order, paying it at the sandbox
 * gateways, and the voucher issued once by the worker, e-mailed, checked by its code, spent on a stay and given back.
 */

const whiteLabel = {
  product: Product.DZB_WL_PLUXEE_CZ,
  lang: Lang.CS,
  currency: Currency.CZK,
};
const returnUrlOf = (orderId: string) => `http://localhost:3000/status/${orderId}/platba`;
const decodeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe.each(databaseTargets())("voucher orders, $name", (target) => {
  let testDb: TestDatabase;
  let databases: OpenDatabase[];
  let apis: RunningApi[];
  let client: Client<typeof ShopService>;
  let mailDir: string;
  const simulator = createSimulatorProvider({
    now: () => now,
    delay: async () => {},
  });

  beforeAll(async () => {
    testDb = await target.create();
    // Two connections where the database allows it: two api instances, and two workers on their own connections.
    databases = [await testDb.open()];
    if (target.multiInstance) databases.push(await testDb.open());
    apis = await Promise.all(databases.map((d) => startApiServer({ db: d.db, provider: simulator, now: () => now })));
    client = clientOf(apis[0]!);
    mailDir = await mkdtemp(join(tmpdir(), "dzb-voucher-mail-"));
  });

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await Promise.all(databases.map((d) => d.close()));
    await testDb.dispose();
  });

  const clientOf = (api: RunningApi) =>
    createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  const clientAt = (index: number) => clientOf(apis[index % apis.length]!);
  const db = (index = 0) => databases[index % databases.length]!.db;
  const handlersAt = (index: number, clock = now) =>
    createJobHandlers({
      db: db(index),
      gateways: apis[0]!.deps.gateways,
      now: () => clock,
      config: apis[0]!.deps.config,
      provider: simulator,
      mailer: createFileMailer(mailDir, () => clock),
      log: apis[0]!.deps.log,
    });
  const runJobs = (clock = now) => drainJobs(db(), handlersAt(0, clock), clock);

  const { createOrder, preview: previewStay } = hotelOrderSteps({
    client: () => client,
    simulator,
    slugPrefix: "voucher-order-test",
  });

  const giftRequest = {
    productVariant: czVariant,
    voucherValue: money(300_000),
    feeMode: VoucherFeeMode.VALUE_PLUS_FEES,
    paymentRequest: {
      payments: [{ methodId: "pluxee_cafeteria", value: money(200_000) }],
      lastPayment: "payment_card",
    },
  };

  type PurchaseRequest = Omit<typeof giftRequest, "paymentRequest"> & {
    paymentRequest: PaymentRequestInit;
    extraService?: boolean;
  };

  async function buy(request: PurchaseRequest = giftRequest, variant = czVariant) {
    const preview = await client.voucherOrderPreview({
      ...request,
      productVariant: variant,
    });
    const { voucherOrder } = await client.voucherOrderCreate({
      ...request,
      productVariant: variant,
      previewId: preview.previewId,
      paymentRequest: preview.paymentRequest,
      order: customer,
      presentFor: {
        firstName: "Petr",
        lastName: "Dvořák",
        email: "petr@example.com",
        mobile: "+420 777 000 111",
      },
      design: "mountains",
    });
    if (!voucherOrder) throw new Error("VoucherOrderCreate answered no order");
    return { preview, order: voucherOrder };
  }

  async function orderOf(orderId: string, variant = czVariant): Promise<VoucherOrder> {
    const detail = await client.orderDetail({
      productVariant: variant,
      orderId,
    });
    if (detail.order.case !== "voucherOrder") throw new Error(`order ${orderId} is not a voucher order`);
    return detail.order.value;
  }

  /** PaymentStart, the sandbox gateway's page and an approval there: answers the return the gateway sends back. */
  async function approveAtGateway(orderId: string, variant = czVariant) {
    const { gateway } = await client.paymentStart({
      productVariant: variant,
      orderId,
      returnUrl: returnUrlOf(orderId),
    });
    if (!gateway) throw new Error("PaymentStart answered no gateway");
    const origin = apis[0]!.origin;
    const html = await (await fetch(`${origin}${gateway.url}`)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no decision form on the gateway's page:\n${html}`);
    const answer = await fetch(`${origin}${decodeHtml(action)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "approve" }).toString(),
      redirect: "manual",
    });
    const location = new URL(answer.headers.get("location") ?? "");
    return {
      paymentId: location.pathname.split("/").pop()!,
      params: Object.fromEntries(location.searchParams),
    };
  }

  async function mailsAbout(orderNumber: string): Promise<string[]> {
    const files = await readdir(mailDir);
    const texts = await Promise.all(files.map((file) => readFile(join(mailDir, file), "utf8")));
    return texts.filter((text) => text.includes(`order-${orderNumber}-`));
  }

  describe("preview", () => {
    it("prices a gift in both fee modes with a split payment, and offers the presets, bounds and extra service", async () => {
      const plus = await client.voucherOrderPreview(giftRequest);
      const p = plus.orderPreview!;
      expect(minorOf(p.voucherValue)).toBe(300_000);
      expect(minorOf(p.price!.serviceFee)).toBe(20_000);
      expect(minorOf(p.price!.total)).toBe(320_000);
      expect(p.presets.map(minorOf)).toEqual([100_000, 300_000, 500_000]);
      expect([minorOf(p.minValue), minorOf(p.maxValue), minorOf(p.extraServicePrice)]).toEqual([
        50_000, 10_000_000, 14_900,
      ]);

      const included = await client.voucherOrderPreview({
        ...giftRequest,
        feeMode: VoucherFeeMode.FEES_INCLUDED,
        extraService: true,
        paymentRequest: {
          payments: [{ methodId: "pluxee_cafeteria", value: money(220_000) }],
          lastPayment: "payment_card",
        },
      });
      const i = included.orderPreview!;
      expect(minorOf(i.price!.total)).toBe(300_000);
      expect(minorOf(i.price!.serviceFee)).toBe(20_000);
      expect(minorOf(i.price!.extraService)).toBe(14_900);
      expect(minorOf(i.voucherValue)).toBe(300_000 - 20_000 - 14_900);
      // Side by side, each method alone: the same total entered, the most left on the voucher first.
      const quotes = included.methodQuotes.map((quote) => [quote.methodId, minorOf(quote.total), minorOf(quote.voucherValue)]);
      expect(quotes[0]).toEqual(["payment_card", 300_000, 300_000 - 14_900]);
      expect(quotes.at(-1)).toEqual(["benefit_systems", 300_000, 300_000 - 27_200 - 14_900]);
      // Re-priced under the same id.
      const again = await client.voucherOrderPreview({
        ...giftRequest,
        previewId: included.previewId,
      });
      expect(again.previewId).toBe(included.previewId);
      expect(minorOf(again.orderPreview!.price!.total)).toBe(320_000);
    });

    it("refuses the Polish shop, a value out of bounds, fees that eat it all, and voucher codes", async () => {
      expect(
        await failureOf(
          client.voucherOrderPreview({
            ...giftRequest,
            productVariant: variants.DZB_PL,
            voucherValue: money(300_000, "PLN"),
            paymentRequest: { lastPayment: "transfer" },
          })
        )
      ).toMatchObject({
        code: Code.InvalidArgument,
        errorCode: ErrorCode.VOUCHER_UNSUPPORTED,
      });
      expect(
        await failureOf(
          client.voucherOrderPreview({
            ...giftRequest,
            voucherValue: money(20_000),
          })
        )
      ).toMatchObject({
        errorCode: ErrorCode.VOUCHER_VALUE_OUT_OF_RANGE,
        field: "voucher_value",
      });
      expect(
        await failureOf(
          client.voucherOrderPreview({
            ...giftRequest,
            voucherValue: money(10_000),
            feeMode: VoucherFeeMode.FEES_INCLUDED,
            extraService: true,
            paymentRequest: { lastPayment: "transfer" },
          })
        )
      ).toMatchObject({ errorCode: ErrorCode.VOUCHER_FEES_EXCEED_VALUE });
      expect(
        await failureOf(
          client.voucherOrderPreview({
            ...giftRequest,
            paymentRequest: {
              voucherCodes: ["12345678"],
              lastPayment: "transfer",
            },
          })
        )
      ).toMatchObject({
        errorCode: ErrorCode.VOUCHER_UNSUPPORTED,
        field: "payment_request.voucher_codes",
      });
    });
  });

  describe("ordering", () => {
    it("makes one order per preview, and refuses a request other than the one previewed", async () => {
      const preview = await client.voucherOrderPreview(giftRequest);
      const create = (instance: number) =>
        clientAt(instance).voucherOrderCreate({
          ...giftRequest,
          previewId: preview.previewId,
          paymentRequest: preview.paymentRequest,
          order: customer,
        });
      const orders = await Promise.all([create(0), create(1), create(0)]);
      expect(new Set(orders.map((o) => o.voucherOrder?.orderId)).size).toBe(1);
      const order = orders[0]!.voucherOrder!;
      expect(order.status).toBe(OrderStatus.WAITING);
      expect(order.payments.map((p) => [p.method?.methodId, minorOf(p.value), p.status])).toEqual([
        ["pluxee_cafeteria", 220_000, PaymentStatus.WAITING],
        ["payment_card", 100_000, PaymentStatus.WAITING],
      ]);
      expect(order.payBy).toBeDefined();
      expect(order.vouchers).toEqual([]);
      // Each create answers the order as a read of it answers it, the one that made it and those that found it.
      for (const answer of orders) expect(answer.voucherOrder).toEqual(await orderOf(order.orderId));

      // The preview's address in someone else's hands opens no order (its voucher's code is money).
      const stranger = { ...customer, email: "eva@example.cz" };
      expect(
        await failureOf(
          client.voucherOrderCreate({
            ...giftRequest,
            previewId: preview.previewId,
            paymentRequest: preview.paymentRequest,
            order: stranger,
          })
        )
      ).toMatchObject({ code: Code.AlreadyExists, errorCode: ErrorCode.ORDER_ALREADY_SENT });

      const other = await client.voucherOrderPreview(giftRequest);
      expect(
        await failureOf(
          client.voucherOrderCreate({
            ...giftRequest,
            voucherValue: money(500_000),
            previewId: other.previewId,
            paymentRequest: other.paymentRequest,
            order: customer,
          })
        )
      ).toMatchObject({
        code: Code.FailedPrecondition,
        errorCode: ErrorCode.PAYMENT_CALCULATION_CHANGED,
      });
    });
  });

  describe("paying and issuing", () => {
    it("pays in the sandbox; the voucher is issued once despite replayed returns and two workers, and e-mailed", async () => {
      const { order } = await buy();
      // The benefit card first, then the card, each approved at its gateway.
      const benefit = await approveAtGateway(order.orderId);
      const benefitReturn = { productVariant: czVariant, ...benefit };
      expect((await clientAt(1).paymentReturn(benefitReturn)).outcome).toBe(PaymentOutcome.PARTIALLY_PAID);
      const card = await approveAtGateway(order.orderId);
      const cardReturn = { productVariant: czVariant, ...card };
      const returns = await Promise.all([0, 1, 0, 1].map((i) => clientAt(i).paymentReturn(cardReturn)));
      expect(returns.map((r) => r.outcome)).toEqual(Array(4).fill(PaymentOutcome.PAID));
      await client.paymentReturn(benefitReturn);

      const paid = await orderOf(order.orderId);
      expect(paid.status).toBe(OrderStatus.PAID);
      expect(paid.vouchers).toEqual([]);
      // No voucher to print before it exists; the receipt of the payment is there once it was received.
      expect(paid.documents.map((document) => document.type)).toEqual([DocumentType.RECEIPT]);
      const voucherPdf = (type: DocumentType) =>
        client.orderDocument({ productVariant: czVariant, orderId: order.orderId, type });
      expect(await failureOf(voucherPdf(DocumentType.VOUCHER))).toMatchObject({
        errorCode: ErrorCode.ORDER_DOCUMENT_UNAVAILABLE,
      });

      // Two workers, each on its own connection where the database allows it, drain the queue at once.
      await Promise.all([0, 1].map((i) => drainJobs(db(i), handlersAt(i), now)));
      // A job run again by hand (a worker that crashed after issuing) changes nothing.
      await issueBoughtVoucher({ db: db(), now: () => now }, order.orderId);
      const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, order.orderId));
      expect(issued).toHaveLength(1);
      const [voucher] = issued;
      expect(voucher).toMatchObject({
        value: 300_000,
        balance: 300_000,
        product: "DZB_CZ",
        design: "mountains",
      });
      expect(voucher!.code).toMatch(/^[1-9]\d{7}$/);
      expect([voucher!.validFrom, voucher!.validTo]).toEqual(["2026-11-21", "2027-11-20"]);

      const detail = await orderOf(order.orderId);
      expect(detail.purchasedAsGift).toBe(true);
      const documentUrl = (kind: string) => `http://localhost:3000/status/${order.orderId}/dokument/${kind}`;
      expect(detail.documents.map((document) => [document.type, document.url])).toEqual([
        [DocumentType.VOUCHER, documentUrl("voucher")],
        [DocumentType.VOUCHER_CARD, documentUrl("voucher-card")],
        [DocumentType.RECEIPT, documentUrl("receipt")],
      ]);
      const receipt = await voucherPdf(DocumentType.RECEIPT);
      expect(receipt.fileName).toBe(`potvrzeni-platby-${order.orderNumber}.pdf`);
      const receiptText = await flatText(receipt.content);
      expect(receiptText).toContain(`Potvrzení o přijetí platby č. ${order.orderNumber}`);
      expect(receiptText).toContain("Toto není daňový doklad");
      expect(receiptText).toContain("Jana Nováková");
      expect(receiptText).toMatch(/Zaplaceno [\d ]+,\d\d Kč/);
      for (const type of [DocumentType.VOUCHER, DocumentType.VOUCHER_CARD]) {
        const pdf = await voucherPdf(type);
        expect(pdf.fileName).toBe(`poukaz-${voucher!.code}.pdf`);
        const text = await flatText(pdf.content);
        expect(text).toContain(voucher!.code);
        expect(text).toMatch(/3\s000,00\sKč/);
      }
      expect(detail.vouchers.map((v) => [v.code, v.state, minorOf(v.available)])).toEqual([
        [voucher!.code, VoucherState.VALID, 300_000],
      ]);

      const mails = await mailsAbout(order.orderNumber);
      const voucherMails = mails.filter((mail) => mail.includes("voucher_issued"));
      expect(voucherMails).toHaveLength(1);
      expect(voucherMails[0]).toMatch(/^To: jana@example\.com/im);
      const text = plainTextOf(voucherMails[0]!);
      expect(text).toContain(voucher!.code);
      expect(text).toContain(`http://localhost:3000/overeni-poukazu/${voucher!.code}`);
      expect(text).toContain(documentUrl("voucher"));
      expect(text).toContain(documentUrl("voucher-card"));
      expect(text).toContain(documentUrl("receipt"));
    });

    it("issues a voucher paid by transfer once the money is in, in the white label for six months", async () => {
      const request = {
        ...giftRequest,
        productVariant: whiteLabel,
        paymentRequest: { lastPayment: "transfer" },
      };
      const { order } = await buy(request, whiteLabel);
      expect(order.payments[0]?.qrCode).toMatch(/^data:image\/png;base64,/);
      await runJobs();
      expect((await orderOf(order.orderId, whiteLabel)).vouchers).toEqual([]);
      expect(await markTransferPaid(db(), order.orderNumber, now)).toMatchObject({ status: "paid" });
      await runJobs();
      const [voucher] = (await orderOf(order.orderId, whiteLabel)).vouchers;
      expect(timestampDate(voucher!.validTo!).toISOString()).toBe("2027-05-20T00:00:00.000Z");
    });

    it("draws another code when a random one is taken, and never shares one under concurrent issuing", async () => {
      const dates = {
        currency: "CZK" as const,
        value: 100,
        validFrom: "2026-01-01",
        validTo: "2026-12-31",
      };
      const taken = await issueCreditVoucher(db(), dates);
      // Every issue draws the taken code first, then the same four codes as the others, racing for them.
      const offsets = [Number(taken.code) - 10_000_000, 50_000_000, 50_000_001, 50_000_002, 50_000_003];
      const source = () => {
        let draw = 0;
        return () => offsets[draw++]!;
      };
      const issued = await Promise.all([0, 1, 2, 3].map((i) => issueCreditVoucher(db(i), dates, source())));
      expect(issued.map((voucher) => voucher.code).sort()).toEqual(["60000000", "60000001", "60000002", "60000003"]);
    });
  });

  describe("the voucher's detail by its code", () => {
    it("shows what was spent on a stay and what came back when that order was cancelled", async () => {
      const { order } = await buy({
        ...giftRequest,
        paymentRequest: { lastPayment: "transfer" },
      });
      await markTransferPaid(db(), order.orderNumber, now);
      await runJobs();
      const code = (await orderOf(order.orderId)).vouchers[0]!.code;

      const { order: stay } = await createOrder({
        voucherCodes: [code],
        lastPayment: "transfer",
      });
      const spent = minorOf(stay.payments.find((p) => p.method?.methodId === "voucher")!.value);
      expect(spent).toBeGreaterThan(0);
      expect(spent).toBeLessThanOrEqual(300_000);

      let { voucher } = await client.voucherDetail({
        productVariant: czVariant,
        voucherCode: code,
      });
      expect([minorOf(voucher!.total), minorOf(voucher!.used), minorOf(voucher!.available)]).toEqual([
        300_000,
        spent,
        300_000 - spent,
      ]);
      expect(voucher!.state).toBe(spent === 300_000 ? VoucherState.USED : VoucherState.VALID);
      expect(voucher!.spendings.map((s) => [s.orderNumber, minorOf(s.voucherUsage), minorOf(s.orderTotal)])).toEqual([
        [stay.orderNumber, spent, minorOf(stay.total)],
      ]);
      expect(voucher!.spendings[0]!.releasedAt).toBeUndefined();

      // The stay is not paid by its deadline: the shop cancels it and the credit goes back onto the voucher.
      await runJobs(new Date(timestampDate(stay.payBy!).getTime() + 60_000));
      ({ voucher } = await client.voucherDetail({
        productVariant: czVariant,
        voucherCode: code,
      }));
      expect(minorOf(voucher!.available)).toBe(300_000);
      expect(minorOf(voucher!.used)).toBe(0);
      expect(voucher!.spendings[0]!.releasedAt).toBeDefined();
    });

    it("says of what a stay took that it was returned once the stay's customer cancelled it for a new voucher", async () => {
      const { order } = await buy({ ...giftRequest, paymentRequest: { lastPayment: "transfer" } });
      await markTransferPaid(db(), order.orderNumber, now);
      await runJobs();
      const code = (await orderOf(order.orderId)).vouchers[0]!.code;
      const { order: stay, ownerKey } = await createOrder(
        { voucherCodes: [code], lastPayment: "transfer" },
        "DZB_CZ",
        { freelyCancellable: true }
      );
      const spent = minorOf(stay.payments.find((p) => p.method?.methodId === "voucher")!.value);
      const detail = () => client.voucherDetail({ productVariant: czVariant, voucherCode: code });
      expect((await detail()).voucher!.spendings[0]!.returnedAt).toBeUndefined();

      const cancelled = await client.orderCancel({ productVariant: czVariant, orderId: stay.orderId, ownerKey });
      expect(minorOf(cancelled.voucher?.available)).toBeGreaterThanOrEqual(spent);
      const { voucher } = await detail();
      // The credit went into the cancellation's new voucher, not back onto this one: it stays used, said as returned.
      expect(minorOf(voucher!.used)).toBe(spent);
      expect(voucher!.spendings.map((s) => [s.orderNumber, minorOf(s.voucherUsage)])).toEqual([[stay.orderNumber, spent]]);
      expect(timestampDate(voucher!.spendings[0]!.returnedAt!)).toEqual(now);
      expect(voucher!.spendings[0]!.releasedAt).toBeUndefined();
      // The check page says so on the spending's line, with the day.
      const page = voucherView(voucher!, viewFormats({ locale: "cs", variant: siteVariants.DZB_CZ } as AppLoadContext));
      expect(page.spendings[0]!.returned).toEqual({ how: "asNewVoucher", on: "21. listopadu 2026" });
    });

    it("answers where the voucher pays: not found, a coupon's unsupported type, another market's voucher", async () => {
      const czech = await issueCreditVoucher(db(), {
        currency: "CZK",
        product: "DZB_CZ",
        value: 10_000,
        validFrom: "2026-01-01",
        validTo: "2027-12-31",
      });
      await createCoupon(db(), {
        code: "LETO5",
        currency: "CZK",
        validFrom: "2026-01-01",
        validTo: "2027-12-31",
        bonus: 100,
        bonusPercent: 0,
        removeBusinessFee: false,
        removeTransactionFee: false,
        allowedMethodIds: null,
      });
      const detail = (voucherCode: string, productVariant = czVariant) =>
        failureOf(client.voucherDetail({ productVariant, voucherCode }));
      expect(await detail("10000001")).toMatchObject({
        code: Code.NotFound,
        errorCode: ErrorCode.VOUCHER_NOT_FOUND,
      });
      // Vouchers of the Czech shop and the Pluxee white label pay in both, the same market, and so are checked in both.
      const pluxee = await issueCreditVoucher(db(), {
        currency: "CZK",
        product: "DZB_WL_PLUXEE_CZ",
        value: 20_000,
        validFrom: "2026-01-01",
        validTo: "2026-12-31",
      });
      for (const [code, productVariant, available] of [
        [czech.code, whiteLabel, 10_000],
        [pluxee.code, czVariant, 20_000],
      ] as const) {
        const { voucher } = await client.voucherDetail({ productVariant, voucherCode: code });
        expect(minorOf(voucher!.available)).toBe(available);
      }
      expect(await detail(czech.code, variants.DZB_PL)).toMatchObject({
        errorCode: ErrorCode.VOUCHER_UNSUPPORTED,
      });
      expect(
        await failureOf(
          client.voucherDetail({
            productVariant: czVariant,
            voucherCode: "LETO5",
          })
        )
      ).toMatchObject({ errorCode: ErrorCode.INVALID_VOUCHER_CODE });
    });

    it("counts wrong codes toward the caller's budget, then refuses even a right one", async () => {
      const right = await issueCreditVoucher(db(), {
        currency: "CZK",
        value: 10_000,
        validFrom: "2026-01-01",
        validTo: "2027-12-31",
      });
      // A visitor of its own, as the web tier names it to the api.
      const asVisitor = { headers: { "x-forwarded-for": "203.0.113.7" } };
      const detail = (voucherCode: string) =>
        client.voucherDetail({ productVariant: czVariant, voucherCode }, asVisitor);
      for (let i = 0; i < 10; i += 1) {
        expect(await failureOf(detail(String(20_000_000 + i)))).toMatchObject({
          errorCode: ErrorCode.VOUCHER_NOT_FOUND,
        });
      }
      expect(await failureOf(detail(right.code))).toMatchObject({
        code: Code.ResourceExhausted,
        errorCode: ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED,
      });
      expect(
        (
          await client.voucherDetail({
            productVariant: czVariant,
            voucherCode: right.code,
          })
        ).voucher?.code
      ).toBe(right.code);
    });
  });

  describe("operator", () => {
    it("lists a customer's vouchers, sends one again, cancels one with a reason, which then cannot pay", async () => {
      // With the printed copy by post: the gift's recipient gave no address, so it goes to the buyer.
      const { order } = await buy({
        ...giftRequest,
        paymentRequest: { lastPayment: "transfer" },
        extraService: true,
      });
      await markTransferPaid(db(), order.orderNumber, now);
      await runJobs();
      const code = (await orderOf(order.orderId)).vouchers[0]!.code;
      const lines: string[] = [];
      // Non-breaking spaces of the money format as plain ones.
      const print = (line: string) => lines.push(line.replace(/[\u00a0\u202f]/g, " "));
      const ops = (...argv: string[]) => runOps(argv, { db: db(), now, print });

      await ops("voucher-resend", code);
      await runJobs();
      expect((await mailsAbout(order.orderNumber)).filter((mail) => mail.includes("voucher_issued"))).toHaveLength(2);

      await ops("voucher-cancel", code, "--reason", "bought twice by mistake");
      await expect(ops("voucher-cancel", code, "--reason", "again")).rejects.toThrow(/cancelled already/);
      await ops("voucher-list", "--email", "JANA@example.com");
      expect(lines.join("\n")).toContain(
        `voucher ${code} (order ${order.orderNumber}): CZK 3,000.00 of CZK 3,000.00 left`
      );
      expect(lines.join("\n")).toContain("cancelled: bought twice by mistake");
      expect(lines.join("\n")).toContain("printed copy by post to Jana Nováková, Dlouhá 12, 110 00 Praha, CZ");
      expect(lines.join("\n")).toContain("mail resent");

      const { voucher } = await client.voucherDetail({
        productVariant: czVariant,
        voucherCode: code,
      });
      expect(voucher!.state).toBe(VoucherState.CANCELLED);
      // A cancelled voucher is no longer offered to print; the receipt of the payment received stays.
      const documents = (await orderOf(order.orderId)).documents;
      expect(documents.map((document) => document.type)).toEqual([DocumentType.RECEIPT]);
      const printing = client.orderDocument({
        productVariant: czVariant,
        orderId: order.orderId,
        type: DocumentType.VOUCHER,
      });
      expect(await failureOf(printing)).toMatchObject({ errorCode: ErrorCode.ORDER_DOCUMENT_UNAVAILABLE });
      // A stay priced with it takes nothing from it: it is inactive.
      const priced = await previewStay({
        voucherCodes: [code],
        lastPayment: "transfer",
      });
      expect(priced.orderPreview!.paymentCalculation!.vouchersUsage!.invalidVouchers).toEqual([
        expect.objectContaining({
          code,
          reason: InvalidVoucherReason.INACTIVE,
        }),
      ]);
    });
  });
});
