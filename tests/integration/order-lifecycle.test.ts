import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { AppLoadContext } from "@remix-run/node";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import {
  BookingProgress,
  BookingStatus,
  DocumentType,
  DuplicateChoice,
  OrderStatus,
  ReservationProgress,
  type HotelOrder,
} from "../../gen/dzb/shop/v1/order_pb";
import { PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { viewFormats } from "../../app/view-formats.server";
import { orderView } from "../../app/order/order-view.server";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { ProviderError, type BookingRequest, type HotelProvider } from "../../server/adapters/provider/hotel-provider";
import { createSimulatorProvider, simulatorSlugs } from "../../server/adapters/provider/simulator";
import { bookingRefOf } from "../../server/adapters/provider/simulator-booking";
import type { OpenDatabase } from "../../server/db/database";
import { jobs } from "../../server/db/schema";
import { formatDate, formatMoney } from "../../server/documents/format";
import { onlyEvent } from "../../server/documents/calendar-text.test-helper";
import { flatText } from "../../server/documents/pdf-text.test-helper";
import { marketDate } from "../../server/domain/stay";
import { dateOfTimestamp } from "../../shared/contract-dates";
import { voucherValidTo } from "../../server/domain/voucher-rules";
import { createJobHandlers } from "../../server/job-handlers";
import { claimNextJob } from "../../server/jobs/queue";
import { defaultLockForMs, startWorker, type JobHandlers } from "../../server/jobs/worker";
import { orderJobKinds } from "../../server/orders/order-jobs";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { findOrder } from "../../server/stores/orders";
import { siteVariants } from "../../server/variants/site-variants";
import { findVoucherByCode, issueCreditVoucher } from "../../server/stores/vouchers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { attachmentsOf, plainTextOf } from "../fixtures/mime";
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
} from "../fixtures/hotel-orders";
import { drainJobs, killBookingWorkerMidBooking } from "../fixtures/jobs";

/**
 * What happens to an order after it is placed, through the api and the worker's jobs on a real database: the booking
 * with the provider once it is paid (once, whatever crashes), the pay-by deadline, the customer's cancellation with
 * its voucher, the e-mails of the outbox and the documents. Jobs run as the worker runs them (`drainJobs`), under a
 * clock the test moves.
 */

const transferOnly = { lastPayment: "transfer" } as const;

/** Intl and the documents keep some words together with no-break spaces; the words are what is compared. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe.each(databaseTargets())("order lifecycle, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let handlers: JobHandlers;
  let mailDir: string;
  let clock = now;
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });

  /** Every booking the provider was asked for, and trouble to make of the next calls (a crash, an outage, a wait). */
  const booked: BookingRequest[] = [];
  const cancelled: string[] = [];
  let trouble: ((request: BookingRequest) => Promise<void>) | undefined;
  const provider: HotelProvider = {
    name: "simulator (counted)",
    resolveHotel: (link, signal) => simulator.resolveHotel(link, signal),
    resolveShareLink: (share, signal) => simulator.resolveShareLink(share, signal),
    availability: (search, signal) => simulator.availability(search, signal),
    async book(request, signal) {
      booked.push(request);
      const booking = await simulator.book(request, signal);
      await trouble?.(request);
      return booking;
    },
    async cancelBooking(bookingRef, signal) {
      cancelled.push(bookingRef);
      return simulator.cancelBooking(bookingRef, signal);
    },
  };

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, provider, now: () => clock });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    mailDir = await mkdtemp(join(tmpdir(), "dzb-lifecycle-mail-"));
    handlers = createJobHandlers({
      db: database.db,
      gateways: api.deps.gateways,
      now: () => clock,
      config: api.deps.config,
      provider,
      mailer: createFileMailer(mailDir),
      log: api.deps.log,
    });
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  const db = () => database.db;
  const { createOrder, preview, ownerKeyOf } = hotelOrderSteps({
    client: () => client,
    simulator,
    slugPrefix: "order-lifecycle-test",
  });
  /** The customer cancels, with the owner key their order's creation answered. */
  const cancel = (orderId: string, productVariant = czVariant) =>
    client.orderCancel({ productVariant, orderId, ownerKey: ownerKeyOf(orderId) });

  /** Runs the jobs due at `at`, with the test's clock at `at` while they run. */
  async function runJobs(at: Date = clock) {
    const before = clock;
    clock = at;
    try {
      return await drainJobs(db(), handlers, at);
    } finally {
      clock = before;
    }
  }

  async function orderOf(orderId: string): Promise<HotelOrder> {
    const detail = await client.orderDetail({ productVariant: czVariant, orderId });
    if (detail.order.case !== "hotelOrder") throw new Error(`order ${orderId} is not a hotel order`);
    return detail.order.value;
  }

  /** The e-mails written so far to the order's customer about this order number. */
  async function mailsAbout(orderNumber: string): Promise<string[]> {
    const files = await readdir(mailDir);
    const texts = await Promise.all(files.map((file) => readFile(join(mailDir, file), "utf8")));
    return texts.filter((text) => text.includes(`order-${orderNumber}-`));
  }

  /**
   * A worker dies in the middle of booking the order: the provider has booked, the shop has not recorded it, and the
   * worker's lease is renewed no more. On PostgreSQL the worker is a process of its own, killed with SIGKILL. PGlite is
   * one process's database, so there it is a claim made as the worker makes it, whose handler hangs at the provider and
   * whose lease nobody renews.
   */
  async function killWorkerMidBooking(orderId: string): Promise<void> {
    if (target.multiInstance) return killBookingWorkerMidBooking(testDb.options, clock, orderId);
    const job = await claimNextJob(db(), { kinds: [orderJobKinds.booking], now: clock, lockForMs: defaultLockForMs });
    expect(job?.payload).toEqual({ orderId });
    await new Promise<void>((atProvider) => {
      trouble = async (request) => {
        if (request.reference !== orderId) return;
        trouble = undefined;
        atProvider();
        await new Promise<never>(() => {});
      };
      void handlers[orderJobKinds.booking]!(job!.payload, {
        jobId: job!.id,
        attempt: job!.attempts,
        maxAttempts: job!.maxAttempts,
      });
    });
  }

  /** A paid order whose room is booked: paid by transfer, seen on the account, the booking job run. */
  async function bookedOrder() {
    const { order } = await createOrder(transferOnly, "DZB_CZ", { freelyCancellable: true });
    await markTransferPaid(db(), order.orderNumber, clock);
    await runJobs();
    const detail = await orderOf(order.orderId);
    expect(detail.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    return detail;
  }

  describe("one clock", () => {
    it("stamps the order, its payment and its jobs with the api's clock, never the database's", async () => {
      const { order } = await createOrder(transferOnly);
      const paidAt = new Date(clock.getTime() + 3 * 3_600_000);
      await markTransferPaid(db(), order.orderNumber, paidAt);
      const stored = await findOrder(db(), order.orderId);
      expect(stored?.createdAt).toEqual(clock);
      expect(stored?.payments.map((p) => p.paidAt)).toEqual([paidAt]);
      // The booking the payment called for is due when it was paid, by the same clock: not a moment before.
      expect(await runJobs(new Date(paidAt.getTime() - 1))).not.toContainEqual({ kind: "order-booking" });
      expect(await runJobs(paidAt)).toContainEqual({ kind: "order-booking" });
    });
  });

  describe("booking after payment", () => {
    it("books once the order is paid, never before, and mails the confirmation, the payment and the booking", async () => {
      const { order } = await createOrder(transferOnly);
      await runJobs();
      expect(booked.filter((b) => b.reference === order.orderId)).toHaveLength(0);
      const unpaid = await orderOf(order.orderId);
      expect(unpaid.booking).toMatchObject({ bookingStatus: BookingStatus.NOT_ORDERED, bookingReference: "" });
      expect([unpaid.progress, unpaid.bookingProgress]).toEqual([
        ReservationProgress.AWAITING_PAYMENT,
        BookingProgress.NOT_ORDERED,
      ]);

      await markTransferPaid(db(), order.orderNumber, clock);
      await runJobs();
      const detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      expect([detail.progress, detail.bookingProgress]).toEqual([ReservationProgress.CONFIRMED, BookingProgress.ACTIVE]);
      // The provider's reference, for the customer to quote at the hotel.
      expect(detail.booking?.bookingReference).toBe(bookingRefOf(order.orderId));
      const requests = booked.filter((b) => b.reference === order.orderId);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ hotelId: order.hotelDetail?.hotelId, currency: "CZK", language: "cs" });

      // Seeing the transfer again (an operator's double entry) changes nothing and books nothing more.
      await markTransferPaid(db(), order.orderNumber, clock);
      await runJobs();
      expect(booked.filter((b) => b.reference === order.orderId)).toHaveLength(1);

      const mails = await mailsAbout(order.orderNumber);
      expect(mails.map((mail) => /Message-ID:\s+<order-\d+-([a-z_]+)/i.exec(mail)?.[1]).sort()).toEqual([
        "booking_confirmed",
        "order_confirmation",
        "payment_received",
      ]);
      expect(mails.every((mail) => /^To: jana@example\.com/im.test(mail))).toBe(true);
      // The booking's confirmation carries the hotel's booking number, for the customer to quote at the hotel.
      const confirmed = mails.find((mail) => mail.includes("booking_confirmed"))!;
      expect(plainTextOf(confirmed)).toContain(`Číslo rezervace v hotelu: ${bookingRefOf(order.orderId)}`);
      // And the stay for the customer's calendar: the file the status page offers, attached, and its link.
      const [attached, ...more] = attachmentsOf(confirmed);
      expect(more).toEqual([]);
      expect([attached?.fileName, attached?.contentType]).toEqual([`pobyt-${order.orderNumber}.ics`, "text/calendar"]);
      const event = onlyEvent(attached!.content.toString("utf8"));
      expect(event.get("UID")?.raw).toBe(`stay-${order.orderId}`);
      expect(event.get("DTSTART")?.raw).toBe(dateOfTimestamp(detail.booking?.checkIn).replaceAll("-", ""));
      expect(event.get("DESCRIPTION")?.text).toContain(bookingRefOf(order.orderId));
      expect(plainTextOf(confirmed)).toContain(`/status/${order.orderId}/dokument/stay-calendar`);
      // The other mails carry nothing.
      expect(mails.filter((mail) => mail !== confirmed).flatMap(attachmentsOf)).toEqual([]);
    });

    it("a crash between payment and booking: the job books once after restart", async () => {
      const { order } = await createOrder(transferOnly);
      // The payment is committed with its booking job; the process dies before any worker runs it.
      await markTransferPaid(db(), order.orderNumber, clock);
      expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.NOT_ORDERED);

      // The restarted process's worker finds the job and books.
      const worker = startWorker({ db: db(), handlers, pollIntervalMs: 20, now: () => clock, log: api.deps.log });
      try {
        await expect
          .poll(async () => (await orderOf(order.orderId)).booking?.bookingStatus, { timeout: 15_000 })
          .toBe(BookingStatus.ACTIVE);
      } finally {
        await worker.stop();
      }
      expect(booked.filter((b) => b.reference === order.orderId)).toHaveLength(1);
    });

    it("a worker killed mid-booking: another worker books the order once the short lease has run out", async () => {
      await runJobs(); // nothing else is due, so the booking below is the first job the dying worker takes
      const { order } = await createOrder(transferOnly);
      await markTransferPaid(db(), order.orderNumber, clock);
      await killWorkerMidBooking(order.orderId);

      expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.PENDING);
      const bookingJob = eq(jobs.dedupeKey, `${orderJobKinds.booking}:${order.orderId}`);
      const [stalled] = await db().select().from(jobs).where(bookingJob);
      // The dead worker holds the booking for half a minute at most, not minutes.
      expect(stalled).toMatchObject({ attempts: 1, doneAt: null, lockedUntil: new Date(clock.getTime() + 30_000) });

      const asked = () => booked.filter((request) => request.reference === order.orderId).length;
      const askedBefore = asked();
      clock = stalled!.lockedUntil!;
      const takeover = startWorker({ db: db(), handlers, pollIntervalMs: 20, now: () => clock, log: api.deps.log });
      try {
        await expect
          .poll(async () => (await orderOf(order.orderId)).booking?.bookingStatus, { timeout: 15_000 })
          .toBe(BookingStatus.ACTIVE);
      } finally {
        await takeover.stop();
        clock = now;
      }
      await runJobs(stalled!.lockedUntil!); // the mails the booking called for

      // The provider keeps one booking per order: asked again, it answered the booking the dead worker had made.
      expect((await orderOf(order.orderId)).booking?.bookingReference).toBe(bookingRefOf(order.orderId));
      expect(asked()).toBe(askedBefore + 1);
      const [taken] = await db().select().from(jobs).where(bookingJob);
      expect(taken).toMatchObject({ attempts: 2, doneAt: stalled!.lockedUntil, lockedUntil: null });
      const mails = await mailsAbout(order.orderNumber);
      const confirmations = mails.filter((mail) => mail.includes(`order-${order.orderNumber}-booking_confirmed`));
      expect(confirmations).toHaveLength(1);
    });

    it("a crash after the provider booked but before the shop recorded it: the retry gets the same booking", async () => {
      const { order } = await createOrder(transferOnly);
      await markTransferPaid(db(), order.orderNumber, clock);
      let crashes = 1;
      trouble = async (request) => {
        if (request.reference === order.orderId && crashes-- > 0) throw new Error("worker killed mid-job");
      };
      try {
        const first = await runJobs();
        expect(first).toContainEqual({ kind: "order-booking", error: "worker killed mid-job" });
        expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.PENDING);
        // The retry is due after the worker's backoff.
        await runJobs(new Date(clock.getTime() + 3_600_000));
      } finally {
        trouble = undefined;
      }
      expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      const refs = await Promise.all(
        booked.filter((b) => b.reference === order.orderId).map((b) => simulator.book(b, AbortSignal.timeout(1000)))
      );
      expect(refs).toHaveLength(2);
      expect(new Set(refs.map((r) => r.bookingRef)).size).toBe(1);
    });

    it("the provider refusing ends in the booking error, with a mail, and no retry", async () => {
      const { order } = await createOrder(transferOnly, "DZB_CZ", { slug: simulatorSlugs.bookingRefused });
      await markTransferPaid(db(), order.orderNumber, clock);
      await runJobs();
      const detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.PAID);
      expect(detail.booking?.bookingStatus).toBe(BookingStatus.ERROR);
      await runJobs(new Date(clock.getTime() + 86_400_000));
      expect(booked.filter((b) => b.reference === order.orderId)).toHaveLength(1);
      expect((await mailsAbout(order.orderNumber)).some((mail) => mail.includes("booking_failed"))).toBe(true);
    });

    it("a provider that keeps failing is retried, then the booking ends in error on the last try", async () => {
      const { order } = await createOrder(transferOnly);
      await markTransferPaid(db(), order.orderNumber, clock);
      trouble = async (request) => {
        if (request.reference === order.orderId) throw new ProviderError("failed", "provider down");
      };
      try {
        let at = clock.getTime();
        for (let round = 0; round < 12; round += 1) {
          await runJobs(new Date(at));
          at += 86_400_000;
        }
      } finally {
        trouble = undefined;
      }
      const detail = await orderOf(order.orderId);
      expect(detail.booking?.bookingStatus).toBe(BookingStatus.ERROR);
      expect(booked.filter((b) => b.reference === order.orderId).length).toBeGreaterThan(1);
    });
  });

  describe("pay-by deadline", () => {
    it("an order still owing money shows its deadline; past it the order is cancelled and vouchers' credit returns", async () => {
      const voucher = await issueCreditVoucher(db(), {
        currency: "CZK",
        value: 50_000,
        validFrom: "2025-01-01",
        validTo: "2027-12-31",
      });
      const { order } = await createOrder({ voucherCodes: [voucher.code], lastPayment: "transfer" });
      expect(order.payBy).toBeDefined();
      const payBy = timestampDate(order.payBy!);
      expect(payBy.getTime()).toBeGreaterThan(now.getTime());
      const transfer = order.payments.find((p) => p.method?.methodId === "transfer")!;
      expect(transfer.payBy && timestampDate(transfer.payBy)).toEqual(payBy);
      expect((await findVoucherByCode(db(), voucher.code))?.balance).toBe(0);

      // Before the deadline nothing happens.
      await runJobs(new Date(payBy.getTime() - 60_000));
      expect((await orderOf(order.orderId)).status).toBe(OrderStatus.PARTIALLY_PAID);

      await runJobs(new Date(payBy.getTime() + 60_000));
      const detail = await orderOf(order.orderId);
      expect(detail.status).toBe(OrderStatus.CANCELLED_AUTOMATICALLY);
      expect(detail.payments.map((p) => p.status)).toEqual([PaymentStatus.REFUNDED, PaymentStatus.CANCELLED]);
      // The credit went back onto the voucher it came from, not into a new one.
      expect(detail.payments.map((p) => p.refundVoucherCode)).toEqual([undefined, undefined]);
      expect(detail.payBy).toBeUndefined();
      expect((await findVoucherByCode(db(), voucher.code))?.balance).toBe(50_000);
      expect((await mailsAbout(order.orderNumber)).some((mail) => mail.includes("cancelled_unpaid"))).toBe(true);
    });

    it.each([
      ["DZB_CZ", "cs", "24. listopadu 2026 v 23:59 SEČ"],
      ["DZB_PL", "pl", "24 listopada 2026 23:59 CET"],
    ] as const)(
      "the status page, the e-mail and the documents state the instant the api stores, with its time and zone (%s)",
      async (product, language, stated) => {
        const { order } = await createOrder(transferOnly, product);
        // Ordered at 11:00 on 21 November, market time: the end of the third day after.
        expect(timestampDate(order.payBy!)).toEqual(new Date("2026-11-24T22:59:00Z"));

        const page = orderView(
          order,
          viewFormats({ locale: language, variant: siteVariants[product] } as AppLoadContext)
        );
        const transfer = page.payments.find((payment) => payment.method.methodId === "transfer");
        expect(plain(transfer?.payBy ?? "")).toBe(stated);

        await runJobs();
        const confirmation = (await mailsAbout(order.orderNumber)).find((mail) => mail.includes("order_confirmation"));
        expect(plain(plainTextOf(confirmation ?? ""))).toContain(stated);

        // Both documents of an order owing money: the payment request and the terms.
        for (const type of [DocumentType.PAYMENT_REQUEST, DocumentType.TERMS]) {
          const pdf = await client.orderDocument({ productVariant: variants[product], orderId: order.orderId, type });
          expect(plain(await flatText(pdf.content)), DocumentType[type]).toContain(stated);
        }
      }
    );

    it("an order paid at the hotel owes nothing online: it is booked at once and no deadline cancels it", async () => {
      // Whichever method is to pay the rest: with nothing to pay online, it is charged nothing.
      const { order } = await createOrder(transferOnly, "DZB_CZ", { slug: "hotel-brno", payAtProperty: true });
      expect(order.payments).toEqual([]);
      expect(minorOf(order.price?.payOnSite)).toBe(minorOf(order.price?.total));
      expect(order.status).toBe(OrderStatus.PAID);
      expect(order.payBy).toBeUndefined();

      await runJobs();
      expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      // Weeks later, past any pay-by deadline the order could have had, the hotel still holds the room.
      await runJobs(new Date(now.getTime() + 40 * 24 * 60 * 60_000));
      const later = await orderOf(order.orderId);
      expect([later.status, later.booking?.bookingStatus]).toEqual([OrderStatus.PAID, BookingStatus.ACTIVE]);
    });

    it("a paid order is never cancelled by its deadline", async () => {
      const { order } = await createOrder(transferOnly);
      await markTransferPaid(db(), order.orderNumber, clock);
      await runJobs(new Date(timestampDate(order.payBy!).getTime() + 60_000));
      expect((await orderOf(order.orderId)).status).toBe(OrderStatus.PAID);
    });
  });

  describe("cancellation by the customer", () => {
    it("cancels a booked order: a voucher worth what was paid less the fees, the booking cancelled, a mail", async () => {
      const order = await bookedOrder();
      expect(order.cancellableUntil).toBeDefined();
      // Before the customer confirms, the order says what the voucher will be worth.
      const promised = minorOf(order.cancellationVoucherValue);
      const answer = await cancel(order.orderId);
      expect(answer.hotelOrder?.status).toBe(OrderStatus.CANCELLED_BY_USER);
      expect(answer.hotelOrder?.cancellableUntil).toBeUndefined();
      // What was paid online comes back (what is paid at the hotel never reached the shop); a transfer carries no
      // service fee and no insurance was bought, so no fees are kept.
      const paid = order.payments.reduce((sum, p) => sum + minorOf(p.value), 0);
      expect(minorOf(order.price?.serviceFee) + minorOf(order.price?.insurance)).toBe(0);
      const value = paid;
      expect(minorOf(answer.voucher?.available)).toBe(value);
      expect(promised).toBe(value);
      expect(answer.hotelOrder?.cancellationVoucherValue).toBeUndefined();
      expect(answer.voucher?.code).toMatch(/^\d{8}$/);
      expect(answer.hotelOrder?.refundVoucher?.code).toBe(answer.voucher?.code);
      // The money did not go back to the account it came from: the payment says which voucher it became.
      expect(answer.hotelOrder?.payments.map((p) => [p.status, p.refundVoucherCode])).toEqual([
        [PaymentStatus.REFUNDED, answer.voucher?.code],
      ]);
      // Until the job has cancelled it with the hotel, the booking is still held, and the customer is told so.
      expect(answer.hotelOrder?.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      expect(answer.hotelOrder?.progress).toBe(ReservationProgress.CANCELLED);
      expect(answer.hotelOrder?.bookingProgress).toBe(BookingProgress.CANCELLING);
      const stored = await findVoucherByCode(db(), answer.voucher!.code);
      expect(stored).toMatchObject({ balance: value, validTo: voucherValidTo("DZB_CZ", marketDate(clock)) });

      await runJobs();
      const afterJobs = await orderOf(order.orderId);
      expect(afterJobs.booking?.bookingStatus).toBe(BookingStatus.CANCELLED);
      expect(afterJobs.bookingProgress).toBe(BookingProgress.CANCELLED);
      expect(cancelled).toHaveLength(1);
      const mail = (await mailsAbout(order.orderNumber)).find((text) => text.includes("cancelled_with_voucher"));
      expect(mail).toContain(answer.voucher!.code);
      // The voucher comes to print too, as the PDF a bought voucher is printed from: its code and value.
      const attached = attachmentsOf(mail!);
      expect(attached.map(({ fileName, contentType }) => [fileName, contentType])).toEqual([
        [`poukaz-${answer.voucher!.code}.pdf`, "application/pdf"],
      ]);
      const printed = plain(await flatText(attached[0]!.content));
      expect(printed).toContain(answer.voucher!.code);
      expect(printed).toContain(plain(formatMoney(value, "CZK", "cs")));

      // Irreversible and idempotent: asking again answers the same voucher, and nothing else changes.
      const again = await cancel(order.orderId);
      expect(again.voucher?.code).toBe(answer.voucher?.code);
      expect((await orderOf(order.orderId)).payments.map((p) => p.status)).toEqual([PaymentStatus.REFUNDED]);
    });

    it("an unpaid order is cancelled with nothing owed and no voucher", async () => {
      const { order } = await createOrder(transferOnly, "DZB_CZ", { freelyCancellable: true });
      // Nothing paid: cancelling would give nothing back, and the order says so before the customer confirms.
      expect(order.cancellationVoucherValue).toBeDefined();
      expect(minorOf(order.cancellationVoucherValue)).toBe(0);
      const answer = await cancel(order.orderId);
      expect(answer.hotelOrder?.status).toBe(OrderStatus.CANCELLED_BY_USER);
      expect(answer.voucher).toBeUndefined();
      expect(answer.hotelOrder?.payments.map((p) => p.status)).toEqual([PaymentStatus.CANCELLED]);
    });

    it("refuses after the deadline, and while the room is being booked", async () => {
      const { order } = await createOrder(transferOnly, "DZB_CZ", { freelyCancellable: true });
      const deadline = timestampDate(order.cancellableUntil!);
      clock = new Date(deadline.getTime() + 1_000);
      try {
        expect(await failureOf(cancel(order.orderId))).toEqual({
          code: Code.FailedPrecondition,
          errorCode: ErrorCode.ROOM_NOT_CANCELLABLE_IN_DEADLINE,
          field: "order_id",
        });
        expect((await orderOf(order.orderId)).cancellableUntil).toBeUndefined();
      } finally {
        clock = now;
      }

      // The provider takes its time; meanwhile the booking is pending and the cancellation must wait.
      await markTransferPaid(db(), order.orderNumber, clock);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      trouble = async (request) => {
        if (request.reference === order.orderId) await held;
      };
      const booking = runJobs();
      try {
        await expect
          .poll(async () => (await orderOf(order.orderId)).booking?.bookingStatus)
          .toBe(BookingStatus.PENDING);
        expect(await failureOf(cancel(order.orderId))).toEqual({
          code: Code.FailedPrecondition,
          errorCode: ErrorCode.ORDER_INVALID_BOOKING_STATUS,
          field: "order_id",
        });
      } finally {
        release();
        await booking;
        trouble = undefined;
      }
      expect((await orderOf(order.orderId)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    });

    it("an order of another shop is not found", async () => {
      const { order } = await createOrder(transferOnly);
      const failure = await failureOf(cancel(order.orderId, variants.DZB_PL));
      expect(failure.errorCode).toBe(ErrorCode.ORDER_NOT_FOUND);
    });
  });

  describe("an unpaid order of the same stay", () => {
    const sameStay = { slug: "order-lifecycle-same-stay" };
    /** An order of the one stay these tests share, with the customer's choice about their unpaid orders of it. */
    async function orderSameStay(duplicates: DuplicateChoice) {
      const previewed = await preview(transferOnly, "DZB_CZ", sameStay);
      return client.hotelOrderCreate({
        productVariant: czVariant,
        previewId: previewed.previewId,
        paymentRequest: transferOnly,
        order: customer,
        duplicates,
      });
    }

    it("is named first; keeping both keeps both; replacing cancels it, says so on it, and e-mails its customer", async () => {
      const first = (await orderSameStay(DuplicateChoice.UNSPECIFIED)).hotelOrder!;
      const asked = await orderSameStay(DuplicateChoice.UNSPECIFIED);
      expect(asked.hotelOrder).toBeUndefined();
      expect(asked.unpaidOrdersOfStay.map((o) => o.orderNumber)).toEqual([first.orderNumber]);
      expect((await orderOf(first.orderId)).status).toBe(OrderStatus.WAITING);

      // Two identical rooms in two orders: both stay.
      const second = (await orderSameStay(DuplicateChoice.KEEP_BOTH)).hotelOrder!;
      expect([(await orderOf(first.orderId)).status, second.status]).toEqual([OrderStatus.WAITING, OrderStatus.WAITING]);

      const third = (await orderSameStay(DuplicateChoice.REPLACE)).hotelOrder!;
      for (const replaced of [first, second]) {
        const detail = await orderOf(replaced.orderId);
        expect(detail.status).toBe(OrderStatus.CANCELLED_DUPLICATE);
        expect(detail.replacedBy).toMatchObject({ orderId: third.orderId, orderNumber: third.orderNumber });
      }
      expect((await orderOf(third.orderId)).status).toBe(OrderStatus.WAITING);

      await runJobs();
      const [mail] = (await mailsAbout(first.orderNumber)).filter((text) => text.includes("order_replaced"));
      expect(mail).toContain(third.orderNumber);
      expect(mail).toContain(`/status/${third.orderId}`);
    });
  });

  describe("documents", () => {
    /** The document's text as the PDF reads, and the api's refusal of one the order does not have. */
    const documentText = async (orderId: string, type: DocumentType) =>
      flatText((await client.orderDocument({ productVariant: czVariant, orderId, type })).content);
    const unavailable = async (orderId: string, type: DocumentType) => {
      const failure = await failureOf(client.orderDocument({ productVariant: czVariant, orderId, type }));
      return [failure.code, failure.errorCode];
    };
    const refused = [Code.NotFound, ErrorCode.ORDER_DOCUMENT_UNAVAILABLE];
    /** An amount as the Czech documents print it, read back with plain spaces. */
    const czk = (minor: number) => formatMoney(minor, "CZK", "cs").replace(/\u00a0/g, " ");
    const onlineOf = (order: HotelOrder) => order.payments.reduce((sum, p) => sum + minorOf(p.value), 0);

    it("offers an unpaid order's payment request and terms, named in the customer's language, and no invoice", async () => {
      const { order } = await createOrder({
        payments: [{ methodId: "payment_card", value: money(20_000) }],
        lastPayment: "transfer",
      });
      expect(order.documents.map((d) => d.type)).toEqual([DocumentType.PAYMENT_REQUEST, DocumentType.TERMS]);
      expect(order.documents[0]!.url).toBe(
        `http://localhost:${api.deps.config.port}/status/${order.orderId}/dokument/payment-request`
      );
      for (const [type, name] of [
        [DocumentType.PAYMENT_REQUEST, /^vyzva-k-platbe-\d+\.pdf$/],
        [DocumentType.TERMS, /^podminky-\d+\.pdf$/],
      ] as const) {
        const pdf = await client.orderDocument({ productVariant: czVariant, orderId: order.orderId, type });
        expect(pdf.fileName).toMatch(name);
        expect(pdf.contentType).toBe("application/pdf");
        expect(new TextDecoder().decode(pdf.content.slice(0, 5))).toBe("%PDF-");
      }
      // It asks for what the shop takes online, not for what the hotel collects at the property.
      const text = await documentText(order.orderId, DocumentType.PAYMENT_REQUEST);
      expect(text).toContain("Toto není daňový doklad.");
      expect(text).toContain(`Celkem k úhradě online ${czk(onlineOf(order))}`);
      expect(onlineOf(order) + minorOf(order.price?.payOnSite)).toBe(minorOf(order.total));
      if (minorOf(order.price?.payOnSite) > 0) expect(text).not.toContain(czk(minorOf(order.total)));

      expect(await unavailable(order.orderId, DocumentType.INVOICE)).toEqual(refused);
      expect(await unavailable(order.orderId, DocumentType.CREDIT_NOTE)).toEqual(refused);
      expect(
        (await failureOf(client.orderDocument({ productVariant: czVariant, orderId: order.orderId, type: 0 }))).code
      ).toBe(Code.InvalidArgument);
    });

    it("offers the invoice, paid, once the money arrived, and no payment request any more", async () => {
      const { order } = await createOrder(transferOnly);
      // Received at 23:30 UTC on the day of the order: already the next day in Prague.
      const receivedAt = new Date(`${marketDate(clock)}T23:30:00Z`);
      await markTransferPaid(db(), order.orderNumber, receivedAt);
      const paid = await orderOf(order.orderId);
      expect(paid.documents.map((d) => d.type)).toEqual([DocumentType.INVOICE, DocumentType.TERMS]);
      const text = await documentText(order.orderId, DocumentType.INVOICE);
      expect(text).toContain(`Faktura – daňový doklad č. ${order.orderNumber}`);
      expect(text).toContain(`Zaplaceno ${czk(onlineOf(paid))}`);
      // Issued and dated the day the payment was received.
      const receivedOn = formatDate(marketDate(receivedAt), "cs").replace(/\u00a0/g, " ");
      expect(receivedOn).not.toBe(formatDate(marketDate(clock), "cs").replace(/\u00a0/g, " "));
      expect(text).toContain(`Datum vystavení ${receivedOn}`);
      expect(text).toContain(`Bankovní převod ${receivedOn} ${czk(onlineOf(paid))}`);
      expect(text).not.toContain("k úhradě");
      expect(await unavailable(order.orderId, DocumentType.PAYMENT_REQUEST)).toEqual(refused);
    });

    it("keeps the invoice of a paid order the customer cancelled and adds the credit note for its voucher", async () => {
      const order = await bookedOrder();
      const { voucher, hotelOrder } = await cancel(order.orderId);
      expect(hotelOrder?.documents.map((d) => d.type)).toEqual([
        DocumentType.INVOICE,
        DocumentType.CREDIT_NOTE,
        DocumentType.TERMS,
      ]);
      const text = await documentText(order.orderId, DocumentType.CREDIT_NOTE);
      expect(text).toContain(`Opravný daňový doklad č. D${order.orderNumber}`);
      expect(text).toContain(`Celkem ${czk(-minorOf(voucher?.available))}`);
      expect(text).toContain(`hodnotový poukaz ${voucher!.code}`);
      expect(await documentText(order.orderId, DocumentType.INVOICE)).toContain(`Zaplaceno ${czk(onlineOf(order))}`);
    });

    it("offers a booked stay's calendar file, one event each time, and none unbooked or cancelled", async () => {
      const { order } = await createOrder(transferOnly, "DZB_CZ", { freelyCancellable: true });
      // Waiting for its transfer, the room is not booked: nothing to put in a calendar.
      expect(order.documents.map((d) => d.type)).not.toContain(DocumentType.STAY_CALENDAR);
      expect(await unavailable(order.orderId, DocumentType.STAY_CALENDAR)).toEqual(refused);

      await markTransferPaid(db(), order.orderNumber, clock);
      await runJobs();
      const booked = await orderOf(order.orderId);
      expect(booked.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      const statusUrl = `http://localhost:${api.deps.config.port}/status/${order.orderId}`;
      expect(booked.documents.map((d) => [d.type, d.url])).toEqual([
        [DocumentType.INVOICE, expect.stringMatching(/\/invoice$/)],
        [DocumentType.TERMS, expect.stringMatching(/\/terms$/)],
        [DocumentType.STAY_CALENDAR, `${statusUrl}/dokument/stay-calendar`],
      ]);
      const calendar = () =>
        client.orderDocument({ productVariant: czVariant, orderId: order.orderId, type: DocumentType.STAY_CALENDAR });
      const file = await calendar();
      expect(file.fileName).toBe(`pobyt-${order.orderNumber}.ics`);
      expect(file.contentType).toBe("text/calendar; charset=utf-8");
      const event = onlyEvent(new TextDecoder().decode(file.content));
      const compact = (date: string) => date.replaceAll("-", "");
      expect(event.get("DTSTART")?.raw).toBe(compact(dateOfTimestamp(booked.booking?.checkIn)));
      expect(event.get("SUMMARY")?.text).toBe(`Pobyt: ${booked.hotel?.name}`);
      expect(plain(event.get("DESCRIPTION")?.text ?? "")).toContain(
        `Číslo rezervace v hotelu: ${bookingRefOf(order.orderId)}\nČíslo objednávky: ${order.orderNumber}`
      );
      expect(event.get("URL")?.raw).toBe(statusUrl);
      // Fetched again: the same event, for the calendar to update rather than add.
      expect(event.get("UID")?.raw).toBe(`stay-${order.orderId}`);
      expect(onlyEvent(new TextDecoder().decode((await calendar()).content)).get("UID")?.raw).toBe(
        `stay-${order.orderId}`
      );

      const { hotelOrder } = await cancel(order.orderId);
      expect(hotelOrder?.documents.map((d) => d.type)).not.toContain(DocumentType.STAY_CALENDAR);
      expect(await unavailable(order.orderId, DocumentType.STAY_CALENDAR)).toEqual(refused);
    });

    it("offers only the terms of an order cancelled before it was paid", async () => {
      const { order } = await createOrder(transferOnly, "DZB_CZ", { freelyCancellable: true });
      const { hotelOrder } = await cancel(order.orderId);
      expect(hotelOrder?.documents.map((d) => d.type)).toEqual([DocumentType.TERMS]);
      for (const type of [
        DocumentType.PAYMENT_REQUEST,
        DocumentType.INVOICE,
        DocumentType.CREDIT_NOTE,
        DocumentType.STAY_CALENDAR,
      ]) {
        expect(await unavailable(order.orderId, type)).toEqual(refused);
      }
    });
  });

  // Last: its booking and its stay would shift the stays and deadlines the tests above are written for.
  describe("paid by vouchers", () => {
    it("an order its vouchers pay in full is paid as it is made, answered as it is read, and booked", async () => {
      const voucher = await issueCreditVoucher(db(), {
        currency: "CZK",
        value: 10_000_000,
        validFrom: "2025-01-01",
        validTo: "2027-12-31",
      });
      const { order } = await createOrder({ voucherCodes: [voucher.code], lastPayment: "transfer" });
      expect(order.status).toBe(OrderStatus.PAID);
      expect(order.payments.map((p) => [p.method?.methodId, p.status])).toEqual([["voucher", PaymentStatus.PAID]]);
      // The create answers the order from what it inserted: the same order a read of it answers.
      expect(order).toEqual(await orderOf(order.orderId));

      await runJobs();
      const detail = await orderOf(order.orderId);
      expect(detail.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
      expect(booked.filter((b) => b.reference === order.orderId)).toHaveLength(1);
      // The confirmation, and no receipt: a voucher's credit is no money received.
      const mails = await mailsAbout(order.orderNumber);
      expect(mails.some((mail) => mail.includes("order_confirmation"))).toBe(true);
      expect(mails.some((mail) => mail.includes("payment_received"))).toBe(false);
    });
  });
});
