import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarDate, czechAccountNumber, minorUnitsOfDecimal, plainVariableSymbol } from "./statement-entries";

describe("what the readers share", () => {
  it("reads a decimal amount into minor units from its digits", () => {
    expect(["1234.50", "1234.5", "1234", "-15", "0.01", "0001234.50", "1234.500"].map(minorUnitsOfDecimal)).toEqual([
      123450, 123450, 123400, -1500, 1, 123450, 123450,
    ]);
    expect(["1234.567", "1 234,50", "1e3", "", "12345678901234.00"].map(minorUnitsOfDecimal)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (minor) => {
        const digits = (minor < 0n ? -minor : minor).toString().padStart(3, "0");
        const decimal = `${minor < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
        expect(minorUnitsOfDecimal(decimal)).toBe(Number(minor));
      })
    );
  });

  it("drops a variable symbol's padding, and zero or anything but 1 to 10 digits altogether", () => {
    expect(
      ["0026000042", "26000042", "7", "0000000000", "", "12345678901", "2600 042"].map(plainVariableSymbol)
    ).toEqual(["26000042", "26000042", "7", undefined, undefined, undefined, undefined]);
  });

  it("knows which days exist", () => {
    expect([calendarDate(2028, 2, 29), calendarDate(2026, 2, 29), calendarDate(2026, 13, 1)]).toEqual([
      "2028-02-29",
      undefined,
      undefined,
    ]);
  });

  it("writes a Czech account as people do", () => {
    expect(czechAccountNumber("000019", "2000145399", "0800")).toBe("19-2000145399/0800");
    expect(czechAccountNumber("000000", "0670100000")).toBe("670100000");
    expect(czechAccountNumber("000000", "0000000000", "0100")).toBeUndefined();
  });
});
