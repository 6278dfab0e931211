import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  formatBasisPoints,
  formatCalendarDate,
  formatDeadline,
  formatExactMoney,
  formatIban,
  moneyFormatter,
} from "./formats";

/** Intl separates some parts with no-break spaces; the words are what is tested. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const polishMonthsInDates = [
  "stycznia",
  "lutego",
  "marca",
  "kwietnia",
  "maja",
  "czerwca",
  "lipca",
  "sierpnia",
  "września",
  "października",
  "listopada",
  "grudnia",
];

describe("formatCalendarDate", () => {
  it("names the month as a date does in each language", () => {
    expect(plain(formatCalendarDate("2026-05-12", "cs"))).toBe("12. května 2026");
    expect(plain(formatCalendarDate("2026-05-12", "pl"))).toBe("12 maja 2026");
    expect(plain(formatCalendarDate("2026-05-12", "en"))).toBe("12 May 2026");
    expect(plain(formatCalendarDate("2026-03-01", "en", { weekday: true }))).toBe("Sun, 1 March 2026");
  });

  it("puts every Polish month in the genitive", () => {
    polishMonthsInDates.forEach((month, index) => {
      const date = `2026-${String(index + 1).padStart(2, "0")}-12`;
      expect(plain(formatCalendarDate(date, "pl"))).toBe(`12 ${month} 2026`);
    });
  });

  it("refuses what is not a date", () => {
    expect(() => formatCalendarDate("2026-02-30", "cs")).toThrow(RangeError);
  });
});

describe("formatDeadline", () => {
  const winter = new Date("2026-11-28T22:59:00Z");
  const summer = new Date("2026-07-04T21:59:00Z");

  it("states the date, the time to the minute and the zone on the market's clock, in the customer's language", () => {
    expect(plain(formatDeadline(winter, "cs", "Europe/Prague"))).toBe("28. listopadu 2026 v 23:59 SEČ");
    expect(plain(formatDeadline(winter, "pl", "Europe/Warsaw"))).toBe("28 listopada 2026 23:59 CET");
    expect(plain(formatDeadline(winter, "en", "Europe/Prague"))).toBe("28 November 2026 at 23:59 CET");
    expect(plain(formatDeadline(summer, "cs", "Europe/Prague"))).toBe("4. července 2026 v 23:59 SELČ");
    expect(plain(formatDeadline(summer, "pl", "Europe/Warsaw"))).toBe("4 lipca 2026 23:59 CEST");
  });

  it("puts every Polish month in the genitive, as the status page's '12 maj' did not", () => {
    polishMonthsInDates.forEach((month, index) => {
      const instant = new Date(Date.UTC(2026, index, 12, 9, 0));
      expect(plain(formatDeadline(instant, "pl", "Europe/Warsaw"))).toMatch(
        new RegExp(`^12 ${month} 2026 1[01]:00 CES?T$`)
      );
    });
  });

  it("tells the two 02:30s of the autumn switch apart, and cuts seconds off rather than stating a later minute", () => {
    const first = formatDeadline(new Date("2026-10-25T00:30:00Z"), "en", "Europe/Prague");
    const second = formatDeadline(new Date("2026-10-25T01:30:00Z"), "en", "Europe/Prague");
    expect(plain(first)).toBe("25 October 2026 at 02:30 CEST");
    expect(plain(second)).toBe("25 October 2026 at 02:30 CET");
    expect(plain(formatDeadline(new Date("2026-11-28T22:59:59.999Z"), "cs", "Europe/Prague"))).toBe(
      "28. listopadu 2026 v 23:59 SEČ"
    );
  });
});

describe("money", () => {
  it("is shown on the screens in the language and the market currency, decimals only when there are any", () => {
    expect(plain(moneyFormatter("cs", "CZK")(910_800))).toBe("9 108 Kč");
    expect(plain(moneyFormatter("pl", "PLN")(1_234_550))).toBe("12 345,50 zł");
    expect(plain(moneyFormatter("en", "PLN")(100))).toBe("PLN 1");
  });

  it("is written in payment instructions with both decimals and grouping per language", () => {
    expect(plain(formatExactMoney(1_234_550, "CZK", "cs"))).toBe("12 345,50 Kč");
    expect(plain(formatExactMoney(123_400, "PLN", "pl"))).toBe("1 234,00 zł");
    expect(plain(formatExactMoney(1_234_550, "CZK", "en"))).toBe("CZK 12,345.50");
    expect(plain(formatExactMoney(1, "CZK", "cs"))).toBe("0,01 Kč");
    expect(plain(formatExactMoney(10_000_000_019, "PLN", "pl"))).toBe("100 000 000,19 zł");
  });
});

describe("IBANs", () => {
  it("are grouped by four for display", () => {
    expect(formatIban("CZ6508000000192000145399")).toBe("CZ65 0800 0000 1920 0014 5399");
    expect(formatIban("PL61109010140000071219812874")).toBe("PL61 1090 1014 0000 0712 1981 2874");
  });
});

describe("fee rates", () => {
  it("are percentages as each language writes them, from basis points", () => {
    expect(plain(formatBasisPoints(690, "cs"))).toBe("6,9 %");
    expect(plain(formatBasisPoints(1000, "pl"))).toBe("10%");
    expect(plain(formatBasisPoints(590, "en"))).toBe("5.9%");
    expect(plain(formatBasisPoints(0, "cs"))).toBe("0 %");
  });
});

describe("currencySymbol", () => {
  it("is the sign a price shows in the language, for each language and currency alike when asked again", () => {
    const asked = () => [
      currencySymbol("cs", "CZK"),
      currencySymbol("pl", "PLN"),
      currencySymbol("en", "CZK"),
      currencySymbol("cs", "PLN"),
      currencySymbol("en", "PLN"),
    ];
    expect(asked()).toEqual(["Kč", "zł", "CZK", "PLN", "PLN"]);
    expect(asked()).toEqual(["Kč", "zł", "CZK", "PLN", "PLN"]);
  });
});
