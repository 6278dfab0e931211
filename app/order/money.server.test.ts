import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { MoneySchema } from "../../gen/dzb/shop/v1/common_pb";
import { minorUnits } from "./money.server";

const money = (units: bigint, nanos = 0) => create(MoneySchema, { currencyCode: "CZK", units, nanos });

describe("money", () => {
  it("is counted in whole minor units", () => {
    expect(minorUnits(money(4554n))).toBe(455_400);
    expect(minorUnits(money(12n, 500_000_000))).toBe(1250);
    expect(minorUnits(money(-3n, -10_000_000))).toBe(-301);
    expect(minorUnits(undefined)).toBe(0);
  });

});
