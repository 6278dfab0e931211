import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  ExtraCharge,
  MaximumOccupancy,
  PaymentTiming,
  ProviderAvailability,
  ProviderProduct,
  ProviderRoom,
} from "./hotel-offer";
import {
  calculationDifference,
  chooseProducts,
  offerChange,
  priceHotelOrder,
  pricedHotelOrder,
  stayTiming,
  type ChoiceProblem,
  type ChosenProduct,
  type HotelOrderPricingInput,
  type PricedHotelOrder,
} from "./hotel-order";
import {
  calculatePayment,
  type CalculationInput,
  type PaymentCalculation,
  type VoucherLookup,
} from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import { productKeys, type ProductKey } from "./products";

const double: MaximumOccupancy = { adults: 2, total: 3, children: [{ total: 1, fromAge: 0, toAge: 12 }] };

const product = (overrides: Partial<ProviderProduct> = {}): ProviderProduct => ({
  productId: "100_1",
  numberAvailableAtThisPrice: 3,
  publicPrice: 600_000,
  discountedPrice: 500_000,
  deals: [],
  extraCharges: [],
  mealPlan: { plan: "no_plan", meals: [] },
  maximumOccupancy: double,
  paymentTimings: ["online_now"],
  ...overrides,
});

const room = (products: readonly ProviderProduct[], overrides: Partial<ProviderRoom> = {}): ProviderRoom => ({
  roomId: "100",
  name: "Double room",
  products,
  ...overrides,
});

const availability = (rooms: readonly ProviderRoom[]): ProviderAvailability => ({
  requestId: "r".repeat(25),
  answeredAt: new Date("2026-11-21T10:00:00Z"),
  hotel: {
    hotelId: "12345",
    name: "Hotel Paris",
    url: "https://www.booking.com/hotel/cz/hotel-paris-prague.html",
    address: { streetNumber: "U Obecního domu 1", city: "Praha", country: "Česko", postalCode: "110 00" },
    rating: { numberOfReviews: 1200, reviewScore: 8.7, stars: 4 },
    photos: { other: [] },
  },
  rooms,
});

/** The product as chosen from a room of its own. */
const chosen = (overrides: Partial<ProviderProduct> = {}): ChosenProduct => {
  const p = product(overrides);
  return { room: room([p]), product: p };
};

const stay = (adults = 2, childrenAges: readonly number[] = []) => ({ adults, childrenAges });

const cityTax: ExtraCharge = { name: "City tax", amount: 5_000, chargeableOnline: false };
const vat: ExtraCharge = { name: "VAT", percentage: 12, amount: 60_000, chargeableOnline: true };

const pricing = (overrides: Partial<HotelOrderPricingInput> = {}): HotelOrderPricingInput => ({
  product: "DZB_CZ",
  chosen: [chosen()],
  cancellationInsurance: false,
  vouchers: [],
  payments: [],
  lastPayment: "payment_card",
  methods: paymentMethodsFor(overrides.product ?? "DZB_CZ").hotel,
  today: "2026-11-21",
  ...overrides,
});

function priced(given: HotelOrderPricingInput): PricedHotelOrder {
  const result = priceHotelOrder(given);
  if (!result.ok) throw new Error(`expected an order, got ${JSON.stringify(result.problem)}`);
  return result.order;
}

function choiceProblem(...args: Parameters<typeof chooseProducts>): ChoiceProblem {
  const result = chooseProducts(...args);
  if (result.ok) throw new Error(`expected a problem, got ${result.chosen.length} rooms`);
  return result.problem;
}

const credit = (code: string, available: number): VoucherLookup => ({
  kind: "credit",
  voucher: { id: `credit-${code}`, code, available },
});

const discount = (code: string, bonus: number, bonusPercent = 0): VoucherLookup => ({
  kind: "unit",
  voucher: {
    id: `unit-${code}`,
    code,
    bonus,
    bonusPercent,
    removeBusinessFee: false,
    removeTransactionFee: false,
    allowedMethodIds: null,
  },
});

function calculation(overrides: Partial<CalculationInput> = {}): PaymentCalculation {
  const result = calculatePayment({
    product: "DZB_CZ",
    due: 1_000_000,
    vouchers: [credit("12345678", 200_000), discount("SLEVA", 50_000)],
    payments: [{ methodId: "edenred_card", value: 300_000 }],
    lastPayment: "transfer",
    methods: paymentMethodsFor("DZB_CZ").hotel,
    today: "2024-06-01",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.calculation;
}

/** The same value with every object's keys as PostgreSQL jsonb stores them: shorter keys first, then bytewise. */
function jsonbOrdered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrdered);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, jsonbOrdered((value as Record<string, unknown>)[key])]));
}

describe("choosing products", () => {
  it("gives each id its room and product, in the order named", () => {
    const single = product({ productId: "100_1", maximumOccupancy: { adults: 1, total: 1, children: [] } });
    const twin = product({ productId: "200_1" });
    const singleRoom = room([single], { roomId: "100", name: "Single room" });
    const twinRoom = room([twin], { roomId: "200", name: "Twin room" });
    const result = chooseProducts(availability([singleRoom, twinRoom]), ["200_1", "100_1"], stay(3));
    expect(result).toEqual({
      ok: true,
      chosen: [
        { room: twinRoom, product: twin },
        { room: singleRoom, product: single },
      ],
    });
  });

  it("points at an id the offer does not hold", () => {
    const answer = availability([room([product({ productId: "100_1" })])]);
    expect(choiceProblem(answer, ["100_1", "999_9"], stay(2))).toEqual({ kind: "unknown_product", index: 1 });
  });

  it("refuses a product the provider will not take payment for online", () => {
    const answer = availability([
      room([product({ productId: "100_1" }), product({ productId: "100_2", unavailableReason: "not_payable_online" })]),
    ]);
    expect(choiceProblem(answer, ["100_1", "100_2"], stay(2))).toEqual({ kind: "not_payable_online", index: 1 });
  });

  it("refuses a product that cannot be paid by card as not selectable", () => {
    const answer = availability([room([product({ unavailableReason: "card_payment_not_supported" })])]);
    expect(choiceProblem(answer, ["100_1"], stay(2))).toEqual({ kind: "not_selectable", index: 0 });
  });

  it("refuses more rooms of a product than are available at this price, at the first id too many", () => {
    const answer = availability([
      room([product({ productId: "100_1", numberAvailableAtThisPrice: 2 }), product({ productId: "100_2" })]),
    ]);
    expect(choiceProblem(answer, ["100_1", "100_2", "100_1", "100_1"], stay(4))).toEqual({
      kind: "too_many_rooms",
      index: 3,
    });
  });

  it("counts a product named twice as two rooms", () => {
    const p = product({ numberAvailableAtThisPrice: 2 });
    const answer = availability([room([p])]);
    expect(choiceProblem(answer, ["100_1"], stay(4))).toEqual({ kind: "occupancy_exceeded" });
    const result = chooseProducts(answer, ["100_1", "100_1"], stay(4));
    expect(result.ok && result.chosen.map((c) => c.product)).toEqual([p, p]);
  });

  it("refuses a product named twice when only one is left", () => {
    const answer = availability([room([product({ numberAvailableAtThisPrice: 1 })])]);
    expect(choiceProblem(answer, ["100_1", "100_1"], stay(4))).toEqual({ kind: "too_many_rooms", index: 1 });
  });

  it("passes on a party with fewer adults than rooms", () => {
    const answer = availability([room([product({ productId: "100_1" }), product({ productId: "100_2" })])]);
    expect(choiceProblem(answer, ["100_1", "100_2"], stay(1, [5]))).toEqual({ kind: "adults_fewer_than_products" });
  });

  it("passes on a party the rooms cannot hold", () => {
    const answer = availability([room([product()])]);
    expect(choiceProblem(answer, ["100_1"], stay(3))).toEqual({ kind: "occupancy_exceeded" });
    expect(choiceProblem(answer, ["100_1"], stay(2, [14]))).toEqual({ kind: "children_ages_mismatch" });
    expect(chooseProducts(answer, ["100_1"], stay(2, [4])).ok).toBe(true);
  });

  it("names a product problem before a party problem", () => {
    const answer = availability([room([product()])]);
    expect(choiceProblem(answer, ["100_1", "999_9"], stay(1))).toEqual({ kind: "unknown_product", index: 1 });
  });
});

describe("stay timing", () => {
  const timed = (...timings: (readonly PaymentTiming[])[]) => timings.map((t) => chosen({ paymentTimings: t }));

  it("is at the property when every room is paid only there", () => {
    expect(stayTiming(timed(["at_property"]))).toBe("at_property");
    expect(stayTiming(timed(["at_property"], ["at_property"]))).toBe("at_property");
  });

  it("is later when a room paid online cannot be paid now", () => {
    expect(stayTiming(timed(["online_later"]))).toBe("online_later");
    expect(stayTiming(timed(["online_now"], ["online_later", "at_property"]))).toBe("online_later");
  });

  it("is now when every room can be paid online now", () => {
    expect(stayTiming(timed(["online_now"]))).toBe("online_now");
    // A room paid only at the property does not make the online rooms wait.
    expect(stayTiming(timed(["online_now"], ["at_property"]))).toBe("online_now");
    expect(stayTiming(timed(["online_now", "online_later"], ["at_property", "online_now"]))).toBe("online_now");
  });
});

describe("pricing a hotel order", () => {
  it("charges the chosen rooms online and leaves on-site charges for the hotel", () => {
    const order = priced(pricing({ chosen: [chosen({ extraCharges: [cityTax, vat] })] }));
    expect(order.price).toEqual({
      base: 500_000,
      bonus: 0,
      discount: 0,
      serviceFee: 0,
      insurance: 0,
      payOnline: 560_000,
      payOnSite: 5_000,
      total: 565_000,
      extraCharges: [cityTax, vat],
    });
    expect(order.products).toEqual([
      {
        chosen: order.products[0]!.chosen,
        price: { base: 500_000, payOnline: 560_000, payOnSite: 5_000, total: 565_000, extraCharges: [cityTax, vat] },
      },
    ]);
    expect(order.calculation.charged).toBe(560_000);
  });

  it("adds the market's cancellation insurance to what is paid online", () => {
    const insurance = (product: ProductKey) =>
      priced(pricing({ product, methods: paymentMethodsFor(product).hotel, cancellationInsurance: true }));
    for (const [product, amount] of [
      ["DZB_CZ", 150_000],
      ["DZB_WL_PLUXEE_CZ", 150_000],
      ["DZB_PL", 19_900],
    ] as const) {
      const order = insurance(product);
      expect(order.price.insurance).toBe(amount);
      expect(order.price.payOnline).toBe(500_000 + amount);
      expect(order.calculation.charged).toBe(500_000 + amount);
    }
    expect(priced(pricing({ cancellationInsurance: false })).price.insurance).toBe(0);
  });

  it("charges online only the insurance when every room is paid at the property", () => {
    const order = priced(
      pricing({ chosen: [chosen({ paymentTimings: ["at_property"] })], cancellationInsurance: true })
    );
    expect(order.isPayAtProperty).toBe(true);
    expect(order.price.payOnline).toBe(150_000);
    expect(order.price.payOnSite).toBe(500_000);
    expect(order.calculation.charged).toBe(150_000);
  });

  it("sums the deal over every room, before and after the provider's deals", () => {
    const order = priced(
      pricing({
        chosen: [
          chosen({ publicPrice: 600_000, discountedPrice: 500_000 }),
          chosen({
            productId: "200_1",
            publicPrice: 450_000,
            discountedPrice: 400_000,
            paymentTimings: ["at_property"],
          }),
          chosen({ publicPrice: 600_000, discountedPrice: 500_000 }),
        ],
        cancellationInsurance: true,
      })
    );
    expect(order.deal).toEqual({ publicPrice: 1_650_000, discountedPrice: 1_400_000 });
  });

  it("tells an order paid only at the property from one paid partly online", () => {
    const atProperty = chosen({ paymentTimings: ["at_property"] });
    expect(priced(pricing({ chosen: [atProperty, atProperty] })).isPayAtProperty).toBe(true);
    expect(priced(pricing({ chosen: [atProperty, chosen()] })).isPayAtProperty).toBe(false);
    expect(priced(pricing()).isPayAtProperty).toBe(false);
  });

  it("books only after payment when a transfer is charged", () => {
    expect(priced(pricing({ lastPayment: "transfer" })).bookOnlyAfterPayment).toBe(true);
    expect(
      priced(pricing({ payments: [{ methodId: "transfer", value: 100_000 }], lastPayment: "payment_card" }))
        .bookOnlyAfterPayment
    ).toBe(true);
    expect(priced(pricing({ lastPayment: "payment_card" })).bookOnlyAfterPayment).toBe(false);
  });

  it("does not wait for a transfer that a voucher leaves with nothing to pay", () => {
    const order = priced(pricing({ vouchers: [credit("12345678", 2_000_000)], lastPayment: "transfer" }));
    expect(order.calculation.outputs).toEqual([]);
    expect(order.bookOnlyAfterPayment).toBe(false);
  });

  it("takes vouchers and fees into the breakdown", () => {
    const order = priced(
      pricing({
        cancellationInsurance: true,
        vouchers: [discount("SLEVA", 50_000), credit("12345678", 100_000)],
        payments: [{ methodId: "edenred_card", value: 300_000 }],
        lastPayment: "transfer",
      })
    );
    // 650 000 online: 50 000 off, 100 000 from credit, 300 000 by Edenred (+17 700 fee), 200 000 by transfer.
    expect(order.price).toMatchObject({ payOnline: 650_000, discount: 50_000, serviceFee: 17_700, total: 617_700 });
    expect(order.calculation.outputs.map((o) => [o.methodId, o.share])).toEqual([
      ["edenred_card", 300_000],
      ["transfer", 200_000],
    ]);
  });

  it("passes on the payment calculation's problem", () => {
    expect(priceHotelOrder(pricing({ lastPayment: "" }))).toEqual({
      ok: false,
      problem: { kind: "last_payment_missing", field: "last_payment" },
    });
    expect(priceHotelOrder(pricing({ payments: [{ methodId: "edenred_card", value: 500_001 }] }))).toEqual({
      ok: false,
      problem: { kind: "payment_exceeds_total", field: "payments[0].value", excess: 1 },
    });
    expect(priceHotelOrder(pricing({ product: "DZB_WL_PLUXEE_CZ", lastPayment: "up_card" }))).toEqual({
      ok: false,
      problem: { kind: "method_unavailable", field: "last_payment" },
    });
  });

  it("prices with a stored calculation the same order as pricing afresh", () => {
    const given = pricing({
      chosen: [chosen({ extraCharges: [cityTax, vat] }), chosen({ paymentTimings: ["at_property"] })],
      cancellationInsurance: true,
      vouchers: [discount("SLEVA", 50_000), credit("12345678", 100_000)],
      payments: [{ methodId: "pluxee_cafeteria", value: 300_000 }],
      lastPayment: "payment_card",
      today: "2024-06-01",
    });
    const order = priced(given);
    expect(pricedHotelOrder(given.product, given.chosen, given.cancellationInsurance, order.calculation)).toEqual(
      order
    );
  });
});

describe("offer change", () => {
  const offered = (...products: ProviderProduct[]) => availability([room(products)]);

  it("is unavailable when a chosen room is no longer offered", () => {
    expect(offerChange([chosen()], offered(product({ productId: "100_2" })))).toBe("unavailable");
  });

  it("is unavailable when fewer rooms are left than were chosen", () => {
    const twice = [chosen(), chosen()];
    expect(offerChange(twice, offered(product({ numberAvailableAtThisPrice: 1 })))).toBe("unavailable");
    expect(offerChange(twice, offered(product({ numberAvailableAtThisPrice: 2 })))).toBeUndefined();
  });

  it("is unavailable when a chosen room can no longer be ordered", () => {
    for (const reason of ["not_payable_online", "card_payment_not_supported"] as const) {
      expect(offerChange([chosen()], offered(product({ unavailableReason: reason })))).toBe("unavailable");
    }
  });

  it("is a price increase when a charge rose, online or at the hotel, or the room is now paid online", () => {
    const tax = (amount: number) => ({ name: "City tax", amount, chargeableOnline: true });
    const before = chosen({ extraCharges: [tax(6_000)] });
    expect(offerChange([before], offered(product({ extraCharges: [tax(8_000)] })))).toBe("price_increased");
    const atHotel = (amount: number) => ({ name: "City tax", amount, chargeableOnline: false });
    const taxedAtHotel = chosen({ extraCharges: [atHotel(6_000)] });
    expect(offerChange([taxedAtHotel], offered(product({ extraCharges: [atHotel(8_000)] })))).toBe("price_increased");
    const atProperty = chosen({ paymentTimings: ["at_property"] });
    expect(offerChange([atProperty], offered(product({ paymentTimings: ["online_now"] })))).toBe("price_increased");
  });

  it("is a price increase when a chosen room now costs more", () => {
    const fresh = offered(product({ discountedPrice: 500_001 }), product({ productId: "100_2" }));
    expect(offerChange([chosen({ productId: "100_2" }), chosen()], fresh)).toBe("price_increased");
  });

  it("names unavailability before a price increase", () => {
    const fresh = offered(product({ discountedPrice: 900_000 }));
    expect(offerChange([chosen(), chosen({ productId: "100_2" })], fresh)).toBe("unavailable");
  });

  it("lets a cheaper or unchanged room through", () => {
    expect(offerChange([chosen()], offered(product({ discountedPrice: 450_000 })))).toBeUndefined();
    expect(offerChange([chosen()], offered(product()))).toBeUndefined();
  });

  it("finds a chosen room in whichever room of the fresh offer holds it", () => {
    const fresh = availability([room([product({ productId: "200_1" })], { roomId: "200" }), room([product()])]);
    expect(offerChange([chosen()], fresh)).toBeUndefined();
  });
});

describe("calculation difference", () => {
  it("finds none between equal calculations", () => {
    expect(calculationDifference(calculation(), calculation())).toBeUndefined();
  });

  it("is the voucher balance when a credit voucher now pays less", () => {
    const previewed = calculation();
    const now = calculation({ vouchers: [credit("12345678", 150_000), discount("SLEVA", 50_000)] });
    expect(now.credits[0]!.willBeUsed).toBe(150_000);
    expect(calculationDifference(previewed, now)).toBe("voucher_balance");
  });

  it("ignores a voucher's balance that changed without changing what the order takes", () => {
    const previewed = calculation({ due: 100_000, vouchers: [credit("12345678", 200_000)], payments: [] });
    const now = calculation({ due: 100_000, vouchers: [credit("12345678", 900_000)], payments: [] });
    expect(now.credits[0]).toMatchObject({ available: 900_000, willBeUsed: 100_000 });
    expect(calculationDifference(previewed, now)).toBeUndefined();
  });

  it("is the payments when a method's charge differs", () => {
    const previewed = calculation();
    const now = calculation({ payments: [{ methodId: "edenred_card", value: 300_001 }] });
    expect(calculationDifference(previewed, now)).toBe("payments");
  });

  it("is the payments when a single output value differs", () => {
    const previewed = calculation();
    const now: PaymentCalculation = {
      ...previewed,
      outputs: previewed.outputs.map((o, i) => (i === 1 ? { ...o, value: o.value + 1 } : o)),
    };
    expect(calculationDifference(previewed, now)).toBe("payments");
  });

  it("is the payments when a discount voucher takes a different amount", () => {
    const previewed = calculation();
    const now = calculation({ vouchers: [credit("12345678", 200_000), discount("SLEVA", 60_000)] });
    expect(calculationDifference(previewed, now)).toBe("payments");
  });

  it("ignores the order of keys, as a calculation read back from jsonb has them", () => {
    const previewed = calculation({ vouchers: [credit("12345678", 200_000), discount("SLEVA", 50_000, 5)] });
    const stored = jsonbOrdered(JSON.parse(JSON.stringify(previewed))) as PaymentCalculation;
    expect(Object.keys(stored.outputs[0]!)).not.toEqual(Object.keys(previewed.outputs[0]!));
    expect(calculationDifference(stored, previewed)).toBeUndefined();
    expect(calculationDifference(previewed, stored)).toBeUndefined();
  });
});

describe("pricing a hotel order: properties", () => {
  const charge = fc.record({
    name: fc.constantFrom("City tax", "VAT", "Service"),
    amount: fc.integer({ min: 0, max: 200_000 }),
    chargeableOnline: fc.boolean(),
  });
  const offeredProduct = fc
    .record({
      discountedPrice: fc.integer({ min: 0, max: 50_000_000 }),
      markup: fc.integer({ min: 0, max: 5_000_000 }),
      extraCharges: fc.array(charge, { maxLength: 3 }),
      paymentTimings: fc.constantFrom<readonly PaymentTiming[]>(
        ["online_now"],
        ["online_later"],
        ["at_property"],
        ["at_property", "online_later"]
      ),
    })
    .map(({ markup, ...rest }) => chosen({ ...rest, publicPrice: rest.discountedPrice + markup }));

  const order = fc
    .record({
      product: fc.constantFrom(...productKeys),
      chosen: fc.array(offeredProduct, { minLength: 1, maxLength: 4 }),
      cancellationInsurance: fc.boolean(),
      creditAvailable: fc.option(fc.integer({ min: 0, max: 30_000_000 }), { nil: undefined }),
      discountBonus: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
      methodSeed: fc.integer({ min: 0, max: 100 }),
      /** The explicit part, in ten-thousandths of what is left after the vouchers. */
      fraction: fc.integer({ min: 0, max: 10_000 }),
      today: fc.constantFrom("2024-06-01", "2026-11-21"),
    })
    .map(({ product, creditAvailable, discountBonus, methodSeed, fraction, ...rest }) => {
      const methods = paymentMethodsFor(product).hotel.filter((m) => m.id !== "transfer");
      const vouchers = [
        ...(discountBonus === undefined ? [] : [discount("SLEVA", discountBonus)]),
        ...(creditAvailable === undefined ? [] : [credit("12345678", creditAvailable)]),
      ];
      const base = pricing({ product, methods: paymentMethodsFor(product).hotel, vouchers, ...rest });
      const left = priced({ ...base, lastPayment: "transfer" }).calculation.outputs.reduce((s, o) => s + o.share, 0);
      const value = Math.floor((left * fraction) / 10_000);
      return {
        ...base,
        payments: [{ methodId: methods[methodSeed % methods.length]!.id, value }],
        lastPayment: "transfer",
      };
    });

  const sum = (amounts: readonly number[]) => amounts.reduce((s, a) => s + a, 0);
  const insurances: Record<ProductKey, number> = { DZB_CZ: 150_000, DZB_PL: 19_900, DZB_WL_PLUXEE_CZ: 150_000 };

  it("totals the breakdown and splits exactly what is paid online", () => {
    fc.assert(
      fc.property(order, (given) => {
        const { price, calculation: calc } = priced(given);
        const online = given.chosen.filter((c) => c.product.paymentTimings.some((t) => t !== "at_property"));
        const charges = (c: ChosenProduct, paidOnline: boolean) =>
          sum(c.product.extraCharges.filter((e) => e.chargeableOnline === paidOnline).map((e) => e.amount));
        const payOnline =
          sum(online.map((c) => c.product.discountedPrice + charges(c, true))) +
          (given.cancellationInsurance ? insurances[given.product] : 0);
        const payOnSite = sum(
          given.chosen.map((c) =>
            online.includes(c) ? charges(c, false) : c.product.discountedPrice + charges(c, true) + charges(c, false)
          )
        );
        expect(price.payOnline).toBe(payOnline);
        expect(price.payOnSite).toBe(payOnSite);
        expect(price.total).toBe(payOnline - calc.discount + calc.serviceFee + payOnSite);
        expect(calc.creditUsed + calc.discount + sum(calc.outputs.map((o) => o.share))).toBe(payOnline);
      }),
      { numRuns: 500 }
    );
  });
});
