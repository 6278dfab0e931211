import { describe, expect, it } from "vitest";
import { formatDate, formatDateRange, formatMoney, formatPercent } from "./format";

/** The formats keep numbers and units together with no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("document formats", () => {
  it("write money in each language's way, from minor units", () => {
    expect(plain(formatMoney(1_234_550, "CZK", "cs"))).toBe("12 345,50 Kč");
    expect(plain(formatMoney(123_400, "PLN", "pl"))).toBe("1 234,00 zł");
    expect(plain(formatMoney(1_234_550, "PLN", "en"))).toBe("PLN 12,345.50");
    expect(plain(formatMoney(5, "CZK", "cs"))).toBe("0,05 Kč");
    expect(plain(formatMoney(-99_999_900, "CZK", "cs"))).toBe("-999 999,00 Kč");
    expect(() => formatMoney(1.5, "CZK", "cs")).toThrow(RangeError);
  });

  it("keep an amount on one line", () => {
    expect(formatMoney(1_234_550, "CZK", "cs")).not.toMatch(/ /);
  });

  it("write rates from basis points", () => {
    expect(plain(formatPercent(1200, "cs"))).toBe("12 %");
    expect(formatPercent(800, "pl")).toBe("8%");
    expect(formatPercent(550, "en")).toBe("5.5%");
    expect(plain(formatPercent(1225, "cs"))).toBe("12,25 %");
    expect(formatPercent(0, "pl")).toBe("0%");
  });

  it("write dates", () => {
    expect(plain(formatDate("2026-03-05", "cs"))).toBe("5. 3. 2026");
    expect(formatDate("2026-03-05", "pl")).toBe("05.03.2026");
    expect(formatDate("2026-03-05", "en")).toBe("05/03/2026");
    expect(plain(formatDateRange("2026-03-05", "2026-03-08", "en"))).toBe("05/03/2026 – 08/03/2026");
    expect(() => formatDate("2026-02-30", "cs")).toThrow(RangeError);
  });
});
