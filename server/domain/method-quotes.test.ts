import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProviderProduct } from "./hotel-offer";
import { priceHotelOrder, type ChosenProduct, type HotelOrderPricingInput } from "./hotel-order";
import { hotelMethodQuotes, voucherMethodQuotes, type MethodQuote } from "./method-quotes";
import type { VoucherLookup } from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import type { ProductKey } from "./products";

/** One double room for two nights, paid online now, at `price` haléře or grosze. */
function stayFor(price: number, paymentTimings: ProviderProduct["paymentTimings"] = ["online_now"]): ChosenProduct {
  const product: ProviderProduct = {
    productId: "100_1",
    numberAvailableAtThisPrice: 1,
    publicPrice: price,
    discountedPrice: price,
    deals: [],
    extraCharges: [],
    mealPlan: { plan: "no_plan", meals: [] },
    maximumOccupancy: { adults: 2, total: 2, children: [] },
    paymentTimings,
  };
  return { room: { roomId: "100", name: "Double room", products: [product] }, product };
}

const order = (
  product: ProductKey,
  price: number,
  vouchers: readonly VoucherLookup[] = []
): Omit<HotelOrderPricingInput, "payments" | "lastPayment"> => ({
  product,
  chosen: [stayFor(price)],
  cancellationInsurance: false,
  vouchers,
  methods: paymentMethodsFor(product).hotel,
  today: "2026-11-28",
});

const credit = (available: number): VoucherLookup => ({
  kind: "credit",
  voucher: { id: "v1", code: "12345678", available },
});

const coupon = (allowedMethodIds: readonly string[] | null): VoucherLookup => ({
  kind: "unit",
  voucher: {
    id: "c1",
    code: "ABCDE",
    bonus: 20_000,
    bonusPercent: 0,
    removeBusinessFee: false,
    removeTransactionFee: false,
    allowedMethodIds,
  },
});

const figures = (quotes: readonly MethodQuote[]) =>
  quotes.map(({ methodId, serviceFee, total }) => [methodId, serviceFee, total]);

describe("the ways to pay a stay side by side", () => {
  it("prices a 10 000 Kč stay with each Czech method alone, the cheapest first and ties in the offer's order", () => {
    expect(figures(hotelMethodQuotes(order("DZB_CZ", 1_000_000)))).toEqual([
      ["payment_card", 0, 1_000_000],
      ["transfer", 0, 1_000_000],
      ["edenred_card", 59_000, 1_059_000],
      ["edenred_cafeteria", 59_000, 1_059_000],
      ["up_card", 69_000, 1_069_000],
      ["pluxee_cafeteria", 100_000, 1_100_000],
      ["benefit_systems", 100_000, 1_100_000],
    ]);
  });

  it("prices the Polish methods at the Polish rates: Pluxee and Benefit Systems without a fee", () => {
    expect(figures(hotelMethodQuotes(order("DZB_PL", 100_000)))).toEqual([
      ["pluxee_cafeteria", 0, 100_000],
      ["benefit_systems", 0, 100_000],
      ["payment_card", 0, 100_000],
      ["transfer", 0, 100_000],
      ["edenred_card", 5_900, 105_900],
      ["up_card", 6_900, 106_900],
    ]);
  });

  it("charges the fee only on what is left after a voucher's credit", () => {
    const quotes = hotelMethodQuotes(order("DZB_CZ", 1_000_000, [credit(400_000)]));
    expect(quotes.find((quote) => quote.methodId === "pluxee_cafeteria")).toMatchObject({
      serviceFee: 60_000,
      total: 1_060_000,
    });
  });

  it("quotes none when the vouchers pay everything: there is nothing left to choose a method for", () => {
    expect(hotelMethodQuotes(order("DZB_CZ", 500_000, [credit(500_000)]))).toEqual([]);
  });

  it("quotes none for a stay paid at the hotel", () => {
    expect(hotelMethodQuotes({ ...order("DZB_CZ", 500_000), chosen: [stayFor(500_000, ["at_property"])] })).toEqual(
      []
    );
  });

  it("leaves out the methods a coupon does not take, and gives the others its discount", () => {
    const quotes = hotelMethodQuotes(order("DZB_CZ", 1_000_000, [coupon(["transfer", "edenred_card"])]));
    expect(figures(quotes)).toEqual([
      ["transfer", 0, 980_000],
      ["edenred_card", 57_820, 1_037_820],
    ]);
  });

  it("is, for every method, the price the order gets when the customer then pays with that method alone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ProductKey>("DZB_CZ", "DZB_PL", "DZB_WL_PLUXEE_CZ"),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.option(fc.integer({ min: 0, max: 50_000_000 }), { nil: undefined }),
        (product, price, available) => {
          const input = order(product, price, available === undefined ? [] : [credit(available)]);
          const quotes = hotelMethodQuotes(input);
          for (const quote of quotes) {
            const paid = priceHotelOrder({ ...input, payments: [], lastPayment: quote.methodId });
            expect(paid.ok && [paid.order.price.total, paid.order.calculation.serviceFee]).toEqual([
              quote.total,
              quote.serviceFee,
            ]);
          }
          expect(quotes.map((quote) => quote.total)).toEqual(quotes.map((quote) => quote.total).sort((a, b) => a - b));
        }
      )
    );
  });
});

describe("the ways to pay a voucher side by side", () => {
  const voucher = { product: "DZB_CZ" as const, amount: 300_000, extraService: false, today: "2026-11-28" };

  it("adds each method's fee to a value bought plus fees", () => {
    const quotes = voucherMethodQuotes({ ...voucher, feeMode: "value_plus_fees" });
    expect(quotes[0]).toMatchObject({ methodId: "payment_card", serviceFee: 0, total: 300_000, voucherValue: 300_000 });
    expect(quotes.at(-1)).toMatchObject({ methodId: "benefit_systems", serviceFee: 30_000, total: 330_000 });
  });

  it("keeps the total entered with fees included, and puts first the methods that leave the most on the voucher", () => {
    const quotes = voucherMethodQuotes({ ...voucher, feeMode: "fees_included" });
    expect(quotes.every((quote) => quote.total === 300_000)).toBe(true);
    expect(quotes.map((quote) => [quote.methodId, quote.voucherValue])).toEqual([
      ["payment_card", 300_000],
      ["transfer", 300_000],
      ["edenred_card", 283_300],
      ["edenred_cafeteria", 283_300],
      ["up_card", 280_700],
      ["pluxee_cafeteria", 272_800],
      ["benefit_systems", 272_800],
    ]);
  });

  it("leaves out, with fees included, the methods whose fee would take the voucher below the smallest one sold", () => {
    // 500 Kč is the smallest voucher: only the methods without a fee leave that much of a 500 Kč total.
    const quotes = voucherMethodQuotes({ ...voucher, amount: 50_000, feeMode: "fees_included" });
    expect(quotes.map((quote) => [quote.methodId, quote.voucherValue])).toEqual([
      ["payment_card", 50_000],
      ["transfer", 50_000],
    ]);
  });

  it("quotes nothing where vouchers are not sold", () => {
    expect(voucherMethodQuotes({ ...voucher, product: "DZB_PL", feeMode: "value_plus_fees" })).toEqual([]);
  });
});
