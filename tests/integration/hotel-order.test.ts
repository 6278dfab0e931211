import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { toJson } from "@bufbuild/protobuf";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { DuplicateChoice, OrderStatus } from "../../gen/dzb/shop/v1/order_pb";
import { InvalidVoucherReason, PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { HotelOrderCreateResponseSchema, HotelOrderPreviewResponseSchema, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { HotelProvider } from "../../server/adapters/provider/hotel-provider";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { shareOf } from "../../server/domain/money";
import { paymentMethodsFor } from "../../server/domain/payment-methods";
import type { ProductKey } from "../../server/domain/products";
import { serviceFeeBasisPoints } from "../../server/domain/service-fee";
import { parseSpayd, parseZbp } from "../../server/domain/transfer-payment";
import { payments } from "../../server/db/schema";
import { runOps } from "../../server/ops/commands";
import { findOrder } from "../../server/stores/orders";
import { findVoucherByCode, issueCreditVoucher, createCoupon } from "../../server/stores/vouchers";
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
  orderableProduct,
  variants,
} from "../fixtures/hotel-orders";
import { decodeQrDataUrl } from "../fixtures/qr-code";

/** Raises every price it passes on while `raised` is set: the provider's offer changing under an open preview. */
function changingProvider(inner: HotelProvider) {
  const state = { raised: false, soldOut: false };
  const provider: HotelProvider = {
    name: inner.name,
    resolveHotel: (link, signal) => inner.resolveHotel(link, signal),
    resolveShareLink: (share, signal) => inner.resolveShareLink(share, signal),
    async availability(search, signal) {
      const answer = await inner.availability(search, signal);
      return {
        ...answer,
        rooms: answer.rooms.map((room) => ({
          ...room,
          products: room.products
            .filter(() => !state.soldOut)
            .map((p) => (state.raised ? { ...p, discountedPrice: p.discountedPrice + 10_000 } : p)),
        })),
      };
    },
    book: (request, signal) => inner.book(request, signal),
    cancelBooking: (bookingRef, signal) => inner.cancelBooking(bookingRef, signal),
  };
  return { provider, state };
}

describe.each(databaseTargets())("hotel orders, $name", (target) => {
  let testDb: TestDatabase;
  let databases: OpenDatabase[];
  let apis: RunningApi[];
  let client: Client<typeof ShopService>;
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });
  const { provider, state } = changingProvider(simulator);
  const config = loadConfig({ ENV: "test", NODE_ENV: "test" });

  beforeAll(async () => {
    testDb = await target.create();
    // Two api instances on two connections where the database allows it, as two processes would run.
    databases = [await testDb.open()];
    if (target.multiInstance) databases.push(await testDb.open());
    apis = await Promise.all(databases.map((d) => startApiServer({ config, db: d.db, provider, now: () => now })));
    client = clientOf(apis[0]!);
  });

  /** A value voucher of the Czech shop holding `value` haléře, valid through the tests' year. */
  const czechVoucher = (value: number) =>
    issueCreditVoucher(databases[0]!.db, { currency: "CZK", value, validFrom: "2026-11-01", validTo: "2027-10-31" });

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await Promise.all(databases.map((d) => d.close()));
    await testDb.dispose();
  });

  const clientOf = (api: RunningApi) =>
    createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  /** The clients of every api instance, taken in turn. */
  const clientAt = (index: number) => clientOf(apis[index % apis.length]!);

  const { availability, preview, createOrder } = hotelOrderSteps({
    client: () => client,
    simulator,
    slugPrefix: "hotel-order-test",
  });

  describe("HotelOrderPreview", () => {
    it.each(["DZB_CZ", "DZB_PL"] as const)("prices every payment method of %s with its service fee", async (key) => {
      const first = await preview({ lastPayment: "transfer" }, key);
      const due = minorOf(first.orderPreview!.price!.payOnline);
      expect(due).toBeGreaterThan(0);
      // The insurance is offered at the market's price (SPEC §9), chosen or not.
      expect(minorOf(first.orderPreview!.insurancePrice)).toBe(key === "DZB_CZ" ? 150_000 : 19_900);
      for (const method of paymentMethodsFor(key as ProductKey).hotel) {
        const answer = await client.hotelOrderPreview({
          productVariant: variants[key],
          lookup: { case: "previewId", value: first.previewId },
          paymentRequest: { lastPayment: method.id },
        });
        expect(answer.previewId).toBe(first.previewId);
        const fee = shareOf(due, serviceFeeBasisPoints(key as ProductKey, method.id));
        const [output] = answer.orderPreview!.paymentCalculation!.paymentOutputs;
        expect(output?.methodId).toBe(method.id);
        expect(minorOf(output?.value)).toBe(due + fee);
        expect(minorOf(answer.orderPreview!.price!.serviceFee)).toBe(fee);
        expect(answer.orderPreview!.bookOnlyAfterPayment).toBe(method.id === "transfer");
      }
    });

    it.each([
      ["DZB_CZ", "payment_card"],
      ["DZB_PL", "pluxee_cafeteria"],
    ] as const)(
      "prices a new preview of %s with no method named by its cheapest, %s, without a fee",
      async (key, id) => {
        const answer = await preview({ lastPayment: "" }, key);
        expect(answer.paymentRequest?.lastPayment).toBe(id);
        expect(answer.orderPreview!.paymentCalculation!.paymentOutputs.map((output) => output.methodId)).toEqual([id]);
        expect(minorOf(answer.orderPreview!.price!.serviceFee)).toBe(0);
      }
    );

    it("splits three ways: a voucher's credit, a benefit card's part and the transfer for the rest", async () => {
      const voucher = await czechVoucher(50_000);
      const answer = await preview({
        voucherCodes: [voucher.code],
        payments: [{ methodId: "edenred_card", value: money(100_000) }],
        lastPayment: "transfer",
      });
      const { price, paymentCalculation } = answer.orderPreview!;
      // pay_online is what the customer pays online, the card's fee included; the methods split it without the fee.
      expect(minorOf(price!.payOnline)).toBe(minorOf(price!.total) - minorOf(price!.payOnSite));
      const due = minorOf(price!.payOnline) - minorOf(price!.serviceFee);
      const [credit] = paymentCalculation!.vouchersUsage!.creditEntries;
      expect(credit).toMatchObject({ code: voucher.code });
      expect(minorOf(credit!.willBeUsed)).toBe(50_000);
      const outputs = paymentCalculation!.paymentOutputs.map((o) => [o.methodId, minorOf(o.value)]);
      const edenredFee = shareOf(100_000, serviceFeeBasisPoints("DZB_CZ", "edenred_card"));
      expect(outputs).toEqual([
        ["edenred_card", 100_000 + edenredFee],
        ["transfer", due - 50_000 - 100_000],
      ]);
      expect(minorOf(price!.serviceFee)).toBe(edenredFee);
      // The split sums to what is paid online, fees on top.
      expect(50_000 + outputs.reduce((sum, [, value]) => sum + (value as number), 0)).toBe(due + edenredFee);
      // The preview keeps the request: asked by id alone, it answers the same split.
      const again = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: answer.previewId },
      });
      expect(again.paymentRequest?.voucherCodes).toEqual([voucher.code]);
      expect(again.orderPreview?.paymentCalculation).toEqual(answer.orderPreview?.paymentCalculation);
    });

    it("quotes every method alone, cheapest first, at the price the order then gets with it", async () => {
      const voucher = await czechVoucher(50_000);
      const answer = await preview({
        voucherCodes: [voucher.code],
        payments: [{ methodId: "edenred_card", value: money(100_000) }],
        lastPayment: "transfer",
      });
      const quotes = answer.methodQuotes.map((quote) => [quote.methodId, minorOf(quote.serviceFee), minorOf(quote.total)]);
      expect(quotes.map(([methodId]) => methodId)).toEqual([
        "payment_card",
        "transfer",
        "edenred_card",
        "edenred_cafeteria",
        "up_card",
        "pluxee_cafeteria",
        "benefit_systems",
      ]);
      for (const [methodId, fee, total] of quotes) {
        const alone = await client.hotelOrderPreview({
          productVariant: czVariant,
          lookup: { case: "previewId", value: answer.previewId },
          paymentRequest: { voucherCodes: [voucher.code], lastPayment: methodId as string },
        });
        expect([minorOf(alone.orderPreview!.price!.serviceFee), minorOf(alone.orderPreview!.price!.total)]).toEqual([
          fee,
          total,
        ]);
      }
      // Asked by id alone, the kept preview is compared with its voucher's credit too.
      const again = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: answer.previewId },
      });
      expect(again.methodQuotes).toEqual(answer.methodQuotes);
    });

    it("proposes the cheapest split for what the customer's cards hold, and takes it when asked", async () => {
      const first = await preview({ lastPayment: "transfer" });
      const due = minorOf(first.orderPreview!.price!.payOnline);
      // Pluxee (10 %) could pay it all; Edenred (5.9 %) holds a third of it and goes first.
      const balances = [
        { methodId: "pluxee_cafeteria", value: money(due * 2) },
        { methodId: "edenred_card", value: money(Math.floor(due / 3)) },
      ];
      const proposed = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: first.previewId },
        paymentRequest: { lastPayment: "transfer" },
        balances,
      });
      // Proposed, not taken: the preview is still paid by transfer.
      expect(proposed.paymentRequest?.payments).toEqual([]);
      const proposal = proposed.splitProposal!;
      const parts = proposal.paymentRequest!.payments.map((part) => [part.methodId, minorOf(part.value)]);
      expect(parts.map(([methodId]) => methodId)).toEqual(["edenred_card", "pluxee_cafeteria"]);
      expect(parts.reduce((sum, [, value]) => sum + (value as number), 0)).toBe(due);
      expect(proposal.paymentRequest!.lastPayment).toBe("transfer");

      const taken = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: first.previewId },
        paymentRequest: { lastPayment: "transfer" },
        balances,
        takeSplitProposal: true,
      });
      expect(taken.paymentRequest).toEqual(proposal.paymentRequest);
      expect(minorOf(taken.orderPreview!.price!.serviceFee)).toBe(minorOf(proposal.serviceFee));
      expect(minorOf(taken.orderPreview!.price!.total)).toBe(minorOf(proposal.total));
      const charged = taken.orderPreview!.paymentCalculation!.paymentOutputs.map((o) => [o.methodId, minorOf(o.value)]);
      expect(charged[0]![1]).toBeLessThanOrEqual(Math.floor(due / 3));
    });

    it("lists codes it cannot use with their reason instead of failing", async () => {
      const answer = await preview({ voucherCodes: ["99999999", "NOPE1"], lastPayment: "transfer" });
      expect(answer.orderPreview!.paymentCalculation!.vouchersUsage!.invalidVouchers).toEqual([
        expect.objectContaining({ code: "99999999", reason: InvalidVoucherReason.NOT_FOUND }),
        expect.objectContaining({ code: "NOPE1", reason: InvalidVoucherReason.NOT_FOUND }),
      ]);
    });

    it("says a value voucher whose credit is spent is used up, not unknown", async () => {
      const voucher = await czechVoucher(10_000);
      // The stay costs more than the voucher holds: the order spends all of it.
      await createOrder({ voucherCodes: [voucher.code], lastPayment: "transfer" });
      const answer = await preview({ voucherCodes: [voucher.code], lastPayment: "transfer" });
      expect(answer.orderPreview!.paymentCalculation!.vouchersUsage!.invalidVouchers).toEqual([
        expect.objectContaining({ code: voucher.code, reason: InvalidVoucherReason.USED_UP }),
      ]);
    });

    it("refuses a coupon for a payment method it is not valid for", async () => {
      await createCoupon(databases[0]!.db, {
        code: "CARD5",
        currency: "CZK",
        validFrom: "2026-11-01",
        validTo: "2027-10-31",
        bonus: 50_000,
        bonusPercent: 0,
        removeBusinessFee: false,
        removeTransactionFee: false,
        allowedMethodIds: ["payment_card"],
      });
      const refused = await failureOf(preview({ voucherCodes: ["CARD5"], lastPayment: "transfer" }));
      expect(refused).toMatchObject({
        code: Code.InvalidArgument,
        errorCode: ErrorCode.COUPON_NOT_FOR_PAYMENT_TYPE,
        field: "payment_request.voucher_codes[0]",
      });
      const accepted = await preview({ voucherCodes: ["CARD5"], lastPayment: "payment_card" });
      expect(minorOf(accepted.orderPreview!.price!.discount)).toBe(50_000);
    });

    it("refuses a first payment above the total, saying by how much", async () => {
      const stay = { slug: "hotel-order-test-overpaid" };
      const due = minorOf((await preview({ lastPayment: "transfer" }, "DZB_CZ", stay)).orderPreview!.price!.payOnline);
      const refused = await failureOf(
        preview(
          { payments: [{ methodId: "up_card", value: money(100_000_000) }], lastPayment: "transfer" },
          "DZB_CZ",
          stay
        )
      );
      expect(refused).toMatchObject({
        errorCode: ErrorCode.PAYMENT_VALUE_INVALID,
        field: "payment_request.payments[0].value",
      });
      // The same stay priced twice: the part asks this much above its price.
      expect(refused.excess).toBe(100_000_000 - due);
    });

    it("refuses more rooms than adults, and a party the rooms cannot take", async () => {
      const answer = await availability();
      // Three rooms of one rate, so the rate must have three left: fewer is refused first, as the next test shows.
      const productId = orderableProduct(answer, false, false, 3);
      const specification = (productIds: string[]) =>
        client.hotelOrderPreview({
          productVariant: czVariant,
          lookup: { case: "specification", value: { availabilityId: answer.availabilityId, productIds } },
          paymentRequest: { lastPayment: "transfer" },
        });
      expect(await failureOf(specification([productId, productId, productId]))).toMatchObject({
        errorCode: ErrorCode.PREVIEW_ADULTS_FEWER_THAN_PRODUCTS,
        field: "specification.product_ids",
      });
      expect(await failureOf(specification(["1_2"]))).toMatchObject({
        errorCode: ErrorCode.ROOM_NOT_SELECTABLE,
        field: "specification.product_ids[0]",
      });
    });

    it("refuses more rooms of a rate than are left at its price", async () => {
      // The simulator leaves only the last few rooms at some rates; the first of its hotels here with a last room.
      let found: { availabilityId: string; productId: string } | undefined;
      for (let hotel = 1; hotel <= 20 && found === undefined; hotel += 1) {
        const answer = await availability("DZB_CZ", `hotel-order-last-room-${hotel}`);
        const last = answer
          .hotelAvailability!.rooms.flatMap((room) => room.products)
          .find((p) => p.orderability?.isAvailable && p.fitsOccupancy && p.numberAvailableAtThisPrice === 1);
        if (last) found = { availabilityId: answer.availabilityId, productId: last.productId };
      }
      expect(found).toBeDefined();
      const { availabilityId, productId } = found!;
      const specification = (productIds: string[]) =>
        client.hotelOrderPreview({
          productVariant: czVariant,
          lookup: { case: "specification", value: { availabilityId, productIds } },
          paymentRequest: { lastPayment: "transfer" },
        });
      expect(await specification([productId])).toMatchObject({ previewId: expect.any(String) });
      // Two adults may take two rooms, but not two of the last one.
      expect(await failureOf(specification([productId, productId]))).toMatchObject({
        errorCode: ErrorCode.ROOM_NOT_SELECTABLE,
        field: "specification.product_ids[1]",
      });
    });

    it("keeps the latest re-price of a screen whatever order re-prices arrive in", async () => {
      const first = await preview({ lastPayment: "transfer" });
      const reprice = (lastPayment: string, revision: bigint) =>
        client.hotelOrderPreview({
          productVariant: czVariant,
          lookup: { case: "previewId", value: first.previewId },
          paymentRequest: { lastPayment },
          revision,
        });
      const methodOf = (answer: { paymentRequest?: { lastPayment: string } }) => answer.paymentRequest?.lastPayment;
      // The screen sent "card" (revision 100), then "Pluxee" (200); the card's re-price arrives last.
      expect(methodOf(await reprice("pluxee_cafeteria", 200n))).toBe("pluxee_cafeteria");
      const late = await reprice("payment_card", 100n);
      expect(methodOf(late)).toBe("pluxee_cafeteria");
      expect(late.orderPreview!.paymentCalculation!.paymentOutputs.map((o) => o.methodId)).toEqual(["pluxee_cafeteria"]);
      const kept = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: first.previewId },
      });
      expect(methodOf(kept)).toBe("pluxee_cafeteria");
      // A post without a revision (no JavaScript) is always the latest; a later revision applies again.
      expect(methodOf(await reprice("transfer", 0n))).toBe("transfer");
      expect(methodOf(await reprice("payment_card", 300n))).toBe("payment_card");
      expect(
        await failureOf(reprice("transfer", BigInt(Number.MAX_SAFE_INTEGER) + 1n))
      ).toMatchObject({ code: Code.InvalidArgument, errorCode: ErrorCode.INVALID_ARGUMENT, field: "revision" });
    });

    it("answers another shop's preview as not found", async () => {
      const answer = await preview({ lastPayment: "transfer" });
      const refused = await failureOf(
        client.hotelOrderPreview({
          productVariant: variants.DZB_PL,
          lookup: { case: "previewId", value: answer.previewId },
        })
      );
      expect(refused).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PAGE_NOT_FOUND });
    });
  });

  describe("HotelOrderCreate and OrderDetail", () => {
    it("creates the order with a payable transfer whose QR is a valid SPAYD, and ops marks it paid", async () => {
      const voucher = await czechVoucher(30_000);
      const paymentRequest = { voucherCodes: [voucher.code], lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const { hotelOrder } = await client.hotelOrderCreate({
        productVariant: czVariant,
        previewId: previewed.previewId,
        paymentRequest,
        order: customer,
      });
      expect(hotelOrder?.orderNumber).toMatch(/^26\d{6}$/);
      expect(hotelOrder?.status).toBe(OrderStatus.PARTIALLY_PAID);
      // The create answers the order from what it inserted: the same order a read of it answers, which alone shows
      // the transfer's QR code.
      const read = await client.orderDetail({ productVariant: czVariant, orderId: hotelOrder!.orderId });
      const shown = read.order.value as NonNullable<typeof hotelOrder>;
      expect(hotelOrder!.payments.map((payment) => payment.qrCode)).toEqual([undefined, undefined]);
      expect({ ...shown, payments: shown.payments.map(({ qrCode: _shown, ...payment }) => payment) }).toEqual({
        ...hotelOrder,
        payments: hotelOrder!.payments.map(({ qrCode: _none, ...payment }) => payment),
      });
      expect(minorOf(hotelOrder?.total)).toBe(minorOf(previewed.orderPreview!.price!.total));
      const [credit, transfer] = shown.payments;
      expect(credit).toMatchObject({ status: PaymentStatus.PAID, method: { methodId: "voucher" } });
      expect(transfer).toMatchObject({ status: PaymentStatus.WAITING, method: { methodId: "transfer" } });
      expect(transfer!.bankTransfer?.variableSymbol).toBe(hotelOrder!.orderNumber);
      const spayd = parseSpayd(decodeQrDataUrl(transfer!.qrCode!));
      if (!spayd.ok) expect.fail(spayd.reason);
      expect(spayd.fields).toMatchObject({
        ACC: transfer!.bankTransfer!.iban,
        AM: (minorOf(transfer!.value) / 100).toFixed(2),
        CC: "CZK",
        "X-VS": hotelOrder!.orderNumber,
      });
      expect((await findVoucherByCode(databases[0]!.db, voucher.code))?.balance).toBe(0);

      const lines: string[] = [];
      await runOps(["transfer-paid", hotelOrder!.orderNumber], {
        db: databases[0]!.db,
        now,
        print: (line) => lines.push(line),
      });
      expect(lines[0]).toContain("marked paid");
      const detail = await client.orderDetail({ productVariant: czVariant, orderId: hotelOrder!.orderId });
      expect(detail.order.case).toBe("hotelOrder");
      const paid = detail.order.value as NonNullable<typeof hotelOrder>;
      expect(paid.status).toBe(OrderStatus.PAID);
      expect(paid.payments.map((p) => p.status)).toEqual([PaymentStatus.PAID, PaymentStatus.PAID]);
      // A paid transfer needs no QR any more.
      expect(paid.payments[1]?.qrCode).toBeUndefined();
    });

    it("gives a Polish transfer a ZBP QR", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest, "DZB_PL");
      const { hotelOrder } = await client.hotelOrderCreate({
        productVariant: variants.DZB_PL,
        previewId: previewed.previewId,
        paymentRequest,
        order: { ...customer, mobile: "+48 123 456 789" },
      });
      const read = await client.orderDetail({ productVariant: variants.DZB_PL, orderId: hotelOrder!.orderId });
      const [transfer] = (read.order.value as NonNullable<typeof hotelOrder>).payments;
      const zbp = parseZbp(decodeQrDataUrl(transfer!.qrCode!));
      if (!zbp.ok) expect.fail(zbp.reason);
      expect(zbp.fields.amount).toBe(minorOf(transfer!.value));
      expect(zbp.fields.country).toBe("PL");
      // The title a customer types from the status page is the one the QR code fills in.
      expect(zbp.fields.title).toBe(transfer!.bankTransfer!.variableSymbol);
      expect(zbp.fields.title).toBe(hotelOrder!.orderNumber);
    });

    it("renders a transfer's QR code where it is shown, not at the order's creation, and answers a code kept before", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const { hotelOrder } = await client.hotelOrderCreate({
        productVariant: czVariant,
        previewId: previewed.previewId,
        paymentRequest,
        order: customer,
      });
      expect(hotelOrder!.payments[0]!.qrCode).toBeUndefined();
      const db = databases[0]!.db;
      const [stored] = (await findOrder(db, hotelOrder!.orderId))!.payments;
      expect(stored?.transferQr).toBeNull();
      const qrOfDetail = async () => {
        const detail = await client.orderDetail({ productVariant: czVariant, orderId: hotelOrder!.orderId });
        return (detail.order.value as NonNullable<typeof hotelOrder>).payments[0]!.qrCode!;
      };
      const shown = await qrOfDetail();
      const text = decodeQrDataUrl(shown);
      expect(parseSpayd(text)).toMatchObject({ ok: true, fields: { "X-VS": hotelOrder!.orderNumber } });
      expect(await qrOfDetail()).toBe(shown);

      // A code the shop kept with the payment (decision 022) is answered while it encodes the transfer's text...
      const kept = "data:image/png;base64,a-kept-image";
      const keep = (qrText: string) =>
        db.update(payments).set({ transferQrText: qrText, transferQrImage: kept }).where(eq(payments.id, stored!.id));
      await keep(text);
      expect(await qrOfDetail()).toBe(kept);
      // ...and not once the transfer reads otherwise (the shop's account has changed since).
      await keep("SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00");
      expect(await qrOfDetail()).toBe(shown);
    });

    it("makes one order of 20 concurrent creates from one preview", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          clientAt(i).hotelOrderCreate({
            productVariant: czVariant,
            previewId: previewed.previewId,
            paymentRequest,
            order: customer,
          })
        )
      );
      const ids = new Set(results.map((r) => r.hotelOrder?.orderId));
      expect(ids.size).toBe(1);
      expect(new Set(results.map((r) => r.hotelOrder?.orderNumber)).size).toBe(1);
    });

    it("names the order a preview made by its number when the preview is read again, never by its id", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const read = () =>
        client.hotelOrderPreview({ productVariant: czVariant, lookup: { case: "previewId", value: previewed.previewId } });
      expect(previewed.orderNumber).toBe("");
      expect((await read()).orderNumber).toBe("");
      const { hotelOrder } = await client.hotelOrderCreate({
        productVariant: czVariant,
        previewId: previewed.previewId,
        paymentRequest,
        order: customer,
      });
      const again = await read();
      expect(again.orderNumber).toBe(hotelOrder!.orderNumber);
      // The preview's id travels with the reservation's address; the order's id, which opens the order, does not.
      expect(JSON.stringify(toJson(HotelOrderPreviewResponseSchema, again))).not.toContain(hotelOrder!.orderId);
    });

    it("lets exactly 3 of 20 concurrent orders spend a voucher worth 3 of them, never below zero", async () => {
      // Twenty people order the same room; the voucher holds three times its price.
      const answer = await availability();
      const productIds = [orderableProduct(answer)];
      const specification = { availabilityId: answer.availabilityId, productIds };
      const probe = await client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "specification", value: specification },
        paymentRequest: { lastPayment: "transfer" },
      });
      const due = minorOf(probe.orderPreview!.price!.payOnline);
      const voucher = await issueCreditVoucher(databases[0]!.db, {
        currency: "CZK",
        value: 3 * due,
        validFrom: "2026-11-01",
        validTo: "2027-10-31",
      });
      const paymentRequest = { voucherCodes: [voucher.code], lastPayment: "transfer" };
      const previews = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.hotelOrderPreview({
            productVariant: czVariant,
            lookup: { case: "specification", value: specification },
            paymentRequest,
          })
        )
      );
      for (const p of previews) {
        expect(minorOf(p.orderPreview!.paymentCalculation!.vouchersUsage!.creditEntries[0]?.willBeUsed)).toBe(due);
      }
      const outcomes = await Promise.allSettled(
        previews.map(({ previewId }, i) =>
          clientAt(i).hotelOrderCreate({
            productVariant: czVariant,
            previewId,
            paymentRequest,
            order: { ...customer, email: `guest${i}@example.com` },
          })
        )
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
      for (const failed of outcomes.filter((o) => o.status === "rejected")) {
        const error = ConnectError.from((failed as PromiseRejectedResult).reason);
        expect(error.findDetails(ErrorDetailSchema)[0]?.code).toBe(ErrorCode.VOUCHER_BALANCE_CHANGED);
      }
      expect((await findVoucherByCode(databases[0]!.db, voucher.code))?.balance).toBe(0);
    });

    it("refuses an order whose payment differs from its preview", async () => {
      const previewed = await preview({ lastPayment: "transfer" });
      const refused = await failureOf(
        client.hotelOrderCreate({
          productVariant: czVariant,
          previewId: previewed.previewId,
          paymentRequest: { lastPayment: "payment_card" },
          order: customer,
        })
      );
      expect(refused).toMatchObject({
        code: Code.FailedPrecondition,
        errorCode: ErrorCode.PAYMENT_CALCULATION_CHANGED,
      });
    });

    it("refuses an order without the consents, with a bad phone, another country's postal code or an unnamed guest, naming the field", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const create = (order: typeof customer & { bookingForSomeoneElse?: boolean }) =>
        client.hotelOrderCreate({ productVariant: czVariant, previewId: previewed.previewId, paymentRequest, order });
      expect(await failureOf(create({ ...customer, agreeTac: false }))).toMatchObject({
        errorCode: ErrorCode.INPUT_CONSENT_REQUIRED,
        field: "order.agree_tac",
      });
      expect(await failureOf(create({ ...customer, mobile: "12" }))).toMatchObject({
        errorCode: ErrorCode.INPUT_PHONE_INVALID,
        field: "order.mobile",
      });
      const polishCode = { ...customer.contactAddress, postalCode: "00-238" };
      expect(await failureOf(create({ ...customer, contactAddress: polishCode }))).toMatchObject({
        errorCode: ErrorCode.INPUT_POSTAL_CODE_INVALID,
        field: "order.contact_address.postal_code",
      });
      expect(await failureOf(create({ ...customer, bookingForSomeoneElse: true }))).toMatchObject({
        errorCode: ErrorCode.INPUT_REQUIRED,
        field: "order.guest_name",
      });
    });

    it("cancels an order whose price rose since the preview, gives the credit back, and says so on a retry", async () => {
      const voucher = await czechVoucher(20_000);
      const paymentRequest = { voucherCodes: [voucher.code], lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      const create = () =>
        client.hotelOrderCreate({
          productVariant: czVariant,
          previewId: previewed.previewId,
          paymentRequest,
          order: customer,
        });
      state.raised = true;
      try {
        expect(await failureOf(create())).toMatchObject({
          code: Code.FailedPrecondition,
          errorCode: ErrorCode.ORDER_PRICE_INCREASED,
        });
        expect((await findVoucherByCode(databases[0]!.db, voucher.code))?.balance).toBe(20_000);
        state.raised = false;
        expect(await failureOf(create())).toMatchObject({ errorCode: ErrorCode.ORDER_PRICE_INCREASED });
      } finally {
        state.raised = false;
      }
    });

    it("cancels an order whose rooms sold out since the preview", async () => {
      const paymentRequest = { lastPayment: "transfer" };
      const previewed = await preview(paymentRequest);
      state.soldOut = true;
      try {
        const refused = await failureOf(
          client.hotelOrderCreate({
            productVariant: czVariant,
            previewId: previewed.previewId,
            paymentRequest,
            order: customer,
          })
        );
        expect(refused.errorCode).toBe(ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE);
      } finally {
        state.soldOut = false;
      }
    });

    it("names an unpaid earlier order of the same stay, and replaces it when the customer says so", async () => {
      const answer = await availability();
      const productId = orderableProduct(answer);
      const paymentRequest = { lastPayment: "transfer" };
      const order = async (duplicates = DuplicateChoice.UNSPECIFIED) => {
        const previewed = await client.hotelOrderPreview({
          productVariant: czVariant,
          lookup: { case: "specification", value: { availabilityId: answer.availabilityId, productIds: [productId] } },
          paymentRequest,
        });
        return client.hotelOrderCreate({
          productVariant: czVariant,
          previewId: previewed.previewId,
          paymentRequest,
          order: customer,
          duplicates,
        });
      };
      const first = (await order()).hotelOrder!;
      // Nothing happens behind the customer's back: no order yet, the earlier one named.
      const asked = await order();
      expect(asked.hotelOrder).toBeUndefined();
      expect(asked.unpaidOrdersOfStay.map((o) => [o.orderNumber, o.createdAt])).toEqual([
        [first.orderNumber, first.createdAt],
      ]);
      // Whoever typed the e-mail is not thereby its owner: the earlier order is named, never opened.
      expect(JSON.stringify(toJson(HotelOrderCreateResponseSchema, asked))).not.toContain(first.orderId);
      const second = (await order(DuplicateChoice.REPLACE)).hotelOrder!;
      expect(second.orderId).not.toBe(first.orderId);
      const detail = await client.orderDetail({ productVariant: czVariant, orderId: first.orderId });
      expect((detail.order.value as typeof first).status).toBe(OrderStatus.CANCELLED_DUPLICATE);
      expect((detail.order.value as typeof first).payments[0]?.status).toBe(PaymentStatus.CANCELLED);
      expect((detail.order.value as typeof first).replacedBy).toMatchObject({
        orderId: second.orderId,
        orderNumber: second.orderNumber,
      });
    });

    it("answers an unknown order as not found", async () => {
      const refused = await failureOf(
        client.orderDetail({ productVariant: czVariant, orderId: "00000000-0000-4000-8000-000000000000" })
      );
      expect(refused).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.ORDER_NOT_FOUND });
    });
  });
});
