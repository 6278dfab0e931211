import { describe, expect, it } from "vitest";
import { dealKinds, MAX_DEALS, unsellableReason, type ProviderProduct } from "./hotel-offer";

const product = (overrides: Partial<ProviderProduct> = {}): ProviderProduct => ({
  productId: "100_1",
  numberAvailableAtThisPrice: 1,
  publicPrice: 500_000,
  discountedPrice: 500_000,
  deals: [],
  extraCharges: [],
  mealPlan: { plan: "no_plan", meals: [] },
  maximumOccupancy: { adults: 1, total: 1, children: [] },
  paymentTimings: ["online_now"],
  ...overrides,
});

describe("a product the shop can sell", () => {
  it("may be the last room, a single room, or take babies and teenagers", () => {
    expect(unsellableReason(product())).toBeUndefined();
    const bands = [
      { total: 1, fromAge: 0, toAge: 1 },
      { total: 2, fromAge: 2, toAge: 15 },
    ];
    expect(unsellableReason(product({ maximumOccupancy: { adults: 2, total: 5, children: bands } }))).toBeUndefined();
  });

  it("may have a band of one age, or a band with no child's place left, beside the adults' places", () => {
    const withBand = (band: { total: number; fromAge: number; toAge: number }) =>
      product({ maximumOccupancy: { adults: 2, total: 3, children: [band] } });
    expect(unsellableReason(withBand({ total: 1, fromAge: 0, toAge: 0 }))).toBeUndefined();
    expect(unsellableReason(withBand({ total: 0, fromAge: 0, toAge: 5 }))).toBeUndefined();
  });

  it("is not one with nothing left, no adult's place, or guests and ages that contradict", () => {
    expect(unsellableReason(product({ numberAvailableAtThisPrice: 0 }))).toBe("none_left");
    expect(unsellableReason(product({ maximumOccupancy: { adults: 0, total: 2, children: [] } }))).toBe("no_adults");
    expect(unsellableReason(product({ maximumOccupancy: { adults: 2, total: 1, children: [] } }))).toBe(
      "total_below_adults"
    );
    const upsideDown = {
      adults: 2,
      total: 3,
      children: [{ total: 1, fromAge: 6, toAge: 2 }],
    };
    expect(unsellableReason(product({ maximumOccupancy: upsideDown }))).toBe("child_band_invalid");
    for (const band of [
      { total: -1, fromAge: 0, toAge: 5 },
      { total: 1, fromAge: -1, toAge: 5 },
    ]) {
      expect(unsellableReason(product({ maximumOccupancy: { adults: 2, total: 3, children: [band] } }))).toBe(
        "child_band_invalid"
      );
    }
  });

  it("is not one nobody can pay, whose deal raises the price, or that carries more deals than the contract has room for", () => {
    expect(unsellableReason(product({ paymentTimings: [] }))).toBe("no_payment_timing");
    expect(unsellableReason(product({ publicPrice: 400_000 }))).toBe("deal_raises_price");
    const deals = (count: number) => Array.from({ length: count }, (_, index) => dealKinds[index % dealKinds.length]);
    expect(unsellableReason(product({ deals: deals(MAX_DEALS) }))).toBeUndefined();
    expect(unsellableReason(product({ deals: deals(MAX_DEALS + 1) }))).toBe("too_many_deals");
  });
});
