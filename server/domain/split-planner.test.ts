import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculatePayment, largestShareWithin } from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import type { ProductKey } from "./products";
import { serviceFeeBasisPoints } from "./service-fee";
import { planHotelSplit, planSplit, restMethodOf, type MethodBalance, type SplitPlan } from "./split-planner";
import { shareOf } from "./money";
import type { ChosenProduct } from "./hotel-order";
import type { VoucherLookup } from "./payment-calculation";

const benefitIds = ["edenred_card", "edenred_cafeteria", "pluxee_cafeteria", "up_card", "benefit_systems"];

const plan = (due: number, balances: MethodBalance[], rest = "payment_card", product: ProductKey = "DZB_CZ") =>
  planSplit({ product, due, balances, rest, methods: paymentMethodsFor(product).hotel });

/** What the plan charges each method, priced by the order's own rules. */
function priced(product: ProductKey, due: number, split: Pick<SplitPlan, "payments" | "lastPayment">) {
  const result = calculatePayment({
    product,
    due,
    vouchers: [],
    payments: split.payments,
    lastPayment: split.lastPayment,
    methods: paymentMethodsFor(product).hotel,
    today: "2026-11-28",
  });
  if (!result.ok) throw new Error(`the split cannot pay: ${result.problem.kind}`);
  return result.calculation;
}

const feeOf = (methodId: string, share: number) => shareOf(share, serviceFeeBasisPoints("DZB_CZ", methodId));

describe("the split that costs least", () => {
  it("spends 3 200 Kč of Edenred before 5 000 Kč of Pluxee points on a 6 000 Kč stay, nothing by card", () => {
    const split = plan(600_000, [
      { methodId: "pluxee_cafeteria", balance: 500_000 },
      { methodId: "edenred_card", balance: 320_000 },
    ]);
    const edenred = largestShareWithin("DZB_CZ", "edenred_card", 320_000);
    expect(split.payments).toEqual([
      { methodId: "edenred_card", value: edenred },
      { methodId: "pluxee_cafeteria", value: 600_000 - edenred },
    ]);
    const calculation = priced("DZB_CZ", 600_000, split);
    expect(calculation.outputs.map((output) => [output.methodId, output.value])).toEqual([
      ["edenred_card", 320_000],
      ["pluxee_cafeteria", 600_000 - edenred + feeOf("pluxee_cafeteria", 600_000 - edenred)],
    ]);
    expect(calculation.serviceFee).toBe(split.serviceFee);
  });

  it("leaves to the card or the transfer what the balances cannot pay", () => {
    const split = plan(1_000_000, [{ methodId: "up_card", balance: 200_000 }], "transfer");
    const up = largestShareWithin("DZB_CZ", "up_card", 200_000);
    expect(split).toMatchObject({ payments: [{ methodId: "up_card", value: up }], lastPayment: "transfer" });
    expect(priced("DZB_CZ", 1_000_000, split).outputs.at(-1)).toMatchObject({ methodId: "transfer", value: 1_000_000 - up });
  });

  it("takes a Polish card without a fee before one with a fee", () => {
    const split = plan(
      50_000,
      [
        { methodId: "edenred_card", balance: 100_000 },
        { methodId: "pluxee_cafeteria", balance: 30_000 },
      ],
      "payment_card",
      "DZB_PL"
    );
    expect(split.payments).toEqual([
      { methodId: "pluxee_cafeteria", value: 30_000 },
      { methodId: "edenred_card", value: 20_000 },
    ]);
  });

  it("splits between two cards of one rate where each rounds its fee down", () => {
    // One card paying 8 485 haléřů carries 500.615 → 501 haléřů of fee; two cards sharing it can round both down.
    const split = plan(8_485, [
      { methodId: "edenred_card", balance: 100_000 },
      { methodId: "edenred_cafeteria", balance: 100_000 },
    ]);
    expect(split.serviceFee).toBe(500);
    expect(split.payments).toHaveLength(2);
  });

  it("plans with no balance, one of a method not offered, and one of the method paying the rest: the rest pays it all", () => {
    expect(plan(100_000, [])).toEqual({ payments: [], lastPayment: "payment_card", serviceFee: 0 });
    expect(
      plan(100_000, [
        { methodId: "payment_card", balance: 50_000 },
        { methodId: "benefit_systems", balance: 0 },
      ])
    ).toEqual({ payments: [], lastPayment: "payment_card", serviceFee: 0 });
    expect(plan(100_000, [{ methodId: "up_card", balance: 50_000 }], "transfer", "DZB_WL_PLUXEE_CZ").payments).toEqual([]);
  });

  const balances = fc.uniqueArray(
    fc.record({
      methodId: fc.constantFrom(...benefitIds),
      balance: fc.integer({ min: 0, max: 30_000_000 }),
    }),
    { selector: (entry) => entry.methodId, maxLength: 5 }
  );

  it("never charges a card more than the customer says it holds, and spends the balances as far as they go", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), balances, (due, stated) => {
        const split = plan(due, stated);
        const calculation = priced("DZB_CZ", due, split);
        for (const output of calculation.outputs) {
          if (output.methodId === split.lastPayment) continue;
          expect(output.value).toBeLessThanOrEqual(stated.find((entry) => entry.methodId === output.methodId)!.balance);
        }
        const capacity = stated.reduce((sum, entry) => sum + largestShareWithin("DZB_CZ", entry.methodId, entry.balance), 0);
        const fromCards = split.payments.reduce((sum, part) => sum + part.value, 0);
        expect(fromCards).toBe(Math.min(due, capacity));
        expect(calculation.serviceFee).toBe(split.serviceFee);
      })
    );
  });

  it("is never dearer than a split typed by hand within the balances that leaves as much to the card", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        balances,
        fc.array(fc.nat({ max: 1_000 }), { minLength: 5, maxLength: 5 }),
        (due, stated, weights) => {
          const split = plan(due, stated);
          const covered = split.payments.reduce((sum, part) => sum + part.value, 0);
          // The same amount spread over the stated cards some other way, each within what its balance pays.
          const capacities = stated.map((entry) => largestShareWithin("DZB_CZ", entry.methodId, entry.balance));
          const weight = (i: number) => weights[i]! + 1;
          const sumOfWeights = stated.reduce((sum, _, i) => sum + weight(i), 0);
          let left = covered;
          const hand = stated.map((entry, i) => {
            const share = Math.min(capacities[i]!, left, Math.floor((covered * weight(i)) / sumOfWeights));
            left -= share;
            return { methodId: entry.methodId, value: share };
          });
          for (const [i, part] of hand.entries()) {
            const more = Math.min(left, capacities[i]! - part.value);
            hand[i] = { ...part, value: part.value + more };
            left -= more;
          }
          expect(left).toBe(0);
          const handFee = priced("DZB_CZ", due, { payments: hand, lastPayment: "payment_card" }).serviceFee;
          expect(split.serviceFee).toBeLessThanOrEqual(handFee);
        }
      )
    );
  });

  it("has the lowest fee of every split of a small order over two or three cards, tried one by one", () => {
    const small = fc.uniqueArray(
      fc.record({ methodId: fc.constantFrom(...benefitIds), balance: fc.integer({ min: 0, max: 260 }) }),
      { selector: (entry) => entry.methodId, minLength: 2, maxLength: 3 }
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700 }), small, (due, stated) => {
        const split = plan(due, stated);
        const covered = split.payments.reduce((sum, part) => sum + part.value, 0);
        const caps = stated.map((entry) => largestShareWithin("DZB_CZ", entry.methodId, entry.balance));
        let cheapest = Infinity;
        const [a, b, c] = stated;
        for (let x = 0; x <= Math.min(caps[0]!, covered); x++) {
          for (let y = 0; y <= Math.min(caps[1]!, covered - x); y++) {
            const z = covered - x - y;
            if (c === undefined ? z !== 0 : z > caps[2]!) continue;
            const fee = feeOf(a!.methodId, x) + feeOf(b!.methodId, y) + (c ? feeOf(c.methodId, z) : 0);
            cheapest = Math.min(cheapest, fee);
          }
        }
        expect(split.serviceFee).toBe(cheapest);
      }),
      { numRuns: 60 }
    );
  });
});

describe("the split's rules one by one", () => {
  it("refuses a due amount that is not minor units, saying which", () => {
    for (const due of [-1, 10.5, Number.NaN]) {
      expect(() => plan(due, [])).toThrow(new RangeError(`due ${due} is not minor units`));
    }
  });

  it("takes a method's first stated balance only", () => {
    const split = plan(500_000, [
      { methodId: "up_card", balance: 100_000 },
      { methodId: "up_card", balance: 400_000 },
    ]);
    expect(split.payments).toEqual([{ methodId: "up_card", value: largestShareWithin("DZB_CZ", "up_card", 100_000) }]);
  });

  it("lists no card the cheaper cards made needless", () => {
    const polish = plan(
      20_000,
      [
        { methodId: "edenred_card", balance: 100_000 },
        { methodId: "pluxee_cafeteria", balance: 30_000 },
      ],
      "payment_card",
      "DZB_PL"
    );
    expect(polish.payments).toEqual([{ methodId: "pluxee_cafeteria", value: 20_000 }]);
  });

  it("lists the cards in the order the shop offers the methods, whichever is cheaper", () => {
    const offered = paymentMethodsFor("DZB_CZ").hotel.map((method) => method.id);
    expect(offered.indexOf("pluxee_cafeteria")).toBeLessThan(offered.indexOf("up_card"));
    const rate = (methodId: string) => serviceFeeBasisPoints("DZB_CZ", methodId);
    expect(rate("up_card")).toBeLessThan(rate("pluxee_cafeteria"));
    const split = plan(500_000, [
      { methodId: "up_card", balance: 200_000 },
      { methodId: "pluxee_cafeteria", balance: 500_000 },
    ]);
    expect(split.payments.map((payment) => payment.methodId)).toEqual(["pluxee_cafeteria", "up_card"]);
  });

  it("of two cards of one rate, fills the one offered first when splitting saves no fee", () => {
    const [first, second] = ["edenred_card", "edenred_cafeteria"].sort(
      (a, b) => benefitIds.indexOf(a) - benefitIds.indexOf(b)
    );
    expect(serviceFeeBasisPoints("DZB_CZ", first!)).toBe(serviceFeeBasisPoints("DZB_CZ", second!));
    const split = plan(100_000, [
      { methodId: second!, balance: 500_000 },
      { methodId: first!, balance: 500_000 },
    ]);
    expect(split.payments).toEqual([{ methodId: first, value: 100_000 }]);
  });
});

describe("the method that pays the rest", () => {
  const methods = paymentMethodsFor("DZB_CZ").hotel;

  it("is the card or the transfer the customer asked for", () => {
    expect(restMethodOf(methods, "transfer")).toBe("transfer");
    expect(restMethodOf(methods, "payment_card")).toBe("payment_card");
  });

  it("is the card when the customer asked for a method that needs a balance, or for none", () => {
    expect(restMethodOf(methods, "edenred_card")).toBe("payment_card");
    expect(restMethodOf(methods, "")).toBe("payment_card");
  });

  it("is the transfer where no card is offered, and none where neither is", () => {
    const withoutCard = methods.filter((method) => method.kind !== "payment_card");
    expect(restMethodOf(withoutCard, "edenred_card")).toBe("transfer");
    expect(restMethodOf(methods.filter((method) => method.kind === "benefit_provider"), "transfer")).toBe("");
  });
});

describe("a stay's cheapest split", () => {
  const chosen: ChosenProduct = (() => {
    const product = {
      productId: "100_1",
      numberAvailableAtThisPrice: 3,
      publicPrice: 600_000,
      discountedPrice: 500_000,
      deals: [],
      extraCharges: [],
      mealPlan: { plan: "no_plan" as const, meals: [] },
      maximumOccupancy: { adults: 2, total: 2, children: [] },
      paymentTimings: ["online_now" as const],
    };
    return { room: { roomId: "100", name: "Double room", products: [product] }, product };
  })();
  const stay = (vouchers: VoucherLookup[]) => ({
    product: "DZB_CZ" as const,
    chosen: [chosen],
    cancellationInsurance: false,
    vouchers,
    methods: paymentMethodsFor("DZB_CZ").hotel,
    today: "2026-11-21",
  });
  const up = [{ methodId: "up_card", balance: 200_000 }];

  it("plans what is left of the price once the vouchers are taken off, the rest by the method asked for", () => {
    const credit: VoucherLookup = { kind: "credit", voucher: { id: "v", code: "12345678", available: 100_000 } };
    expect(planHotelSplit(stay([credit]), up, "transfer")).toEqual(
      planSplit({ product: "DZB_CZ", due: 400_000, balances: up, rest: "transfer", methods: stay([]).methods })
    );
    expect(planHotelSplit(stay([]), up, "edenred_card")).toMatchObject({ lastPayment: "payment_card" });
  });

  it("plans nothing when the rest's method cannot pay the order", () => {
    const onlyBenefits: VoucherLookup = {
      kind: "unit",
      voucher: {
        id: "c",
        code: "LETO5",
        bonus: 10_000,
        bonusPercent: 0,
        removeBusinessFee: false,
        removeTransactionFee: false,
        allowedMethodIds: ["up_card"],
      },
    };
    expect(planHotelSplit(stay([onlyBenefits]), up, "payment_card")).toBeUndefined();
  });
});
