import { describe, expect, it } from "vitest";
import { hotelOrderFacts, orderFacts, type FactsHotelOrder } from "./order-facts";

const payBy = new Date("2026-06-03T21:59:00Z");
const now = new Date("2026-06-01T10:00:00Z");

function hotelOrder(overrides: Partial<FactsHotelOrder> = {}): FactsHotelOrder {
  return {
    kind: "hotel",
    product: "DZB_CZ",
    status: "waiting",
    bookingStatus: "not_ordered",
    payBy,
    summary: { rooms: [{ freeCancellationUntil: "2026-06-10T10:00:00Z" }] },
    payments: [
      { id: "card", methodId: "payment_card", status: "rejected" },
      { id: "credit", methodId: "voucher", status: "paid" },
    ],
    ...overrides,
  };
}

describe("an order's facts", () => {
  it("give a declined card payment its alternatives and deadline, and a voucher's credit neither", () => {
    const [card, credit] = hotelOrderFacts(hotelOrder(), now).payments;
    expect(card!.alternatives.map((m) => m.id)).toContain("transfer");
    expect(card!.alternatives.map((m) => m.id)).not.toContain("payment_card");
    expect(card!.payableNow).toBe(true);
    expect(card!.payBy).toEqual(payBy);
    expect(credit!.alternatives).toEqual([]);
    expect(credit!.payBy).toBeUndefined();
  });

  it("say the cancel and pay-by deadlines only while they apply", () => {
    const live = hotelOrderFacts(hotelOrder(), now);
    expect(live.cancellableUntil).toEqual(new Date("2026-06-10T10:00:00Z"));
    expect(live.payBy).toEqual(payBy);
    const cancelled = hotelOrderFacts(hotelOrder({ status: "cancelled_by_user" }), now);
    expect(cancelled.cancellableUntil).toBeUndefined();
    expect(cancelled.payBy).toBeUndefined();
    expect(cancelled.payments.every((p) => p.alternatives.length === 0 && !p.payableNow)).toBe(true);
  });

  it("offer a voucher order's payments no other method", () => {
    const facts = orderFacts({ ...hotelOrder(), kind: "voucher" });
    expect(facts.payments[0]!.alternatives).toEqual([]);
    expect(facts.payments[0]!.payableNow).toBe(true);
  });
});
