import { create } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MoneySchema } from "../gen/dzb/shop/v1/common_pb";
import { fitsMinorUnits, minorOfUnitsNanos, minorUnits, moneyOf, unitsNanosOfMinor } from "./money";

const money = (units: bigint, nanos = 0) => create(MoneySchema, { currencyCode: "CZK", units, nanos });

describe("money", () => {
  it("is counted in whole minor units", () => {
    expect(minorUnits(money(4554n))).toBe(455_400);
    expect(minorUnits(money(12n, 500_000_000))).toBe(1250);
    expect(minorUnits(money(-3n, -10_000_000))).toBe(-301);
    expect(minorUnits(undefined)).toBe(0);
  });

  it("reads contract Money into minor units", () => {
    expect(minorOfUnitsNanos(1234n, 560_000_000)).toBe(123_456);
    expect(minorOfUnitsNanos(0n, 0)).toBe(0);
    expect(minorOfUnitsNanos(-12n, -340_000_000)).toBe(-1234);
  });

  it("drops fractions of a minor unit toward zero", () => {
    expect(minorOfUnitsNanos(1n, 9_999_999)).toBe(100);
    expect(minorOfUnitsNanos(1n, 19_999_999)).toBe(101);
    expect(minorOfUnitsNanos(-1n, -19_999_999)).toBe(-101);
    expect(minorOfUnitsNanos(0n, -5_000_000)).toBe(0);
  });

  it("refuses amounts beyond a safe integer of minor units", () => {
    const units = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / 100));
    expect(minorOfUnitsNanos(units, 0)).toBe(Number(units) * 100);
    expect(() => minorOfUnitsNanos(units + 1n, 0)).toThrow(
      new RangeError(`${units + 1n} units and 0 nanos are no safe integer of minor units`)
    );
    expect(() => minorOfUnitsNanos(-units - 1n, 0)).toThrow(RangeError);
    const half = new RangeError("1 units and 0.5 nanos are no safe integer of minor units");
    expect(() => minorOfUnitsNanos(1n, 0.5)).toThrow(half);
  });

  it("fits minor units up to the largest safe integer either way, and no further", () => {
    const largest = BigInt(Number.MAX_SAFE_INTEGER);
    const [units, minor] = [largest / 100n, Number(largest % 100n)];
    expect(fitsMinorUnits(units, minor * 10_000_000)).toBe(true);
    expect(fitsMinorUnits(-units, -minor * 10_000_000)).toBe(true);
    expect(fitsMinorUnits(units, (minor + 1) * 10_000_000)).toBe(false);
    expect(fitsMinorUnits(-units, -(minor + 1) * 10_000_000)).toBe(false);
    expect(fitsMinorUnits(1n, Number.NaN)).toBe(false);
  });

  it("writes minor units as the contract's Money in the given currency", () => {
    expect(moneyOf(123_456, "PLN")).toEqual({ currencyCode: "PLN", units: 1234n, nanos: 560_000_000 });
  });

  it("writes minor units as units and nanos of the same sign", () => {
    expect(unitsNanosOfMinor(123_456)).toEqual({ units: 1234n, nanos: 560_000_000 });
    expect(unitsNanosOfMinor(-1234)).toEqual({ units: -12n, nanos: -340_000_000 });
    expect(unitsNanosOfMinor(-50)).toEqual({ units: 0n, nanos: -500_000_000 });
    expect(Object.is(unitsNanosOfMinor(-100).nanos, 0)).toBe(true);
    expect(() => unitsNanosOfMinor(1.5)).toThrow(new RangeError("minor units 1.5 is not a safe integer"));
    expect(() => unitsNanosOfMinor(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it("round-trips every safe amount", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (minor) => {
        const { units, nanos } = unitsNanosOfMinor(minor);
        expect(minorOfUnitsNanos(units, nanos)).toBe(minor);
        expect(Math.abs(nanos)).toBeLessThan(1_000_000_000);
        if (units !== 0n && nanos !== 0) expect(units > 0n).toBe(nanos > 0);
      })
    );
  });
});
