import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderNumber, variableSymbolOf } from "./order-number";

describe("order numbers", () => {
  it("are the two-digit year and the sequence padded to six digits", () => {
    expect(orderNumber(2026, 42)).toBe("26000042");
    expect(orderNumber(2026, 1)).toBe("26000001");
    expect(orderNumber(2099, 999_999)).toBe("99999999");
  });

  it("grow past a million orders up to the variable symbol's 10 digits", () => {
    expect(orderNumber(2026, 1_000_000)).toBe("261000000");
    expect(orderNumber(2026, 99_999_999)).toBe("2699999999");
    expect(() => orderNumber(2026, 100_000_000)).toThrow(/10 digits/);
  });

  it("refuse years whose number would start with 0, and sequences below 1, saying which", () => {
    expect(() => orderNumber(2009, 1)).toThrow(new RangeError("Order numbers cover 2010 to 2099, not 2009"));
    expect(() => orderNumber(2100, 1)).toThrow(new RangeError("Order numbers cover 2010 to 2099, not 2100"));
    expect(() => orderNumber(2026, 0)).toThrow(new RangeError("An order sequence starts at 1, not 0"));
    expect(() => orderNumber(2026, 1.5)).toThrow(new RangeError("An order sequence starts at 1, not 1.5"));
  });

  it("are their own variable symbol, in order of sequence", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2010, max: 2099 }), fc.integer({ min: 1, max: 99_999_999 }), (year, sequence) => {
        const number = orderNumber(year, sequence);
        expect(variableSymbolOf(number)).toBe(number);
        expect(number).toMatch(/^[1-9]\d{7,9}$/);
        expect(Number(number.slice(2))).toBe(sequence);
      })
    );
  });

  it("make variable symbols of 1 to 10 digits only", () => {
    expect(variableSymbolOf("7")).toBe("7");
    for (const text of ["", "12345678901", "26-000042", " 26000042"]) {
      expect(() => variableSymbolOf(text)).toThrow(`Order number "${text}" is not 1 to 10 digits`);
    }
  });
});
