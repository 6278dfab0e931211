import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareOf } from "./money";
import { feeWithin } from "./payment-calculation";
import { serviceFeeBasisPoints } from "./service-fee";
import {
  extraServicePrice,
  issuedVoucherValue,
  priceVoucherOrder,
  printedVoucherAddressee,
  sellsVouchers,
  voucherPresets,
  voucherValueBounds,
  type VoucherOrderInput,
} from "./voucher-order";

const today = "2026-11-21";
const czk = (units: number) => units * 100;

function order(overrides: Partial<VoucherOrderInput> = {}): VoucherOrderInput {
  return {
    product: "DZB_CZ",
    feeMode: "value_plus_fees",
    amount: czk(3_000),
    extraService: false,
    payments: [],
    lastPayment: "payment_card",
    today,
    ...overrides,
  };
}

function priced(overrides: Partial<VoucherOrderInput> = {}) {
  const result = priceVoucherOrder(order(overrides));
  if (!result.ok) throw new Error(`not priced: ${JSON.stringify(result.problem)}`);
  return result.order;
}

describe("which shops sell vouchers", () => {
  it("the Czech shop and the white label do, the Polish shop does not", () => {
    expect(sellsVouchers("DZB_CZ")).toBe(true);
    expect(sellsVouchers("DZB_WL_PLUXEE_CZ")).toBe(true);
    expect(sellsVouchers("DZB_PL")).toBe(false);
    expect(priceVoucherOrder(order({ product: "DZB_PL", lastPayment: "transfer" }))).toEqual({
      ok: false,
      problem: { kind: "not_sold" },
    });
  });

  it("offers 1 000, 3 000 and 5 000 of the currency, and 149 CZK for the extra service", () => {
    expect(voucherPresets()).toEqual([100_000, 300_000, 500_000]);
    expect(extraServicePrice("CZK")).toBe(14_900);
    expect(extraServicePrice("PLN")).toBeUndefined();
  });
});

describe("a voucher's value plus the fees", () => {
  it("charges the value and each benefit provider's fee on its share", () => {
    const split = priced({
      payments: [{ methodId: "pluxee_cafeteria", value: czk(2_000) }],
      lastPayment: "payment_card",
    });
    expect(split.voucherValue).toBe(czk(3_000));
    expect(split.calculation.outputs.map((o) => [o.methodId, o.share, o.fee, o.value])).toEqual([
      ["pluxee_cafeteria", czk(2_000), czk(200), czk(2_200)],
      ["payment_card", czk(1_000), 0, czk(1_000)],
    ]);
    expect(split.price).toEqual({
      base: czk(3_000),
      bonus: 0,
      serviceFee: czk(200),
      extraService: 0,
      total: czk(3_200),
    });
  });

  it("adds the extra service to what is paid, not to the voucher", () => {
    const withExtra = priced({ extraService: true, lastPayment: "up_card" });
    expect(withExtra.voucherValue).toBe(czk(3_000));
    expect(withExtra.price.extraService).toBe(czk(149));
    // Up's 6.9 % falls on the whole share it pays: 3 149 CZK.
    expect(withExtra.price.serviceFee).toBe(shareOf(czk(3_149), 690));
    expect(withExtra.price.total).toBe(czk(3_149) + shareOf(czk(3_149), 690));
  });

  it("always sums: value + extra service + fees = total = what the methods are charged", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom("pluxee_cafeteria", "up_card", "edenred_card", "benefit_systems"),
        fc.constantFrom("payment_card", "transfer", "edenred_cafeteria"),
        fc.boolean(),
        (units, percent, first, last, extraService) => {
          const due = czk(units) + (extraService ? czk(149) : 0);
          const part = Math.floor((due * percent) / 100);
          const result = priced({
            amount: czk(units),
            extraService,
            payments: [{ methodId: first, value: part }],
            lastPayment: last,
          });
          const { price, calculation } = result;
          expect(result.voucherValue).toBe(czk(units));
          expect(price.base + price.extraService + price.serviceFee).toBe(price.total);
          expect(calculation.outputs.reduce((sum, o) => sum + o.value, 0)).toBe(price.total);
        }
      )
    );
  });
});

describe("a total with the fees included", () => {
  it("takes the fees out of the total: the voucher is worth less than what is paid", () => {
    const split = priced({
      feeMode: "fees_included",
      payments: [{ methodId: "pluxee_cafeteria", value: czk(2_200) }],
      lastPayment: "payment_card",
    });
    // Pluxee is charged 2 200 CZK: a share of 2 000 and its 10 % fee; the card pays 800 without a fee.
    expect(split.calculation.outputs.map((o) => [o.methodId, o.share, o.fee, o.value])).toEqual([
      ["pluxee_cafeteria", czk(2_000), czk(200), czk(2_200)],
      ["payment_card", czk(800), 0, czk(800)],
    ]);
    expect(split.voucherValue).toBe(czk(2_800));
    expect(split.price).toEqual({
      base: czk(2_800),
      bonus: 0,
      serviceFee: czk(200),
      extraService: 0,
      total: czk(3_000),
    });
  });

  it("takes the extra service out of the voucher too", () => {
    const split = priced({
      feeMode: "fees_included",
      extraService: true,
      lastPayment: "transfer",
    });
    expect(split.voucherValue).toBe(czk(3_000 - 149));
    expect(split.price.total).toBe(czk(3_000));
  });

  it("charges exactly the total entered, and the voucher is the total less fees and extra service, in whole units", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 600, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom("pluxee_cafeteria", "up_card", "edenred_card", "payment_card"),
        fc.constantFrom("benefit_systems", "transfer", "edenred_cafeteria"),
        fc.boolean(),
        (units, percent, first, last, extraService) => {
          const total = czk(units);
          const part = Math.floor((total * percent) / 100);
          const result = priceVoucherOrder(
            order({
              feeMode: "fees_included",
              amount: total,
              extraService,
              payments: [{ methodId: first, value: part }],
              lastPayment: last,
            })
          );
          if (!result.ok) {
            // Only a voucher below the smallest value is refused here; the fees never reach 100 %.
            expect(result.problem.kind).toBe("value_out_of_bounds");
            return;
          }
          const { price, voucherValue, calculation } = result.order;
          expect(price.total).toBe(total);
          expect(total - price.serviceFee - price.extraService).toBe(voucherValue);
          expect(voucherValue).toBeGreaterThan(0);
          // Like a value chosen: the fees are rounded down to whole units rather than the voucher left with haléře.
          expect(voucherValue % czk(1)).toBe(0);
          let chargesFees = 0;
          for (const output of calculation.outputs) {
            // The fee is never above the rule's fee on what the method pays.
            const ruleFee = shareOf(output.share, serviceFeeBasisPoints("DZB_CZ", output.methodId));
            expect(output.fee).toBeLessThanOrEqual(ruleFee);
            expect(output.share + output.fee).toBe(output.value);
            chargesFees += feeWithin("DZB_CZ", output.methodId, output.value);
          }
          // The fees each charge carries, less what keeps the voucher whole: under one unit.
          expect(price.serviceFee).toBe(chargesFees - (chargesFees % czk(1)));
          expect(calculation.outputs.reduce((sum, o) => sum + o.fee, 0)).toBe(price.serviceFee);
        }
      )
    );
  });

  it("finds the fee a charge carries where the rounding leaves a gap", () => {
    // 10 %: a share of 5 is charged 6 (its fee of 0.5 rounds up), so a charge of 5 carries a share of 4 and no fee.
    expect(feeWithin("DZB_CZ", "pluxee_cafeteria", 5)).toBe(0);
    expect(feeWithin("DZB_CZ", "pluxee_cafeteria", 6)).toBe(1);
    expect(feeWithin("DZB_CZ", "pluxee_cafeteria", czk(1_100))).toBe(czk(100));
    expect(feeWithin("DZB_CZ", "transfer", czk(1_100))).toBe(0);
  });

  it("refuses a total the fees and the extra service would eat whole", () => {
    expect(
      priceVoucherOrder(
        order({
          feeMode: "fees_included",
          amount: czk(100),
          extraService: true,
          lastPayment: "transfer",
        })
      )
    ).toEqual({ ok: false, problem: { kind: "fees_exceed_value" } });
  });

  it("refuses a total the extra service takes to the last crown: a voucher of nothing is no voucher", () => {
    expect(
      priceVoucherOrder(
        order({
          feeMode: "fees_included",
          amount: czk(149),
          extraService: true,
          lastPayment: "transfer",
        })
      )
    ).toEqual({ ok: false, problem: { kind: "fees_exceed_value" } });
  });
});

describe("the bounds of a voucher's value", () => {
  const { min, max } = voucherValueBounds();
  const refusal = {
    ok: false,
    problem: { kind: "value_out_of_bounds", min, max },
  };

  it("are 500 to 100 000 of the currency, in whole units", () => {
    expect(priced({ amount: min }).voucherValue).toBe(min);
    expect(priced({ amount: max }).voucherValue).toBe(max);
    expect(priceVoucherOrder(order({ amount: min - 100 }))).toEqual(refusal);
    expect(priceVoucherOrder(order({ amount: max + 100 }))).toEqual(refusal);
    expect(priceVoucherOrder(order({ amount: czk(3_000) + 50 }))).toEqual(refusal);
    expect(priceVoucherOrder(order({ amount: 0 }))).toEqual(refusal);
  });

  it("hold for the voucher left once the fees are taken out", () => {
    // 600 CZK paid by Pluxee carries a fee of 54.55 CZK, waived down to 54: a voucher of 546 CZK. 520 CZK would
    // leave less than 500.
    expect(feeWithin("DZB_CZ", "pluxee_cafeteria", czk(600))).toBe(5_455);
    expect(
      priced({
        feeMode: "fees_included",
        amount: czk(600),
        lastPayment: "pluxee_cafeteria",
      }).voucherValue
    ).toBe(czk(546));
    expect(
      priceVoucherOrder(
        order({
          feeMode: "fees_included",
          amount: czk(520),
          lastPayment: "pluxee_cafeteria",
        })
      )
    ).toEqual(refusal);
  });

  it("hold for the voucher, not for the total paid, when the fees are included", () => {
    const included = (overrides: Partial<VoucherOrderInput>) =>
      priceVoucherOrder(order({ feeMode: "fees_included", lastPayment: "transfer", ...overrides }));
    const voucherOf = (overrides: Partial<VoucherOrderInput>) => {
      const result = included(overrides);
      return result.ok ? result.order.voucherValue : result.problem;
    };
    expect(voucherOf({ amount: max })).toBe(max);
    expect(included({ amount: max + czk(1) })).toEqual(refusal);
    // The extra service is paid on top of the largest voucher: the total may pass the bound by its price.
    expect(voucherOf({ amount: max + czk(149), extraService: true })).toBe(max);
    expect(included({ amount: max + czk(150), extraService: true })).toEqual(refusal);
  });

  it("refuse, in either mode, an amount of nothing, below nothing, or too large to be counted exactly", () => {
    // 10^20 haléřů is whole crowns, but beyond the integers a number holds exactly.
    for (const amount of [0, -czk(500), 1e20, Number.NaN, Number.POSITIVE_INFINITY]) {
      for (const feeMode of ["value_plus_fees", "fees_included"] as const) {
        expect(priceVoucherOrder(order({ feeMode, amount, lastPayment: "transfer" }))).toEqual(refusal);
      }
    }
  });
});

describe("splitting a voucher order's payment", () => {
  it("follows the hotel order's rules: no part above what is left, no method twice, a method the shop offers", () => {
    const problem = (overrides: Partial<VoucherOrderInput>) => {
      const result = priceVoucherOrder(order(overrides));
      return result.ok ? undefined : result.problem;
    };
    expect(problem({ payments: [{ methodId: "up_card", value: czk(3_001) }] })).toEqual({
      kind: "calculation",
      problem: {
        kind: "payment_exceeds_total",
        field: "payments[0].value",
        excess: czk(1),
      },
    });
    expect(problem({ payments: [{ methodId: "payment_card", value: czk(1) }] })).toMatchObject({
      problem: { kind: "method_repeated", field: "last_payment" },
    });
    expect(problem({ product: "DZB_WL_PLUXEE_CZ", lastPayment: "up_card" })).toMatchObject({
      problem: { kind: "method_unavailable", field: "last_payment" },
    });
    expect(problem({ lastPayment: "" })).toMatchObject({
      problem: { kind: "last_payment_missing" },
    });
  });

  it("follows them with the fees included too, a part then being what the method is charged", () => {
    const result = priceVoucherOrder(
      order({ feeMode: "fees_included", payments: [{ methodId: "up_card", value: czk(3_001) }] })
    );
    expect(result).toEqual({
      ok: false,
      problem: {
        kind: "calculation",
        problem: { kind: "payment_exceeds_total", field: "payments[0].value", excess: czk(1) },
      },
    });
  });
});

describe("the card issuer's bonus", () => {
  it("adds 10 % of the card's charge to the voucher while the promotion ran, by the market date", () => {
    const during = priced({ today: "2024-12-31" });
    expect(during.price.bonus).toBe(czk(300));
    expect(issuedVoucherValue(during.price)).toBe(czk(3_300));
    // The promotion ended with 2024: the same order a day later earns nothing.
    const after = priced({ today: "2025-01-01" });
    expect(after.price.bonus).toBe(0);
    expect(issuedVoucherValue(after.price)).toBe(czk(3_000));
  });

  it("counts only what the card pays, in either mode", () => {
    const split = priced({
      feeMode: "fees_included",
      today: "2024-06-01",
      payments: [{ methodId: "payment_card", value: czk(1_000) }],
      lastPayment: "pluxee_cafeteria",
    });
    expect(split.price.bonus).toBe(czk(100));
  });
});

describe("where the printed voucher is posted", () => {
  const buyer = { firstName: "Jana", lastName: "Nováková", address: "Dlouhá 12, Praha" };
  it("goes to a gift's recipient who gave an address", () => {
    const recipient = { firstName: "Petr", lastName: "Dvořák", address: "Krátká 3, Brno" };
    expect(printedVoucherAddressee(buyer, recipient)).toEqual(recipient);
  });
  it("goes to the buyer when the recipient gave none, or there is none", () => {
    expect(printedVoucherAddressee(buyer, { firstName: "Petr", lastName: "Dvořák" })).toEqual(buyer);
    expect(printedVoucherAddressee(buyer, null)).toEqual(buyer);
  });
});
