import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitGross, vatOfGross } from "./vat";

describe("VAT from a gross amount", () => {
  it("works out known values", () => {
    // 12 % in 10 000,00 Kč: 1 000 000 × 1200 / 11 200 = 107 142.857… → 107 143 haléřů.
    expect(splitGross(1_000_000, 1200)).toEqual({ base: 892_857, vat: 107_143, gross: 1_000_000 });
    // 21 % in 121,00 Kč is exactly 21,00 Kč.
    expect(splitGross(12_100, 2100)).toEqual({ base: 10_000, vat: 2_100, gross: 12_100 });
    // 8 % in 1 234,00 zł: 123 400 × 800 / 10 800 = 9 140.74… → 9 141 groszy.
    expect(splitGross(123_400, 800)).toEqual({ base: 114_259, vat: 9_141, gross: 123_400 });
    expect(splitGross(0, 2100)).toEqual({ base: 0, vat: 0, gross: 0 });
    expect(splitGross(5_000, 0)).toEqual({ base: 5_000, vat: 0, gross: 5_000 });
  });

  it("rounds an exact half up", () => {
    // At 100 % the VAT is half the gross amount, so odd amounts land exactly on a half.
    expect(vatOfGross(3, 10_000)).toBe(2); // 3 × 1/2 = 1.5 → 2
    expect(vatOfGross(1, 10_000)).toBe(1); // 0.5 → 1
    expect(vatOfGross(21, 2100)).toBe(4); // 3.644… → 4
  });

  it("refuses negative, fractional or unsafe input", () => {
    expect(() => vatOfGross(-1, 2100)).toThrow(RangeError);
    expect(() => vatOfGross(1.5, 2100)).toThrow(RangeError);
    expect(() => vatOfGross(100, 12.5)).toThrow(RangeError);
    expect(() => vatOfGross(Number.MAX_SAFE_INTEGER + 1, 2100)).toThrow(RangeError);
  });

  it("always splits into non-negative integers that add up to the gross amount", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 0, max: 100_000 }), (gross, rate) => {
        const { base, vat } = splitGross(gross, rate);
        expect(Number.isSafeInteger(base) && Number.isSafeInteger(vat)).toBe(true);
        expect(base).toBeGreaterThanOrEqual(0);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(base + vat).toBe(gross);
        // Half-up rounding: the VAT is within half a minor unit of the exact gross × rate / (10 000 + rate).
        const twice = 2n * (BigInt(vat) * (10_000n + BigInt(rate)) - BigInt(gross) * BigInt(rate));
        expect(twice > -(10_000n + BigInt(rate)) && twice <= 10_000n + BigInt(rate)).toBe(true);
      })
    );
  });
});
