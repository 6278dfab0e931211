import { describe, expect, it } from "vitest";
import {
  type DocumentedOrder,
  documentsOf,
  isVoucherDocumentKind,
  receivedInFull,
  voucherDocumentsOf,
} from "./order-documents";

const received = new Date("2026-03-03T08:00:00Z");
const unpaid: DocumentedOrder = {
  status: "waiting",
  cancelReason: null,
  payments: [
    { value: 20_000, paidAt: received },
    { value: 80_000, paidAt: null },
  ],
  refundVoucher: null,
  bookingStatus: "not_ordered",
};
const paid: DocumentedOrder = {
  ...unpaid,
  status: "paid",
  payments: unpaid.payments.map((payment) => ({ ...payment, paidAt: received })),
};

describe("an order's documents", () => {
  it("are a payment request and the terms while money is owed online", () => {
    expect(documentsOf(unpaid)).toEqual(["payment-request", "terms"]);
    expect(documentsOf({ ...unpaid, status: "partially_paid" })).toEqual(["payment-request", "terms"]);
  });

  it("are the invoice and the terms once paid", () => {
    expect(documentsOf(paid)).toEqual(["invoice", "terms"]);
  });

  it("keep the invoice after a paid order is cancelled, with a credit note for what became a voucher", () => {
    const cancelled = { ...paid, status: "cancelled_by_user" as const };
    expect(documentsOf({ ...cancelled, refundVoucher: { value: 90_000 } })).toEqual([
      "invoice",
      "credit-note",
      "terms",
    ]);
    // The fees took all that was paid: nothing to credit, the invoice stands.
    expect(documentsOf(cancelled)).toEqual(["invoice", "terms"]);
  });

  it("have a credit note only when the customer cancelled, not when the shop did", () => {
    const refunded = { ...paid, status: "cancelled_refund" as const, refundVoucher: { value: 90_000 } };
    expect(documentsOf(refunded)).toEqual(["invoice", "terms"]);
  });

  it("have no money document when the order ended before it was paid in full", () => {
    for (const status of ["cancelled_by_user", "cancelled_automatically", "refunded_automatically"] as const) {
      expect(documentsOf({ ...unpaid, status, refundVoucher: { value: 20_000 } }), status).toEqual(["terms"]);
    }
  });

  it("have no money document when the hotel collects everything at the property", () => {
    const atProperty: DocumentedOrder = { ...unpaid, payments: [{ value: 0, paidAt: null }] };
    expect(documentsOf(atProperty)).toEqual(["terms"]);
    expect(documentsOf({ ...atProperty, payments: [] })).toEqual(["terms"]);
    expect(documentsOf({ ...atProperty, status: "paid" })).toEqual(["terms"]);
  });

  it("are none for an order the shop cancelled as it was made", () => {
    expect(documentsOf({ ...unpaid, status: "cancelled_duplicate" })).toEqual([]);
    expect(documentsOf({ ...unpaid, status: "cancelled_automatically", cancelReason: "price_increased" })).toEqual([]);
  });
});

describe("the stay's calendar file", () => {
  it("follows the papers once the hotel holds the room, also while money is still owed or after the stay", () => {
    expect(documentsOf({ ...paid, bookingStatus: "active" })).toEqual(["invoice", "terms", "stay-calendar"]);
    expect(documentsOf({ ...unpaid, bookingStatus: "active" })).toEqual(["payment-request", "terms", "stay-calendar"]);
    expect(documentsOf({ ...paid, bookingStatus: "completed" })).toContain("stay-calendar");
  });

  it("is not offered before the room is booked, nor when the booking failed", () => {
    for (const bookingStatus of ["not_ordered", "pending", "error"] as const) {
      expect(documentsOf({ ...paid, bookingStatus }), bookingStatus).not.toContain("stay-calendar");
    }
  });

  it("is not offered once the order or its booking is cancelled", () => {
    expect(documentsOf({ ...paid, bookingStatus: "cancelled" })).toEqual(["invoice", "terms"]);
    for (const status of ["cancelled_by_user", "cancelled_automatically", "refunded_automatically"] as const) {
      // The booking is still active with the hotel until the job has cancelled it: the stay is off all the same.
      expect(documentsOf({ ...paid, status, bookingStatus: "active" }), status).not.toContain("stay-calendar");
    }
    expect(documentsOf({ ...paid, status: "cancelled_duplicate", bookingStatus: "active" })).toEqual([]);
  });
});

describe("received in full", () => {
  it("needs every payment of value received, and something to receive", () => {
    expect(receivedInFull(paid.payments)).toBe(true);
    expect(receivedInFull(unpaid.payments)).toBe(false);
    expect(receivedInFull([...paid.payments, { value: 0, paidAt: null }])).toBe(true);
    expect(receivedInFull([{ value: 0, paidAt: null }])).toBe(false);
  });
});

describe("a voucher order's documents", () => {
  it("are the voucher on A4 and as a card once issued, and the receipt once paid", () => {
    expect(voucherDocumentsOf(paid, { active: true })).toEqual(["voucher", "voucher-card", "receipt"]);
    expect(voucherDocumentsOf(paid, undefined)).toEqual(["receipt"]);
    expect(voucherDocumentsOf(unpaid, undefined)).toEqual([]);
  });

  it("keep the receipt but no longer the voucher once the shop cancelled it", () => {
    expect(voucherDocumentsOf(paid, { active: false })).toEqual(["receipt"]);
  });

  it("are told from a stay's documents", () => {
    for (const kind of ["voucher", "voucher-card", "receipt"] as const) {
      expect(isVoucherDocumentKind(kind), kind).toBe(true);
    }
    for (const kind of ["payment-request", "invoice", "credit-note", "terms", "stay-calendar"] as const) {
      expect(isVoucherDocumentKind(kind), kind).toBe(false);
    }
  });
});
