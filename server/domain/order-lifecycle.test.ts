import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, isoDate } from "./calendar-date";
import {
  MIN_PAY_WINDOW_MS,
  PAY_WITHIN_MS,
  booksBeforePayment,
  cancelRefusal,
  cancellationDeadline,
  cancellationFees,
  cancellationVoucherValue,
  expiryPlan,
  owesPayment,
  paidAmount,
  payByDeadline,
  type ExpiringPayment,
} from "./order-lifecycle";
import type { BookingStatus, OrderStatus, PaymentStatus } from "./order-status";

const orderStatuses: OrderStatus[] = [
  "waiting",
  "paid",
  "partially_paid",
  "cancelled_by_user",
  "cancelled_duplicate",
  "cancelled_refund",
  "cancelled_automatically",
  "refunded_automatically",
];
const paymentStatuses: PaymentStatus[] = ["waiting", "cancelled", "rejected", "revoked", "refunded", "paid"];
const bookingStatuses: BookingStatus[] = ["active", "cancelled", "completed", "error", "pending", "not_ordered"];

const at = (iso: string) => new Date(iso);
const HOUR_MS = 60 * 60_000;

/** Instants from 2020 to 2040, to the millisecond. */
const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

describe("payByDeadline", () => {
  it("gives three days to pay when the stay and its free cancellation are far away", () => {
    expect(payByDeadline(at("2026-03-01T10:00:00Z"), "2026-06-01", [undefined])).toEqual(at("2026-03-04T10:00:00Z"));
  });

  it("ends at the start of the day before check-in", () => {
    expect(payByDeadline(at("2026-03-01T10:00:00Z"), "2026-03-03", [])).toEqual(at("2026-03-02T00:00:00Z"));
  });

  it("ends when the first room's free cancellation does, ignoring rooms without one", () => {
    const until = ["2026-03-05T12:00:00.000Z", undefined, "2026-03-02T18:00:00.000Z"];
    expect(payByDeadline(at("2026-03-01T10:00:00Z"), "2026-06-01", until)).toEqual(at("2026-03-02T18:00:00Z"));
  });

  it("still leaves an hour when everything else has already passed", () => {
    const created = at("2026-03-02T23:30:00Z");
    expect(payByDeadline(created, "2026-03-03", ["2026-03-01T00:00:00.000Z"])).toEqual(
      new Date(created.getTime() + MIN_PAY_WINDOW_MS)
    );
  });

  it("is never sooner than an hour and never later than three days after ordering", () => {
    fc.assert(
      fc.property(
        instants,
        fc.integer({ min: -5, max: 400 }),
        fc.array(fc.option(instants, { nil: undefined }), { maxLength: 4 }),
        (created, daysToCheckIn, until) => {
          const checkIn = isoDate(Math.floor(created / DAY_MS) + daysToCheckIn);
          const freeUntil = until.map((ms) => (ms === undefined ? undefined : new Date(ms).toISOString()));
          const payBy = payByDeadline(new Date(created), checkIn, freeUntil).getTime();
          expect(payBy).toBeGreaterThanOrEqual(created + HOUR_MS);
          expect(payBy).toBeLessThanOrEqual(created + 3 * DAY_MS);
          // Whatever limit leaves at least the hour is kept.
          for (const limit of until)
            if (limit !== undefined && limit >= created + HOUR_MS) expect(payBy).toBeLessThanOrEqual(limit);
        }
      )
    );
    expect(PAY_WITHIN_MS).toBe(3 * DAY_MS);
    expect(MIN_PAY_WINDOW_MS).toBe(HOUR_MS);
  });
});

describe("cancellationDeadline", () => {
  it("is when the first room stops being free to cancel", () => {
    const rooms = [
      { freeCancellationUntil: "2026-04-03T10:00:00.000Z" },
      { freeCancellationUntil: "2026-04-01T22:00:00.000Z" },
    ];
    expect(cancellationDeadline(rooms)).toEqual(at("2026-04-01T22:00:00Z"));
  });

  it("does not exist when a room cannot be cancelled free of charge, or there is no room", () => {
    expect(cancellationDeadline([{ freeCancellationUntil: "2026-04-03T10:00:00.000Z" }, {}])).toBeUndefined();
    expect(cancellationDeadline([])).toBeUndefined();
  });

  it("is one of the rooms' own ends and no later than any of them", () => {
    fc.assert(
      fc.property(fc.array(instants, { minLength: 1, maxLength: 5 }), (ends) => {
        const deadline = cancellationDeadline(
          ends.map((ms) => ({ freeCancellationUntil: new Date(ms).toISOString() }))
        );
        expect(ends).toContain(deadline!.getTime());
        for (const end of ends) expect(deadline!.getTime()).toBeLessThanOrEqual(end);
      })
    );
  });
});

describe("cancelRefusal", () => {
  const deadline = at("2026-04-01T22:00:00Z");
  const before = at("2026-04-01T21:59:59Z");
  const live = { status: "paid" as OrderStatus, bookingStatus: "active" as BookingStatus, deadline };

  it("lets a live order be cancelled before its deadline", () => {
    expect(cancelRefusal(live, before)).toBeUndefined();
    expect(cancelRefusal({ ...live, status: "waiting", bookingStatus: "not_ordered" }, before)).toBeUndefined();
  });

  it("refuses a final order, and a booking cancelled or over", () => {
    expect(cancelRefusal({ ...live, status: "cancelled_by_user" }, before)).toBe("final");
    expect(cancelRefusal({ ...live, bookingStatus: "cancelled" }, before)).toBe("final");
    expect(cancelRefusal({ ...live, bookingStatus: "completed" }, before)).toBe("final");
  });

  it("refuses at the deadline and after, and when there is no free cancellation", () => {
    expect(cancelRefusal(live, deadline)).toBe("deadline_passed");
    expect(cancelRefusal({ ...live, deadline: undefined }, before)).toBe("deadline_passed");
  });

  it("asks to wait while the room is being booked", () => {
    expect(cancelRefusal({ ...live, bookingStatus: "pending" }, before)).toBe("booking_in_progress");
  });

  it("never lets an order be cancelled once its deadline has passed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...orderStatuses),
        fc.constantFrom(...bookingStatuses),
        instants,
        fc.nat({ max: 30 * DAY_MS }),
        (status, bookingStatus, deadlineMs, late) => {
          const order = { status, bookingStatus, deadline: new Date(deadlineMs) };
          expect(cancelRefusal(order, new Date(deadlineMs + late))).toBeDefined();
        }
      )
    );
  });
});

describe("cancellation fees and voucher", () => {
  it("keep the service fee and the insurance", () => {
    expect(cancellationFees({ serviceFee: 23_450, insurance: 150_000 })).toBe(173_450);
    expect(cancellationFees({ serviceFee: 0, insurance: 0 })).toBe(0);
  });

  it("value the voucher at what was paid less the fees, never below zero", () => {
    expect(cancellationVoucherValue(1_234_550, 150_000)).toBe(1_084_550);
    expect(cancellationVoucherValue(100, 500)).toBe(0);
    expect(() => cancellationVoucherValue(-1, 0)).toThrow(RangeError);
    expect(() => cancellationVoucherValue(100, 1.5)).toThrow(RangeError);
  });

  it("never give back more than was paid, nor keep more than the fees", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.maxSafeNat(), (paid, fees) => {
        const voucher = cancellationVoucherValue(paid, fees);
        expect(voucher).toBeGreaterThanOrEqual(0);
        expect(voucher).toBeLessThanOrEqual(paid);
        expect(paid - voucher).toBeLessThanOrEqual(fees);
      })
    );
  });

  it("count the paid payments only, vouchers' credit included", () => {
    const payments = [
      { status: "paid" as const, value: 100 },
      { status: "waiting" as const, value: 1_000 },
      { status: "paid" as const, value: 20 },
      { status: "refunded" as const, value: 5 },
    ];
    expect(paidAmount(payments)).toBe(120);
    expect(paidAmount([])).toBe(0);
  });
});

describe("expiryPlan", () => {
  const payment = (overrides: Partial<ExpiringPayment>): ExpiringPayment => ({
    id: "p",
    methodId: "edenred_card",
    value: 10_000,
    status: "paid",
    atGateway: true,
    ...overrides,
  });

  it("cancels an order that received no money", () => {
    expect(expiryPlan([payment({ status: "waiting" }), payment({ methodId: "voucher", atGateway: false })])).toEqual({
      status: "cancelled_automatically",
      refundAtGateway: [],
      voucherValue: 0,
    });
  });

  it("refunds gateway payments there and turns a paid transfer into a voucher", () => {
    const plan = expiryPlan([
      payment({ id: "card" }),
      payment({ id: "transfer", methodId: "transfer", value: 5_000, atGateway: false }),
      payment({ id: "waiting", status: "waiting" }),
      payment({ id: "empty", value: 0 }),
    ]);
    expect(plan).toEqual({ status: "refunded_automatically", refundAtGateway: ["card"], voucherValue: 5_000 });
  });

  it("gives back exactly what was paid in money, once", () => {
    const payments = fc.array(
      fc.record({
        methodId: fc.constantFrom("edenred_card", "payment_card", "transfer", "voucher"),
        value: fc.nat({ max: 1_000_000 }),
        status: fc.constantFrom(...paymentStatuses),
        atGateway: fc.boolean(),
      }),
      { maxLength: 6 }
    );
    fc.assert(
      fc.property(payments, (parts) => {
        const list = parts.map((part, i) => ({ ...part, id: `p${i}` }));
        const plan = expiryPlan(list);
        const money = list.filter((p) => p.status === "paid" && p.methodId !== "voucher" && p.value > 0);
        const refunded = list.filter((p) => plan.refundAtGateway.includes(p.id)).reduce((s, p) => s + p.value, 0);
        expect(refunded + plan.voucherValue).toBe(money.reduce((s, p) => s + p.value, 0));
        expect(plan.status).toBe(money.length > 0 ? "refunded_automatically" : "cancelled_automatically");
      })
    );
  });
});

describe("what the deadlines apply to", () => {
  it("owes payment only while waiting or partially paid", () => {
    expect(orderStatuses.filter(owesPayment)).toEqual(["waiting", "partially_paid"]);
  });

  it("books before payment unless the stay is paid online now", () => {
    expect(booksBeforePayment("online_now")).toBe(false);
    expect(booksBeforePayment("online_later")).toBe(true);
    expect(booksBeforePayment("at_property")).toBe(true);
  });
});
