import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingProgress,
  isFinalOrderStatus,
  orderStatusAfterPayments,
  reservationProgress,
  type BookingStatus,
  type OrderStatus,
  type PaymentStatus,
} from "./order-status";

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

const payment = (status: PaymentStatus, value = 1000) => ({ status, value });

describe("order status", () => {
  it("is final once cancelled or refunded", () => {
    expect(orderStatuses.filter(isFinalOrderStatus)).toEqual(orderStatuses.slice(3));
  });

  it("follows the live payments", () => {
    expect(orderStatusAfterPayments("waiting", [payment("waiting"), payment("waiting")])).toBe("waiting");
    expect(orderStatusAfterPayments("waiting", [payment("paid"), payment("waiting")])).toBe("partially_paid");
    expect(orderStatusAfterPayments("partially_paid", [payment("paid"), payment("paid")])).toBe("paid");
  });

  it("is paid when nothing is to be paid online, so no pay-by deadline cancels a stay paid at the hotel", () => {
    expect(orderStatusAfterPayments("waiting", [])).toBe("paid");
  });

  it("owes a payment until it is paid, however its last try ended", () => {
    for (const unpaid of ["cancelled", "rejected", "revoked", "refunded"] as const) {
      expect(orderStatusAfterPayments("waiting", [payment("paid"), payment(unpaid)])).toBe("partially_paid");
      expect(orderStatusAfterPayments("waiting", [payment(unpaid), payment("waiting")])).toBe("waiting");
    }
  });

  it("goes back from paid when a payment is revoked", () => {
    expect(orderStatusAfterPayments("paid", [payment("revoked"), payment("paid")])).toBe("partially_paid");
    expect(orderStatusAfterPayments("paid", [payment("revoked")])).toBe("waiting");
  });

  it("counts by value: a zero-valued paid payment pays nothing while money is due", () => {
    expect(orderStatusAfterPayments("waiting", [payment("paid", 0), payment("waiting")])).toBe("waiting");
    expect(orderStatusAfterPayments("waiting", [payment("paid", 0)])).toBe("paid");
    // Nor does a payment of nothing keep an order waiting.
    expect(orderStatusAfterPayments("waiting", [payment("paid"), payment("waiting", 0)])).toBe("paid");
  });

  it("never changes a final status, and is one of the three live ones otherwise", () => {
    const payments = fc.array(
      fc.record({ status: fc.constantFrom(...paymentStatuses), value: fc.integer({ min: 0, max: 100_000 }) })
    );
    fc.assert(
      fc.property(fc.constantFrom(...orderStatuses), payments, (status, list) => {
        const next = orderStatusAfterPayments(status, list);
        if (isFinalOrderStatus(status)) expect(next).toBe(status);
        else expect(["waiting", "partially_paid", "paid"]).toContain(next);
      })
    );
  });
});

describe("reservation progress", () => {
  it("is cancelled for any cancelled or refunded order, or a cancelled stay", () => {
    for (const status of orderStatuses.filter(isFinalOrderStatus)) {
      for (const booking of bookingStatuses) expect(reservationProgress(status, booking)).toBe("cancelled");
    }
    expect(reservationProgress("paid", "cancelled")).toBe("cancelled");
  });

  it("is confirmed once the hotel holds the room, even with money still due", () => {
    expect(reservationProgress("paid", "active")).toBe("confirmed");
    expect(reservationProgress("paid", "completed")).toBe("confirmed");
    expect(reservationProgress("waiting", "active")).toBe("confirmed");
  });

  it("is paid while the paid room is being booked", () => {
    for (const booking of ["pending", "not_ordered", "error"] as const) {
      expect(reservationProgress("paid", booking)).toBe("paid");
    }
  });

  it("awaits payment while some is due, and is only sent when nothing is to be paid online", () => {
    expect(reservationProgress("waiting", "not_ordered")).toBe("awaiting_payment");
    expect(reservationProgress("partially_paid", "pending")).toBe("awaiting_payment");
    expect(reservationProgress("waiting", "pending", false)).toBe("sent");
    expect(reservationProgress("paid", "pending", false)).toBe("sent");
  });
});

describe("booking progress", () => {
  it("is never confirmed once the order is cancelled: the booking is being cancelled", () => {
    for (const status of orderStatuses.filter(isFinalOrderStatus)) {
      expect(bookingProgress(status, "active")).toBe("cancelling");
      expect(bookingProgress(status, "pending")).toBe("cancelling");
      expect(bookingProgress(status, "cancelled")).toBe("cancelled");
      // Never made, and now never will be.
      expect(bookingProgress(status, "not_ordered")).toBe("cancelled");
      // A stay already over, or a booking that failed, is said as it is.
      expect(bookingProgress(status, "completed")).toBe("completed");
      expect(bookingProgress(status, "error")).toBe("error");
    }
  });

  it("is the booking's own status while the order is live", () => {
    for (const status of orderStatuses.filter((s) => !isFinalOrderStatus(s))) {
      for (const booking of bookingStatuses) expect(bookingProgress(status, booking)).toBe(booking);
    }
  });
});
