import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { MoneySchema } from "../../gen/dzb/shop/v1/common_pb";
import { minorUnits, moneyFormatter } from "./money.server";

const money = (units: bigint, nanos = 0) => create(MoneySchema, { currencyCode: "CZK", units, nanos });

describe("money", () => {
  it("is counted in whole minor units", () => {
    expect(minorUnits(money(4554n))).toBe(455_400);
    expect(minorUnits(money(12n, 500_000_000))).toBe(1250);
    expect(minorUnits(money(-3n, -10_000_000))).toBe(-301);
    expect(minorUnits(undefined)).toBe(0);
  });

  it("is shown in the visitor's locale and the market currency, decimals only when there are any", () => {
    const normalize = (text: string) => text.replace(/\s/g, " ");
    expect(normalize(moneyFormatter("cs-CZ", "CZK")(910_800))).toBe("9 108 Kč");
    expect(normalize(moneyFormatter("pl-PL", "PLN")(1_234_550))).toBe("12 345,50 zł");
    expect(normalize(moneyFormatter("en-GB", "PLN")(100))).toBe("PLN 1");
  });
});
