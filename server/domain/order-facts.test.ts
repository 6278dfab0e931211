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

  it("give a paid payment no deadline, while the one still due keeps the order's", () => {
    const order = hotelOrder({
      status: "partially_paid",
      payments: [
        { id: "card", methodId: "payment_card", status: "paid" },
        { id: "transfer", methodId: "transfer", status: "waiting" },
      ],
    });
    const [card, transfer] = orderFacts(order).payments;
    expect(card!.payBy).toBeUndefined();
    expect(transfer!.payBy).toEqual(payBy);
  });

  it("never make a voucher's credit owed, whatever its status", () => {
    const order = hotelOrder({ payments: [{ id: "credit", methodId: "voucher", status: "waiting" }] });
    expect(orderFacts(order).payments[0]!.payBy).toBeUndefined();
  });

  it("offer a declined payment no method another payment of the order already uses", () => {
    const order = hotelOrder({
      status: "partially_paid",
      payments: [
        { id: "card", methodId: "payment_card", status: "rejected" },
        { id: "transfer", methodId: "transfer", status: "paid" },
      ],
    });
    const ids = hotelOrderFacts(order, now).payments[0]!.alternatives.map((m) => m.id);
    expect(ids).not.toContain("transfer");
    expect(ids).not.toContain("payment_card");
    expect(ids.length).toBeGreaterThan(0);
  });

  it("read a stay with nothing to pay online as sent, and one paid online as paid, while the room is booked", () => {
    const booking = (payments: FactsHotelOrder["payments"]) =>
      hotelOrderFacts(hotelOrder({ status: "paid", bookingStatus: "pending", payments }), now);
    expect(booking([]).progress).toBe("sent");
    expect(booking([{ id: "card", methodId: "payment_card", status: "paid" }]).progress).toBe("paid");
  });

  it("keep the cancel deadline while the room is being booked: the customer may cancel in a moment", () => {
    const booking = hotelOrderFacts(hotelOrder({ status: "paid", bookingStatus: "pending" }), now);
    expect(booking.cancellableUntil).toEqual(new Date("2026-06-10T10:00:00Z"));
    const late = hotelOrderFacts(hotelOrder({ bookingStatus: "pending" }), new Date("2026-06-10T10:00:00Z"));
    expect(late.cancellableUntil).toBeUndefined();
  });
});
