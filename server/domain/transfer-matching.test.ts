import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderNumbersNamedBy, orderPaidBy, settleTransfers, type TransferDue } from "./transfer-matching";

describe("the order numbers a movement names", () => {
  it("takes the variable symbol first, then the numbers of an order's shape in the title, once each", () => {
    expect(orderNumbersNamedBy({ variableSymbol: "26000042", message: "Objednavka 26000042" })).toEqual(["26000042"]);
    expect(orderNumbersNamedBy({ message: "Zamówienie nr 26000042 i 26000043, 12.11.2026" })).toEqual([
      "26000042",
      "26000043",
    ]);
    expect(orderNumbersNamedBy({ variableSymbol: "26000042", message: "26000043" })).toEqual(["26000042", "26000043"]);
  });

  it("reads no date, amount, phone number or account as an order number", () => {
    expect(orderNumbersNamedBy({ message: "Platba 1234567 za 20261127 pobyt" })).toEqual(["20261127"]);
    expect(orderNumbersNamedBy({ message: "tel. 602123456, 2 400,00" })).toEqual(["602123456"]);
    expect(orderNumbersNamedBy({ message: "from 19-2000145399/0800 ref 12345678901" })).toEqual(["2000145399"]);
    expect(orderNumbersNamedBy({ message: "2026-11-27" })).toEqual([]);
    expect(orderNumbersNamedBy({})).toEqual([]);
    // A bank that writes an empty symbol names nothing by it.
    expect(orderNumbersNamedBy({ variableSymbol: "", message: "" })).toEqual([]);
  });
});

describe("what a movement pays of an order's transfers", () => {
  const due = (...values: number[]): TransferDue[] => values.map((value, i) => ({ paymentId: `p${i}`, value }));

  it("pays the transfers due when it brings exactly what they ask", () => {
    expect(settleTransfers(480_050, due(480_050))).toEqual({
      outcome: "paid",
      paid: ["p0"],
      applied: 480_050,
      surplus: 0,
    });
    expect(settleTransfers(300, due(100, 200))).toMatchObject({ outcome: "paid", paid: ["p0", "p1"], surplus: 0 });
  });

  it("splits the transfer it pays in part: what came is paid, the rest stays due", () => {
    expect(settleTransfers(300_000, due(480_050))).toEqual({
      outcome: "partly_paid",
      paid: [],
      split: { paymentId: "p0", received: 300_000, rest: 180_050 },
      applied: 300_000,
      surplus: 0,
    });
    // Exactly the first of two: the second stays due whole, nothing splits.
    expect(settleTransfers(100, due(100, 200))).toEqual({
      outcome: "partly_paid",
      paid: ["p0"],
      applied: 100,
      surplus: 0,
    });
  });

  it("pays every transfer due and keeps the surplus apart when it brings more", () => {
    expect(settleTransfers(500_000, due(480_050))).toEqual({
      outcome: "overpaid",
      paid: ["p0"],
      applied: 480_050,
      surplus: 19_950,
    });
  });

  it("applies nothing to an order that owes no transfer", () => {
    expect(settleTransfers(1_000, [])).toEqual({ outcome: "not_due", paid: [], applied: 0, surplus: 1_000 });
  });

  it("refuses an amount that is not money received, saying which", () => {
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      const refusal = new RangeError(`A movement pays a positive number of minor units, not ${amount}`);
      expect(() => settleTransfers(amount, due(100))).toThrow(refusal);
    }
  });

  it("never applies more than is due, loses or makes no money, and pays transfers in their order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 4 }),
        (amount, values) => {
          const transfers = due(...values);
          const result = settleTransfers(amount, transfers);
          const totalDue = values.reduce((sum, value) => sum + value, 0);
          const paidValue = result.paid.reduce((sum, id) => sum + transfers.find((t) => t.paymentId === id)!.value, 0);

          expect(result.applied + result.surplus).toBe(amount);
          expect(result.applied).toBe(Math.min(amount, totalDue));
          expect(paidValue + (result.split?.received ?? 0)).toBe(result.applied);
          expect(result.paid).toEqual(transfers.slice(0, result.paid.length).map((t) => t.paymentId));
          if (result.split) {
            const split = transfers[result.paid.length]!;
            expect(result.split.paymentId).toBe(split.paymentId);
            expect(result.split.received).toBeGreaterThan(0);
            expect(result.split.rest).toBeGreaterThan(0);
            expect(result.split.received + result.split.rest).toBe(split.value);
          }
          const expected =
            totalDue === 0 ? "not_due" : amount < totalDue ? "partly_paid" : amount === totalDue ? "paid" : "overpaid";
          expect(result.outcome).toBe(expected);
        }
      )
    );
  });
});

describe("the order a movement pays", () => {
  const czk = { number: "26000042", currency: "CZK" };

  it("is the one order its numbers name, in the currency received", () => {
    expect(orderPaidBy({ currency: "CZK" }, [czk])).toEqual({ order: czk });
  });

  it("is none, listed for the operator, when no order, several or one in another currency is named", () => {
    expect(orderPaidBy({ currency: "CZK" }, [])).toEqual({ unmatched: "no_order" });
    expect(orderPaidBy({ currency: "CZK" }, [czk, { number: "26000043", currency: "CZK" }])).toEqual({
      unmatched: "several_orders",
    });
    expect(orderPaidBy({ currency: "EUR" }, [czk])).toEqual({ unmatched: "other_currency" });
  });
});
