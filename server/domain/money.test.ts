import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basisPointsOfPercent, shareOf } from "./money";

describe("money", () => {
  it("rounds a share half up to a whole minor unit", () => {
    expect(shareOf(1449, 690)).toBe(100); // 99.981
    expect(shareOf(7, 690)).toBe(0); // 0.483
    expect(shareOf(8, 690)).toBe(1); // 0.552
    expect(shareOf(50, 100)).toBe(1); // exactly 0.5
    expect(shareOf(49, 100)).toBe(0); // 0.49
    expect(shareOf(150, 100)).toBe(2); // exactly 1.5
    expect(shareOf(10_000, 590)).toBe(590);
    expect(shareOf(0, 1000)).toBe(0);
    expect(shareOf(1234, 0)).toBe(0);
    expect(shareOf(1234, 10_000)).toBe(1234);
  });

  it("stays exact where floating point would not", () => {
    // Half of 9007199254740991 is …495.5; the product with 5000 is far beyond a safe integer.
    expect(shareOf(Number.MAX_SAFE_INTEGER, 5000)).toBe(4_503_599_627_370_496);
    expect(shareOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => shareOf(Number.MAX_SAFE_INTEGER, 20_000)).toThrow(
      new RangeError("share 18014398509481982 is not a safe integer")
    );
  });

  it("refuses negative or fractional inputs to a share", () => {
    expect(() => shareOf(-1, 100)).toThrow(new RangeError("amount -1 is not a safe integer >= 0"));
    expect(() => shareOf(100, -1)).toThrow(new RangeError("basis points -1 is not a safe integer >= 0"));
    expect(() => shareOf(100.5, 100)).toThrow(new RangeError("amount 100.5 is not a safe integer >= 0"));
    expect(() => shareOf(100, 2.5)).toThrow(new RangeError("basis points 2.5 is not a safe integer >= 0"));
  });

  it("is within half a minor unit of the exact share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (minor, bp) => {
        const twiceError = 2 * (shareOf(minor, bp) * 10_000 - minor * bp);
        expect(twiceError).toBeGreaterThan(-10_000);
        expect(twiceError).toBeLessThanOrEqual(10_000);
      })
    );
  });

  it("turns percentages into exact basis points", () => {
    expect(basisPointsOfPercent(6.9)).toBe(690);
    expect(basisPointsOfPercent(5.9)).toBe(590);
    expect(basisPointsOfPercent(10)).toBe(1000);
    expect(basisPointsOfPercent(2.5)).toBe(250);
    expect(basisPointsOfPercent(0.01)).toBe(1);
    expect(basisPointsOfPercent(0)).toBe(0);
    expect(basisPointsOfPercent(100)).toBe(10_000);
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) {
      expect(basisPointsOfPercent(hundredths / 100)).toBe(hundredths);
    }
  });

  it("refuses percentages outside 0..100", () => {
    expect(() => basisPointsOfPercent(-0.01)).toThrow(new RangeError("percent -0.01 is not between 0 and 100"));
    expect(() => basisPointsOfPercent(100.01)).toThrow(RangeError);
    expect(() => basisPointsOfPercent(Number.NaN)).toThrow(RangeError);
  });
});
