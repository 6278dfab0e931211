import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basisPointsOfPercent, shareOf } from "./money";
import {
  calculateChargedPayment,
  calculatePayment,
  largestShareWithin,
  shareOfCharged,
  switchPayment,
  switchTargets,
  type PaymentSwitch,
  type CalculationInput,
  type CalculationProblem,
  type CreditVoucher,
  type InvalidVoucherReason,
  type PaymentCalculation,
  type UnitVoucher,
  type VoucherLookup,
} from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import { productKeys } from "./products";
import { serviceFeeBasisPoints } from "./service-fee";

const input = (overrides: Partial<CalculationInput> = {}): CalculationInput => ({
  product: "DZB_CZ",
  due: 1_000_000,
  vouchers: [],
  payments: [],
  lastPayment: "payment_card",
  methods: paymentMethodsFor(overrides.product ?? "DZB_CZ").hotel,
  today: "2026-11-21",
  ...overrides,
});

const credit = (code: string, available: number, overrides: Partial<CreditVoucher> = {}): VoucherLookup => ({
  kind: "credit",
  voucher: { id: `credit-${code}`, code, available, ...overrides },
});

const unit = (code: string, overrides: Partial<UnitVoucher> = {}): VoucherLookup => ({
  kind: "unit",
  voucher: {
    id: `unit-${code}`,
    code,
    bonus: 0,
    bonusPercent: 0,
    removeBusinessFee: false,
    removeTransactionFee: false,
    allowedMethodIds: null,
    ...overrides,
  },
});

const invalid = (code: string, reason: InvalidVoucherReason): VoucherLookup => ({ kind: "invalid", code, reason });

function calculated(given: CalculationInput): PaymentCalculation {
  const result = calculatePayment(given);
  if (!result.ok) throw new Error(`expected a calculation, got ${JSON.stringify(result.problem)}`);
  return result.calculation;
}

function problem(given: CalculationInput): CalculationProblem {
  const result = calculatePayment(given);
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.calculation)}`);
  return result.problem;
}

describe("payment calculation: methods", () => {
  it("charges the last payment everything when nothing else is given", () => {
    expect(calculated(input())).toEqual({
      invalid: [],
      credits: [],
      units: [],
      outputs: [{ methodId: "payment_card", share: 1_000_000, fee: 0, value: 1_000_000, bonus: 0, bonusPercent: 0 }],
      discount: 0,
      creditUsed: 0,
      serviceFee: 0,
      bonus: 0,
      charged: 1_000_000,
    });
  });

  it("adds the method's fee on top of its share", () => {
    const result = calculated(
      input({ payments: [{ methodId: "edenred_card", value: 600_000 }], lastPayment: "transfer" })
    );
    expect(result.outputs).toEqual([
      { methodId: "edenred_card", share: 600_000, fee: 35_400, value: 635_400, bonus: 0, bonusPercent: 0 },
      { methodId: "transfer", share: 400_000, fee: 0, value: 400_000, bonus: 0, bonusPercent: 0 },
    ]);
    expect(result.serviceFee).toBe(35_400);
    expect(result.charged).toBe(1_035_400);
  });

  it("rounds each method's fee half up", () => {
    const fee = (methodId: string, value: number) =>
      calculated(input({ due: value, lastPayment: methodId })).outputs[0]?.fee;
    expect(fee("up_card", 1449)).toBe(100); // 99.981
    expect(fee("up_card", 7)).toBe(0); // 0.483
    expect(fee("pluxee_cafeteria", 5)).toBe(1); // exactly 0.5
    expect(fee("pluxee_cafeteria", 4)).toBe(0); // 0.4
    expect(fee("edenred_cafeteria", 100)).toBe(6); // 5.9
  });

  it("charges each variant's rate", () => {
    const fee = (product: CalculationInput["product"], methodId: string) =>
      calculated(input({ product, due: 100_000, lastPayment: methodId })).serviceFee;
    expect(fee("DZB_CZ", "pluxee_cafeteria")).toBe(10_000);
    expect(fee("DZB_CZ", "benefit_systems")).toBe(10_000);
    expect(fee("DZB_CZ", "up_card")).toBe(6_900);
    expect(fee("DZB_WL_PLUXEE_CZ", "pluxee_cafeteria")).toBe(10_000);
    expect(fee("DZB_PL", "pluxee_cafeteria")).toBe(0);
    expect(fee("DZB_PL", "benefit_systems")).toBe(0);
    expect(fee("DZB_PL", "edenred_card")).toBe(5_900);
    expect(fee("DZB_PL", "up_card")).toBe(6_900);
    expect(fee("DZB_PL", "payment_card")).toBe(0);
    expect(fee("DZB_PL", "transfer")).toBe(0);
  });

  it("splits three ways: a credit voucher, a benefit card and the rest by transfer", () => {
    const result = calculated(
      input({
        vouchers: [credit("12345678", 200_000)],
        payments: [{ methodId: "edenred_card", value: 300_000 }],
        lastPayment: "transfer",
      })
    );
    expect(result.credits).toEqual([
      { voucherId: "credit-12345678", code: "12345678", available: 200_000, willBeUsed: 200_000 },
    ]);
    expect(result.outputs).toEqual([
      { methodId: "edenred_card", share: 300_000, fee: 17_700, value: 317_700, bonus: 0, bonusPercent: 0 },
      { methodId: "transfer", share: 500_000, fee: 0, value: 500_000, bonus: 0, bonusPercent: 0 },
    ]);
    expect(result.creditUsed).toBe(200_000);
    expect(result.serviceFee).toBe(17_700);
    expect(result.charged).toBe(817_700);
  });

  it("lets the parts pay everything, with no last payment needed", () => {
    const result = calculated(
      input({
        payments: [
          { methodId: "up_card", value: 400_000 },
          { methodId: "payment_card", value: 600_000 },
        ],
        lastPayment: "",
      })
    );
    expect(result.outputs.map((o) => [o.methodId, o.share])).toEqual([
      ["up_card", 400_000],
      ["payment_card", 600_000],
    ]);
  });

  it("leaves out parts of 0 and a last payment with nothing left", () => {
    const result = calculated(
      input({
        payments: [
          { methodId: "up_card", value: 0 },
          { methodId: "edenred_card", value: 1_000_000 },
        ],
        lastPayment: "transfer",
      })
    );
    expect(result.outputs.map((o) => o.methodId)).toEqual(["edenred_card"]);
  });

  it("charges nothing when nothing is due", () => {
    const result = calculated(input({ due: 0 }));
    expect(result.outputs).toEqual([]);
    expect(result.charged).toBe(0);
  });

  it("refuses negative amounts as a caller's mistake", () => {
    expect(() => calculatePayment(input({ due: -1 }))).toThrow(RangeError);
    expect(() => calculatePayment(input({ payments: [{ methodId: "up_card", value: -1 }] }))).toThrow(RangeError);
    expect(() => calculatePayment(input({ payments: [{ methodId: "up_card", value: 0.5 }] }))).toThrow(RangeError);
  });
});

describe("payment calculation: card promotion", () => {
  it("earns 10 % on what the card is charged until the end of 2024", () => {
    const result = calculated(
      input({ today: "2024-12-31", payments: [{ methodId: "up_card", value: 400_000 }], lastPayment: "payment_card" })
    );
    expect(result.outputs[1]).toEqual({
      methodId: "payment_card",
      share: 600_000,
      fee: 0,
      value: 600_000,
      bonus: 60_000,
      bonusPercent: 10,
    });
    expect(result.outputs[0]).toMatchObject({ bonus: 0, bonusPercent: 0 });
    expect(result.bonus).toBe(60_000);
    expect(result.charged).toBe(400_000 + 27_600 + 600_000);
  });

  it("caps the bonus at 2200 of the currency", () => {
    expect(calculated(input({ today: "2024-06-01", due: 5_000_000 })).bonus).toBe(220_000);
  });

  it("earns nothing from 2025", () => {
    expect(calculated(input({ today: "2025-01-01" })).bonus).toBe(0);
    expect(calculated(input({ today: "2026-11-21" })).outputs[0]).toMatchObject({ bonus: 0, bonusPercent: 0 });
  });
});

describe("payment calculation: discount vouchers", () => {
  it("takes a fixed amount off", () => {
    const result = calculated(input({ vouchers: [unit("DISC1", { bonus: 150_000 })] }));
    expect(result.units).toEqual([
      {
        voucherId: "unit-DISC1",
        code: "DISC1",
        bonus: 150_000,
        bonusPercent: 0,
        removeBusinessFee: false,
        removeTransactionFee: false,
      },
    ]);
    expect(result.discount).toBe(150_000);
    expect(result.outputs[0]?.share).toBe(850_000);
  });

  it("takes a percentage of what is due off, half up, plus its fixed amount", () => {
    expect(calculated(input({ due: 1_000_001, vouchers: [unit("P", { bonusPercent: 2.5 })] })).discount).toBe(25_000);
    expect(calculated(input({ due: 20, vouchers: [unit("P", { bonusPercent: 2.5 })] })).discount).toBe(1); // 0.5
    expect(calculated(input({ due: 19, vouchers: [unit("P", { bonusPercent: 2.5 })] })).discount).toBe(0); // 0.475
    const both = calculated(input({ vouchers: [unit("P", { bonus: 1_000, bonusPercent: 10 })] }));
    expect(both.units[0]).toMatchObject({ bonus: 101_000, bonusPercent: 10 });
  });

  it("reckons every percentage on the whole due, not on what earlier vouchers left", () => {
    const result = calculated(input({ vouchers: [unit("A", { bonusPercent: 10 }), unit("B", { bonusPercent: 10 })] }));
    expect(result.units.map((u) => u.bonus)).toEqual([100_000, 100_000]);
  });

  it("never takes off more than is due, cutting short the later vouchers", () => {
    const result = calculated(
      input({
        vouchers: [unit("A", { bonus: 700_000 }), unit("B", { bonusPercent: 50 }), unit("C", { bonus: 1 })],
        lastPayment: "",
      })
    );
    expect(result.units.map((u) => u.bonus)).toEqual([700_000, 300_000, 0]);
    expect(result.discount).toBe(1_000_000);
    expect(result.outputs).toEqual([]);
  });

  it("comes before credit vouchers, which pay only what the discount left", () => {
    const result = calculated(
      input({ vouchers: [credit("C", 2_000_000), unit("D", { bonusPercent: 10 })], lastPayment: "" })
    );
    expect(result.discount).toBe(100_000);
    expect(result.credits[0]).toMatchObject({ available: 2_000_000, willBeUsed: 900_000 });
    expect(result.outputs).toEqual([]);
  });

  it("removes every method's business fee", () => {
    const result = calculated(
      input({
        vouchers: [unit("NOFEE", { removeBusinessFee: true })],
        payments: [{ methodId: "up_card", value: 500_000 }],
        lastPayment: "pluxee_cafeteria",
      })
    );
    expect(result.outputs.map((o) => o.fee)).toEqual([0, 0]);
    expect(result.serviceFee).toBe(0);
    expect(result.charged).toBe(1_000_000);
  });

  it("changes no amount when it removes the transaction fee, since the shop charges none", () => {
    const given = { payments: [{ methodId: "up_card", value: 500_000 }] };
    const without = calculated(input({ ...given, vouchers: [unit("T")] }));
    const withFlag = calculated(input({ ...given, vouchers: [unit("T", { removeTransactionFee: true })] }));
    expect(withFlag.units[0]?.removeTransactionFee).toBe(true);
    expect({ ...withFlag, units: [] }).toEqual({ ...without, units: [] });
  });
});

describe("payment calculation: coupons limited to payment types", () => {
  const coupon = unit("EDEN10", { bonusPercent: 10, allowedMethodIds: ["edenred_card", "edenred_cafeteria"] });

  it("applies when every method charged is allowed", () => {
    const result = calculated(
      input({
        vouchers: [coupon],
        payments: [{ methodId: "edenred_card", value: 500_000 }],
        lastPayment: "edenred_cafeteria",
      })
    );
    expect(result.discount).toBe(100_000);
  });

  it("is refused when any method charged is not allowed, naming the code", () => {
    expect(
      problem(
        input({
          vouchers: [invalid("00000000", "not_found"), coupon],
          payments: [{ methodId: "edenred_card", value: 500_000 }],
          lastPayment: "payment_card",
        })
      )
    ).toEqual({ kind: "coupon_not_for_payment_type", field: "voucher_codes[1]" });
    expect(problem(input({ vouchers: [coupon], lastPayment: "transfer" }))).toEqual({
      kind: "coupon_not_for_payment_type",
      field: "voucher_codes[0]",
    });
  });

  it("ignores methods that are charged nothing", () => {
    const result = calculatePayment(
      input({
        vouchers: [coupon],
        payments: [
          { methodId: "payment_card", value: 0 },
          { methodId: "edenred_card", value: 900_000 },
        ],
        lastPayment: "transfer",
      })
    );
    expect(result.ok).toBe(true);
  });

  it("applies when vouchers leave nothing for any method", () => {
    const result = calculatePayment(input({ vouchers: [coupon, credit("C", 900_000)], lastPayment: "transfer" }));
    expect(result.ok).toBe(true);
  });
});

describe("payment calculation: credit vouchers", () => {
  it("use each in code order as far as it reaches", () => {
    const result = calculated(
      input({ vouchers: [credit("A", 300_000), credit("B", 900_000), credit("C", 50_000)], lastPayment: "" })
    );
    expect(result.credits.map((c) => [c.code, c.available, c.willBeUsed])).toEqual([
      ["A", 300_000, 300_000],
      ["B", 900_000, 700_000],
      ["C", 50_000, 0],
    ]);
    expect(result.creditUsed).toBe(1_000_000);
    expect(result.outputs).toEqual([]);
  });

  it("carry no fee: only the methods' shares do", () => {
    const result = calculated(input({ vouchers: [credit("A", 500_000)], lastPayment: "pluxee_cafeteria" }));
    expect(result.outputs[0]).toMatchObject({ share: 500_000, fee: 50_000, value: 550_000 });
  });

  it("apply once when the same code is given twice", () => {
    const result = calculated(input({ vouchers: [credit("A", 300_000), credit("A", 300_000)] }));
    expect(result.credits).toHaveLength(1);
    expect(result.creditUsed).toBe(300_000);
  });
});

describe("payment calculation: invalid vouchers", () => {
  it("are listed with their reason and do not stop the calculation", () => {
    const result = calculated(
      input({
        vouchers: [
          invalid("11111111", "not_found"),
          credit("A", 100_000),
          invalid("22222222", "expired"),
          invalid("33333333", "inactive"),
          invalid("44444444", "other"),
        ],
      })
    );
    expect(result.invalid).toEqual([
      { code: "11111111", reason: "not_found" },
      { code: "22222222", reason: "expired" },
      { code: "33333333", reason: "inactive" },
      { code: "44444444", reason: "other" },
    ]);
    expect(result.creditUsed).toBe(100_000);
  });
});

describe("payment calculation: problems", () => {
  it("refuses a first payment above the total", () => {
    expect(problem(input({ payments: [{ methodId: "up_card", value: 1_000_001 }] }))).toEqual({
      kind: "payment_exceeds_total",
      field: "payments[0].value",
      excess: 1,
    });
  });

  it("reckons the total after the vouchers", () => {
    expect(
      problem(input({ vouchers: [credit("A", 1)], payments: [{ methodId: "up_card", value: 1_000_000 }] }))
    ).toEqual({ kind: "payment_exceeds_total", field: "payments[0].value", excess: 1 });
    expect(
      problem(input({ vouchers: [unit("D", { bonus: 1 })], payments: [{ methodId: "up_card", value: 1_000_000 }] }))
    ).toEqual({ kind: "payment_exceeds_total", field: "payments[0].value", excess: 1 });
  });

  it("names the part whose value makes the parts exceed the total", () => {
    expect(
      problem(
        input({
          payments: [
            { methodId: "up_card", value: 600_000 },
            { methodId: "edenred_card", value: 400_000 },
            { methodId: "pluxee_cafeteria", value: 1 },
          ],
        })
      )
    ).toEqual({ kind: "payment_exceeds_total", field: "payments[2].value", excess: 1 });
  });

  it("asks for a last payment when the parts leave something", () => {
    expect(problem(input({ payments: [{ methodId: "up_card", value: 999_999 }], lastPayment: "" }))).toEqual({
      kind: "last_payment_missing",
      field: "last_payment",
    });
    expect(problem(input({ lastPayment: "" }))).toEqual({ kind: "last_payment_missing", field: "last_payment" });
  });

  it("refuses a method the variant does not offer", () => {
    const whiteLabel = { product: "DZB_WL_PLUXEE_CZ" as const };
    expect(problem(input({ ...whiteLabel, payments: [{ methodId: "up_card", value: 100 }] }))).toEqual({
      kind: "method_unavailable",
      field: "payments[0].method_id",
    });
    expect(problem(input({ ...whiteLabel, lastPayment: "edenred_card" }))).toEqual({
      kind: "method_unavailable",
      field: "last_payment",
    });
    // A refusal names no over-payment when there is none, not even an empty one.
    const cash = problem(input({ lastPayment: "cash" }));
    expect(cash).toStrictEqual({ kind: "method_unavailable", field: "last_payment" });
  });

  it("refuses a method chosen twice, naming the second", () => {
    expect(
      problem(
        input({
          payments: [
            { methodId: "up_card", value: 100 },
            { methodId: "edenred_card", value: 100 },
            { methodId: "up_card", value: 100 },
          ],
        })
      )
    ).toEqual({ kind: "method_repeated", field: "payments[2].method_id" });
    expect(problem(input({ payments: [{ methodId: "up_card", value: 100 }], lastPayment: "up_card" }))).toEqual({
      kind: "method_repeated",
      field: "last_payment",
    });
  });
});

describe("payment calculation: properties", () => {
  const lookup = fc.oneof(
    fc
      .record({ id: fc.constantFrom("c1", "c2", "c3"), available: fc.integer({ min: 0, max: 2_000_000_000 }) })
      .map(({ id, available }) => credit(id, available, { id })),
    fc
      .record({
        id: fc.constantFrom("u1", "u2", "u3"),
        bonus: fc.integer({ min: 0, max: 500_000_000 }),
        hundredths: fc.integer({ min: 0, max: 10_000 }),
        removeBusinessFee: fc.boolean(),
        removeTransactionFee: fc.boolean(),
      })
      .map(({ id, hundredths, ...rest }) => unit(id, { id, bonusPercent: hundredths / 100, ...rest })),
    fc.constantFrom(invalid("99999999", "not_found"), invalid("88888888", "expired"))
  );

  /** A valid request: the parts are fractions of what is left once the vouchers have paid. */
  const request = fc
    .record({
      product: fc.constantFrom(...productKeys),
      due: fc.integer({ min: 0, max: 2_000_000_000 }),
      vouchers: fc.array(lookup, { maxLength: 5 }),
      weights: fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 7 }),
      methodSeed: fc.integer({ min: 0, max: 1_000 }),
      today: fc.constantFrom("2024-06-01", "2024-12-31", "2025-01-01", "2026-11-21"),
    })
    .map(({ product, due, vouchers, weights, methodSeed, today }) => {
      const methods = paymentMethodsFor(product).hotel;
      const rotated = [...methods.slice(methodSeed % methods.length), ...methods.slice(0, methodSeed % methods.length)];
      const base = input({ product, due, vouchers, methods, today, lastPayment: rotated[0]!.id });
      const first = calculatePayment(base);
      if (!first.ok) throw new Error("a request with only a last payment is always valid");
      const remaining = first.calculation.outputs.reduce((sum, o) => sum + o.share, 0);
      const parts = weights.slice(0, rotated.length - 1).map((weight, i) => ({
        methodId: rotated[i + 1]!.id,
        value: Math.floor((remaining * weight) / (100 * Math.max(1, weights.length))),
      }));
      return { ...base, payments: parts };
    });

  const sum = (amounts: readonly number[]) => amounts.reduce((s, a) => s + a, 0);

  it("always succeeds for a valid request and sums exactly to what is due", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        const shares = sum(result.outputs.map((o) => o.share));
        expect(result.discount + result.creditUsed + shares).toBe(given.due);
      }),
      { numRuns: 2_000 }
    );
  });

  it("has nothing negative", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        const amounts = [
          result.discount,
          result.creditUsed,
          result.serviceFee,
          result.bonus,
          result.charged,
          ...result.credits.flatMap((c) => [c.available, c.willBeUsed]),
          ...result.units.map((u) => u.bonus),
          ...result.outputs.flatMap((o) => [o.share, o.fee, o.value, o.bonus, o.bonusPercent]),
        ];
        for (const amount of amounts) expect(amount).toBeGreaterThanOrEqual(0);
        for (const output of result.outputs) expect(output.share).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 }
    );
  });

  it("charges the methods their shares plus the service fee", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        expect(result.charged).toBe(sum(result.outputs.map((o) => o.share)) + result.serviceFee);
        expect(result.charged).toBe(sum(result.outputs.map((o) => o.value)));
        expect(result.serviceFee).toBe(sum(result.outputs.map((o) => o.fee)));
        expect(result.bonus).toBe(sum(result.outputs.map((o) => o.bonus)));
      }),
      { numRuns: 2_000 }
    );
  });

  it("charges a fee only on the methods' shares, and none when a voucher removes it", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        const removed = result.units.some((u) => u.removeBusinessFee);
        const onShares = sum(
          result.outputs.map((o) => shareOf(o.share, serviceFeeBasisPoints(given.product, o.methodId)))
        );
        expect(result.serviceFee).toBe(removed ? 0 : onShares);
      }),
      { numRuns: 2_000 }
    );
  });

  it("uses no credit beyond what it holds and no discount beyond what it offers", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        for (const use of result.credits) expect(use.willBeUsed).toBeLessThanOrEqual(use.available);
        for (const use of result.units) {
          const voucher = given.vouchers.find((v) => v.kind === "unit" && v.voucher.id === use.voucherId);
          if (voucher?.kind !== "unit") throw new Error("unit use without its voucher");
          const offered =
            voucher.voucher.bonus + shareOf(given.due, basisPointsOfPercent(voucher.voucher.bonusPercent));
          expect(use.bonus).toBeLessThanOrEqual(offered);
        }
        expect(result.discount).toBeLessThanOrEqual(given.due);
      }),
      { numRuns: 2_000 }
    );
  });

  it("earns promotion credits only in 2024", () => {
    fc.assert(
      fc.property(request, (given) => {
        const result = calculated(given);
        if (given.today >= "2025-01-01") expect(result.bonus).toBe(0);
        expect(result.bonus).toBeLessThanOrEqual(220_000);
      }),
      { numRuns: 2_000 }
    );
  });

  it("never fails with anything but a listed problem, and never throws, for arbitrary parts", () => {
    const kinds = [
      "payment_exceeds_total",
      "last_payment_missing",
      "method_unavailable",
      "method_repeated",
      "coupon_not_for_payment_type",
    ];
    const anyMethod = fc.constantFrom(
      "edenred_card",
      "up_card",
      "pluxee_cafeteria",
      "payment_card",
      "transfer",
      "cash"
    );
    fc.assert(
      fc.property(
        request,
        fc.array(fc.record({ methodId: anyMethod, value: fc.integer({ min: 0, max: 2_000_000_000 }) }), {
          maxLength: 4,
        }),
        fc.oneof(anyMethod, fc.constant("")),
        (given, payments, lastPayment) => {
          const result = calculatePayment({ ...given, payments, lastPayment });
          if (!result.ok) expect(kinds).toContain(result.problem.kind);
          else expect(result.calculation.discount + result.calculation.creditUsed).toBeLessThanOrEqual(given.due);
        }
      ),
      { numRuns: 2_000 }
    );
  });
});

describe("switching an unpaid part to another method", () => {
  const czechMethods = paymentMethodsFor("DZB_CZ").hotel;
  const switchOf = (overrides: Partial<PaymentSwitch> = {}): PaymentSwitch => ({
    product: "DZB_CZ",
    methods: czechMethods,
    from: { methodId: "edenred_card", value: 1_059_000 },
    to: "payment_card",
    otherMethodIds: [],
    feeRemoved: false,
    couponLimits: [],
    today: "2026-11-21",
    ...overrides,
  });

  it("pays the same share, charged with the new method's fee", () => {
    // 10 000 Kč on Edenred was charged with its 5.9 % fee; the card carries none, Pluxee 10 %.
    expect(switchPayment(switchOf())).toMatchObject({ ok: true, output: { share: 1_000_000, fee: 0, value: 1_000_000 } });
    expect(switchPayment(switchOf({ to: "pluxee_cafeteria" }))).toMatchObject({
      ok: true,
      output: { methodId: "pluxee_cafeteria", share: 1_000_000, fee: 100_000, value: 1_100_000 },
    });
    // A voucher that removed the fees removes them for the new method too.
    const feeless = switchOf({ from: { methodId: "edenred_card", value: 1_000_000 }, to: "pluxee_cafeteria" });
    expect(switchPayment({ ...feeless, feeRemoved: true })).toMatchObject({
      ok: true,
      output: { share: 1_000_000, fee: 0, value: 1_000_000 },
    });
  });

  it("reads back the one share of any charge, so switching there and back charges the same", () => {
    const feeMethods = czechMethods.filter((m) => serviceFeeBasisPoints("DZB_CZ", m.id) > 0).map((m) => m.id);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(...feeMethods), (share, methodId) => {
        const charged = share + shareOf(share, serviceFeeBasisPoints("DZB_CZ", methodId));
        expect(shareOfCharged("DZB_CZ", methodId, charged, false)).toBe(share);
        const there = switchPayment(switchOf({ from: { methodId, value: charged } }));
        if (!there.ok) throw new Error(there.problem.kind);
        const back = switchOf({ from: { methodId: "payment_card", value: there.output.value }, to: methodId });
        expect(switchPayment(back)).toMatchObject({ ok: true, output: { value: charged } });
      })
    );
  });

  it("offers and takes only another method of the variant that the order does not use yet", () => {
    const targets = switchTargets(czechMethods, "edenred_card", ["transfer"]).map((m) => m.id);
    expect(targets).toEqual(["edenred_cafeteria", "pluxee_cafeteria", "up_card", "benefit_systems", "payment_card"]);
    expect(switchPayment(switchOf({ to: "transfer", otherMethodIds: ["transfer"] }))).toEqual({
      ok: false,
      problem: { kind: "method_repeated", field: "method_id" },
    });
    expect(switchPayment(switchOf({ to: "edenred_card" }))).toMatchObject({ problem: { kind: "method_repeated" } });
    expect(switchPayment(switchOf({ to: "voucher" }))).toMatchObject({
      problem: { kind: "method_unavailable", field: "method_id" },
    });
    const polish = switchOf({ product: "DZB_PL", methods: paymentMethodsFor("DZB_PL").hotel, to: "edenred_cafeteria" });
    expect(switchPayment(polish)).toMatchObject({ problem: { kind: "method_unavailable" } });
  });

  it("keeps a coupon's limit to some methods", () => {
    expect(switchPayment(switchOf({ couponLimits: [["edenred_card", "transfer"]] }))).toMatchObject({
      problem: { kind: "coupon_not_for_payment_type", field: "method_id" },
    });
    const limited = switchOf({ to: "transfer", couponLimits: [["edenred_card", "transfer"], null] });
    expect(switchPayment(limited).ok).toBe(true);
  });
});

describe("what a method's charge pays", () => {
  const feeMethods = ["edenred_card", "edenred_cafeteria", "pluxee_cafeteria", "up_card", "benefit_systems"];
  const chargeOf = (methodId: string, share: number) =>
    share + shareOf(share, serviceFeeBasisPoints("DZB_CZ", methodId));

  it("is the largest share whose charge, its fee included, stays within what the method may be charged", () => {
    fc.assert(
      fc.property(fc.constantFrom(...feeMethods), fc.integer({ min: 0, max: 100_000_000 }), (methodId, charged) => {
        const share = largestShareWithin("DZB_CZ", methodId, charged);
        expect(chargeOf(methodId, share)).toBeLessThanOrEqual(charged);
        expect(chargeOf(methodId, share + 1)).toBeGreaterThan(charged);
      })
    );
  });

  it("reads back the one share a charge was made of, and refuses a charge no share makes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...feeMethods), fc.integer({ min: 0, max: 100_000_000 }), (methodId, share) => {
        expect(shareOfCharged("DZB_CZ", methodId, chargeOf(methodId, share), false)).toBe(share);
      })
    );
    // At 10 %, a share of 5 is charged 6 (its fee 0.5 rounds up) and one of 6 is charged 7: nothing is charged 5.5,
    // but between 14 (charged 15) and 15 (charged 17) no share is charged 16.
    expect(chargeOf("pluxee_cafeteria", 14)).toBe(15);
    expect(chargeOf("pluxee_cafeteria", 15)).toBe(17);
    expect(() => shareOfCharged("DZB_CZ", "pluxee_cafeteria", 16, false)).toThrow(
      new RangeError("16 is no charge of pluxee_cafeteria")
    );
    expect(shareOfCharged("DZB_CZ", "pluxee_cafeteria", 16, true)).toBe(16);
  });

  it("refuses amounts that are not minor units, saying which", () => {
    expect(() => largestShareWithin("DZB_CZ", "up_card", -1)).toThrow(
      new RangeError("charged -1 is not minor units >= 0")
    );
    expect(() => shareOfCharged("DZB_CZ", "up_card", 1.5, false)).toThrow(
      new RangeError("charged 1.5 is not minor units >= 0")
    );
    expect(() => calculatePayment(input({ due: -1 }))).toThrow(new RangeError("due -1 is not minor units >= 0"));
    expect(() => calculatePayment(input({ payments: [{ methodId: "up_card", value: -3 }] }))).toThrow(
      new RangeError("payments[0].value -3 is not minor units >= 0")
    );
    const methods = paymentMethodsFor("DZB_CZ").hotel;
    const charged = { product: "DZB_CZ" as const, methods, payments: [], lastPayment: "payment_card", today: "2026-11-21" };
    expect(() => calculateChargedPayment({ ...charged, total: -5 })).toThrow(
      new RangeError("total -5 is not minor units >= 0")
    );
  });
});

describe("a payment charged a total, fees taken out", () => {
  const charged = (overrides: Partial<Parameters<typeof calculateChargedPayment>[0]> = {}) =>
    calculateChargedPayment({
      product: "DZB_CZ",
      methods: paymentMethodsFor("DZB_CZ").voucher,
      payments: [{ methodId: "up_card", value: 50_000 }],
      lastPayment: "payment_card",
      today: "2026-11-21",
      total: 100_000,
      ...overrides,
    });

  it("uses no voucher: none is listed, none discounts and none pays", () => {
    const result = charged();
    if (!result.ok) throw new Error(result.problem.kind);
    expect(result.calculation).toMatchObject({ invalid: [], credits: [], units: [], discount: 0, creditUsed: 0 });
    expect(result.calculation.charged).toBe(100_000);
  });

  it("refuses a split its methods cannot pay, as a priced order is refused", () => {
    expect(charged({ lastPayment: "cash" })).toStrictEqual({
      ok: false,
      problem: { kind: "method_unavailable", field: "last_payment" },
    });
  });
});
