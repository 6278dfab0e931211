import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, isoDate } from "../../shared/calendar-date";
import {
  MIN_PAY_WINDOW_MS,
  PAY_WITHIN_DAYS,
  booksBeforePayment,
  cancelRefusal,
  cancellationDeadline,
  cancellationFees,
  cancellationVoucherValue,
  expiryPlan,
  orderCancellationValue,
  owesPayment,
  paidAmount,
  payByDeadline,
  payByDeadlineWithoutStay,
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
  const prague = "Europe/Prague";
  const far = "2027-06-01";

  it("ends at 23:59 in the market's zone three days after the day of ordering, not at the minute of ordering", () => {
    // Ordered at 02:09 Prague time: the old rule said 28 November 01:09.
    expect(payByDeadline(at("2026-11-25T01:09:00Z"), far, [undefined], prague)).toEqual(at("2026-11-28T22:59:00Z"));
    // Ordered at 00:30 Prague time, still the 25th in UTC: the market's day counts.
    expect(payByDeadline(at("2026-11-25T23:30:00Z"), far, [], prague)).toEqual(at("2026-11-29T22:59:00Z"));
    // Summer time, and the Polish market's own zone.
    expect(payByDeadline(at("2026-07-01T08:00:00Z"), far, [], "Europe/Warsaw")).toEqual(at("2026-07-04T21:59:00Z"));
    expect(payByDeadline(at("2026-07-01T08:00:00Z"), far, [], "Europe/London")).toEqual(at("2026-07-04T22:59:00Z"));
  });

  it("keeps 23:59 across a daylight-saving switch", () => {
    expect(payByDeadline(at("2026-03-27T12:00:00Z"), far, [], prague)).toEqual(at("2026-03-30T21:59:00Z"));
    expect(payByDeadline(at("2026-10-23T12:00:00Z"), far, [], prague)).toEqual(at("2026-10-26T22:59:00Z"));
  });

  it("refuses a check-in that is not a calendar date, and says which", () => {
    expect(() => payByDeadline(at("2026-02-01T10:00:00Z"), "2026-02-30", [], prague)).toThrow(
      new RangeError('no pay-by deadline for an order made 2026-02-01T10:00:00.000Z for check-in "2026-02-30"')
    );
  });

  it("ends with the day two days before check-in, so the stay is paid before the day before arrival", () => {
    expect(payByDeadline(at("2026-03-01T10:00:00Z"), "2026-03-04", [], prague)).toEqual(at("2026-03-02T22:59:00Z"));
  });

  it("ends when the first room's free cancellation does, cut to the minute, ignoring rooms without one", () => {
    const until = ["2026-03-05T12:00:00.000Z", undefined, "2026-03-02T18:00:30.500Z"];
    expect(payByDeadline(at("2026-03-01T10:00:00Z"), far, until, prague)).toEqual(at("2026-03-02T18:00:00Z"));
  });

  it("still leaves an hour, to the next whole minute, when everything else has already passed", () => {
    const created = at("2026-03-02T23:30:10Z");
    expect(payByDeadline(created, "2026-03-03", ["2026-03-01T00:00:00.000Z"], prague)).toEqual(
      at("2026-03-03T00:31:00Z")
    );
  });

  it("refuses a check-in that is not a date", () => {
    expect(() => payByDeadline(at("2026-03-01T10:00:00Z"), "2026-02-30", [], prague)).toThrow(RangeError);
  });

  /** The wall clock in a zone, read by Intl rather than by the arithmetic under test. */
  function wallClock(ms: number, timeZone: string): { date: string; time: string } {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(ms)
        .map((part) => [part.type, part.value])
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  }
  const daysLater = (date: string, days: number) => isoDate(Math.round(Date.parse(date) / DAY_MS) + days);
  const zones = fc.constantFrom("Europe/Prague", "Europe/Warsaw");

  it("is a whole minute, at least the minimum after ordering, never after a cap unless the minimum forces it", () => {
    fc.assert(
      fc.property(
        instants,
        fc.integer({ min: -5, max: 400 }),
        fc.array(fc.option(instants, { nil: undefined }), { maxLength: 4 }),
        zones,
        (created, daysToCheckIn, until, zone) => {
          const orderedOn = wallClock(created, zone).date;
          const checkIn = daysLater(orderedOn, daysToCheckIn);
          const freeUntil = until.map((ms) => (ms === undefined ? undefined : new Date(ms).toISOString()));
          const payBy = payByDeadline(new Date(created), checkIn, freeUntil, zone).getTime();
          const earliest = Math.ceil((created + HOUR_MS) / 60_000) * 60_000;
          expect(payBy % 60_000).toBe(0);
          expect(payBy).toBeGreaterThanOrEqual(created + MIN_PAY_WINDOW_MS);
          for (const limit of until)
            if (limit !== undefined) expect(payBy).toBeLessThanOrEqual(Math.max(limit, earliest));
          const local = wallClock(payBy, zone);
          if (payBy > earliest) {
            // Not later than the third day after ordering, nor than the day two days before check-in.
            expect(local.date <= daysLater(orderedOn, PAY_WITHIN_DAYS)).toBe(true);
            expect(local.date <= daysLater(checkIn, -2)).toBe(true);
            // At the end of a day, unless a room's free cancellation ends sooner.
            const cutByRoom = until.some((ms) => ms !== undefined && Math.floor(ms / 60_000) * 60_000 === payBy);
            if (!cutByRoom) expect(local.time).toBe("23:59");
          }
        }
      )
    );
    expect(PAY_WITHIN_DAYS).toBe(3);
    expect(MIN_PAY_WINDOW_MS).toBe(HOUR_MS);
  });

  it("is 23:59 on the third day after ordering around every daylight-saving switch from 2020 to 2040", () => {
    /** Europe switches on the last Sunday of March and of October. */
    const switchDay = (year: number, month: 2 | 9) => {
      const last = new Date(Date.UTC(year, month, 31));
      return last.getTime() - last.getUTCDay() * DAY_MS;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2040 }),
        fc.constantFrom(2 as const, 9 as const),
        fc.integer({ min: -5 * DAY_MS, max: 5 * DAY_MS }),
        zones,
        (year, month, offset, zone) => {
          const created = switchDay(year, month) + offset;
          const payBy = payByDeadline(new Date(created), far.replace("2027", String(year + 1)), [], zone);
          expect(wallClock(payBy.getTime(), zone)).toEqual({
            date: daysLater(wallClock(created, zone).date, PAY_WITHIN_DAYS),
            time: "23:59",
          });
        }
      )
    );
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
    // An order that paid nothing, or carries no fees.
    expect(cancellationVoucherValue(0, 500)).toBe(0);
    expect(cancellationVoucherValue(100, 0)).toBe(100);
  });

  it("refuse an amount that is not whole minor units of at least nothing, and say which", () => {
    expect(() => cancellationVoucherValue(-1, 0)).toThrow(new RangeError("paid amount -1 is not an amount >= 0"));
    expect(() => cancellationVoucherValue(100, 1.5)).toThrow(
      new RangeError("cancellation fees 1.5 is not an amount >= 0")
    );
  });

  it("of an order: what its paid payments paid, less its service fee and insurance", () => {
    const payments = [
      { status: "paid" as const, value: 500_000 },
      { status: "waiting" as const, value: 300_000 },
    ];
    expect(orderCancellationValue({ payments, summary: { price: { serviceFee: 20_000, insurance: 150_000 } } })).toBe(
      330_000
    );
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

describe("the pay-by deadline of an order without a stay", () => {
  it("is the end of the third day after ordering, in the market's zone, at least an hour away", () => {
    expect(payByDeadlineWithoutStay(new Date("2026-11-21T10:00:00Z"), "Europe/Prague").toISOString()).toBe(
      "2026-11-24T22:59:00.000Z"
    );
    // Ordered a minute before midnight: still three whole days.
    expect(payByDeadlineWithoutStay(new Date("2026-11-21T22:58:00Z"), "Europe/Prague").toISOString()).toBe(
      "2026-11-24T22:59:00.000Z"
    );
  });
});
