import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumber, isoDate } from "../../shared/calendar-date";
import {
  COUPON_CODE_PATTERN,
  VOUCHER_CODE_PATTERN,
  voucherCode,
  voucherState,
  voucherUnusableReason,
  voucherValidity,
  voucherValidTo,
} from "./voucher-rules";

describe("voucher codes", () => {
  it("are 8 digits that never start with 0", () => {
    expect(voucherCode(() => 0)).toBe("10000000");
    expect(voucherCode((max) => max - 1)).toBe("99999999");
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        expect(voucherCode((max) => Math.floor(r * max))).toMatch(/^[1-9]\d{7}$/);
      })
    );
  });

  it("refuse a random source that leaves its range", () => {
    expect(() => voucherCode((max) => max)).toThrow(/out of range/);
  });

  it("are told from coupon codes by their patterns", () => {
    expect(VOUCHER_CODE_PATTERN.test("12345678")).toBe(true);
    expect(VOUCHER_CODE_PATTERN.test("1234567")).toBe(false);
    expect(COUPON_CODE_PATTERN.test("AB12C")).toBe(true);
    expect(COUPON_CODE_PATTERN.test("ab12c")).toBe(false);
    expect(COUPON_CODE_PATTERN.test("AB12CD")).toBe(false);
  });
});

describe("voucher validity", () => {
  it("lasts a year from issue, six months in the card issuer's white label", () => {
    expect(voucherValidTo("DZB_CZ", "2025-03-10")).toBe("2026-03-09");
    expect(voucherValidTo("DZB_PL", "2025-01-01")).toBe("2025-12-31");
    expect(voucherValidTo("DZB_WL_PLUXEE_CZ", "2025-03-10")).toBe("2025-09-09");
  });

  it("ends with the month when the same date does not exist", () => {
    expect(voucherValidTo("DZB_WL_PLUXEE_CZ", "2025-08-31")).toBe("2026-02-28");
    expect(voucherValidTo("DZB_CZ", "2024-02-29")).toBe("2025-02-28");
  });

  it("counts a year's or half a year's days, the issue day and the last day included", () => {
    const dates = fc.integer({ min: 20_000, max: 30_000 }).map(isoDate);
    fc.assert(
      fc.property(dates, (issuedOn) => {
        const days = (validTo: string) => dayNumber(validTo)! - dayNumber(issuedOn)! + 1;
        expect([365, 366]).toContain(days(voucherValidTo("DZB_CZ", issuedOn)));
        expect(days(voucherValidTo("DZB_WL_PLUXEE_CZ", issuedOn))).toBeGreaterThanOrEqual(181);
        expect(days(voucherValidTo("DZB_WL_PLUXEE_CZ", issuedOn))).toBeLessThanOrEqual(184);
      })
    );
  });

  it("refuses dates that are not real", () => {
    expect(() => voucherValidTo("DZB_CZ", "2025-02-30")).toThrow(/calendar date/);
  });
});

describe("voucher state", () => {
  const voucher = (validTo: string, balance = 1000) => ({ validTo, balance });

  it("is valid, then expires soon in its last 30 days, then expired", () => {
    expect(voucherState(voucher("2026-03-09"), "2026-02-07")).toBe("valid");
    expect(voucherState(voucher("2026-03-09"), "2026-02-08")).toBe("expires_soon");
    expect(voucherState(voucher("2026-03-09"), "2026-03-09")).toBe("expires_soon");
    expect(voucherState(voucher("2026-03-09"), "2026-03-10")).toBe("expired");
  });

  it("is used once its balance is spent, expired or not", () => {
    expect(voucherState(voucher("2026-03-09", 0), "2026-01-01")).toBe("used");
    expect(voucherState(voucher("2026-03-09", 0), "2027-01-01")).toBe("used");
  });
});

describe("why a voucher cannot pay", () => {
  const voucher = (overrides: Partial<Parameters<typeof voucherUnusableReason>[0]> = {}) => ({
    active: true,
    validFrom: "2025-03-10",
    validTo: "2026-03-09",
    balance: 1000,
    currency: "CZK" as const,
    kind: "credit" as const,
    ...overrides,
  });

  it("has no reason for a live voucher of the market", () => {
    expect(voucherUnusableReason(voucher(), "CZK", "2025-06-01")).toBeUndefined();
    expect(voucherUnusableReason(voucher(), "CZK", "2026-03-09")).toBeUndefined();
  });

  it("is inactive when deactivated, before its valid-from, or before 2025", () => {
    expect(voucherUnusableReason(voucher({ active: false }), "CZK", "2025-06-01")).toBe("inactive");
    expect(voucherUnusableReason(voucher(), "CZK", "2025-03-09")).toBe("inactive");
    expect(voucherUnusableReason(voucher({ validFrom: "2024-12-01" }), "CZK", "2024-12-31")).toBe("inactive");
    expect(voucherUnusableReason(voucher({ validFrom: "2024-12-01" }), "CZK", "2025-01-01")).toBeUndefined();
  });

  it("is expired after its last valid day", () => {
    expect(voucherUnusableReason(voucher(), "CZK", "2026-03-10")).toBe("expired");
  });

  it("is used up for a credit voucher with nothing left, but a unit voucher has no balance", () => {
    expect(voucherUnusableReason(voucher({ balance: 0 }), "CZK", "2025-06-01")).toBe("used_up");
    expect(voucherUnusableReason(voucher({ kind: "unit", balance: 0 }), "CZK", "2025-06-01")).toBeUndefined();
  });

  it("is other for another market's voucher", () => {
    expect(voucherUnusableReason(voucher({ kind: "unit", balance: 0 }), "CZK", "2025-06-01")).toBeUndefined();
    expect(voucherUnusableReason(voucher(), "PLN", "2025-06-01")).toBe("other");
    expect(voucherUnusableReason(voucher({ active: false }), "PLN", "2027-01-01")).toBe("other");
  });
});

describe("a new voucher's dates", () => {
  it("run from the issue day, never before 2025-01-01, for the variant's validity", () => {
    expect(voucherValidity("DZB_CZ", "2026-11-21")).toEqual({ validFrom: "2026-11-21", validTo: "2027-11-20" });
    expect(voucherValidity("DZB_WL_PLUXEE_CZ", "2026-11-21")).toEqual({
      validFrom: "2026-11-21",
      validTo: "2027-05-20",
    });
    // Bought in the last days of 2024: usable only from 2025, its year still counted from the day it was bought.
    expect(voucherValidity("DZB_CZ", "2024-12-20")).toEqual({ validFrom: "2025-01-01", validTo: "2025-12-19" });
  });

  it("end on the last day of February for a leap day's voucher in a common year", () => {
    expect(voucherValidity("DZB_CZ", "2028-02-29").validTo).toBe("2029-02-28");
    expect(voucherValidity("DZB_WL_PLUXEE_CZ", "2027-08-29").validTo).toBe("2028-02-28");
    expect(voucherValidity("DZB_WL_PLUXEE_CZ", "2027-08-31").validTo).toBe("2028-02-29");
  });

  it("are never usable before 2025, and always valid on the day they begin", () => {
    const dates = fc.integer({ min: 19_000, max: 30_000 }).map(isoDate);
    fc.assert(
      fc.property(dates, fc.constantFrom("DZB_CZ" as const, "DZB_WL_PLUXEE_CZ" as const), (issuedOn, product) => {
        const { validFrom, validTo } = voucherValidity(product, issuedOn);
        expect(validFrom >= "2025-01-01").toBe(true);
        expect(validFrom >= issuedOn).toBe(true);
        const live = { active: true, validFrom, validTo, balance: 1, currency: "CZK" as const, kind: "credit" as const };
        if (validFrom <= validTo) expect(voucherUnusableReason(live, "CZK", validFrom)).toBeUndefined();
        const dayBefore = isoDate(dayNumber(validFrom)! - 1);
        expect(voucherUnusableReason(live, "CZK", dayBefore)).toBe("inactive");
      })
    );
  });
});

describe("voucher state transitions", () => {
  const states = fc.record({
    validTo: fc.integer({ min: 20_000, max: 21_000 }).map(isoDate),
    balance: fc.integer({ min: 0, max: 100_000 }),
    active: fc.boolean(),
  });

  it("a cancelled voucher stays cancelled, whatever its balance or dates", () => {
    fc.assert(
      fc.property(states, fc.integer({ min: 19_500, max: 21_500 }).map(isoDate), (v, today) => {
        if (!v.active) expect(voucherState(v, today)).toBe("cancelled");
        else expect(voucherState(v, today)).not.toBe("cancelled");
      })
    );
  });

  it("spending the rest makes it used; credit coming back makes it valid again", () => {
    const live = { validTo: "2027-11-20", active: true };
    expect(voucherState({ ...live, balance: 1 }, "2026-12-01")).toBe("valid");
    expect(voucherState({ ...live, balance: 0 }, "2026-12-01")).toBe("used");
    expect(voucherState({ ...live, balance: 40_000 }, "2026-12-01")).toBe("valid");
  });

  it("moves only forward with the days: valid, expires soon, expired", () => {
    const order = ["valid", "expires_soon", "expired"];
    fc.assert(
      fc.property(states, fc.integer({ min: 19_500, max: 21_500 }), fc.nat(400), (v, day, later) => {
        const live = { ...v, active: true, balance: Math.max(1, v.balance) };
        const before = order.indexOf(voucherState(live, isoDate(day)));
        const after = order.indexOf(voucherState(live, isoDate(day + later)));
        expect(after).toBeGreaterThanOrEqual(before);
      })
    );
  });
});
