/**
 * How value vouchers and discount coupons work (SPEC §3, §9).
 *
 * A voucher has an 8-digit code. A credit ("value") voucher holds a balance that pays orders until it is used up or
 * its validity ends: one year from issue, or six months in the white-label variant for one card issuer. No voucher
 * pays before 1 January 2025, whenever it was issued. A unit voucher grants a bonus or removes fees instead of
 * holding money, so its balance means nothing. A coupon (a discount code) has 5 capital letters or digits.
 *
 * Dates are calendar dates (YYYY-MM-DD); `today` is the market's date, passed in.
 */

import { dayNumber, isoDate, DAY_MS } from "../../shared/calendar-date";
import { VOUCHER_CODE_PATTERN } from "../../shared/voucher-code";
import type { CurrencyCode, ProductKey } from "./products";

/** SPEC §5's code shape, where the web's forms read it too. */
export { VOUCHER_CODE_PATTERN };

export const COUPON_CODE_PATTERN = /^[A-Z0-9]{5}$/;
export const VOUCHERS_USABLE_FROM = "2025-01-01";

/** A voucher "expires soon" in its last 30 days, today and its last valid day included. */
export const EXPIRES_SOON_DAYS = 30;

const validityMonths: Record<ProductKey, number> = { DZB_CZ: 12, DZB_PL: 12, DZB_WL_PLUXEE_CZ: 6 };

/**
 * A random 8-digit code from a source of random integers in [0, max) (pass crypto.randomInt); never starts with 0,
 * so it keeps its 8 digits when typed into a number field or a spreadsheet.
 */
export function voucherCode(randomInt: (max: number) => number): string {
  const code = String(10_000_000 + randomInt(90_000_000));
  if (!VOUCHER_CODE_PATTERN.test(code)) throw new Error(`The random source gave a number out of range: ${code}`);
  return code;
}

function day(date: string): number {
  const number = dayNumber(date);
  if (number === undefined) throw new Error(`Not a calendar date (YYYY-MM-DD): "${date}"`);
  return number;
}

/**
 * The last valid day: the day before the same date 12 (or 6) months on. Where that month is too short for the date
 * (issued on 31 August, six months on is 31 February) the validity ends with that month: valid to 2026-02-28.
 */
export function voucherValidTo(product: ProductKey, issuedOn: string): string {
  day(issuedOn); // throws on anything but a real date
  const [year, month, date] = issuedOn.split("-").map(Number) as [number, number, number];
  const monthIndex = month - 1 + validityMonths[product];
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const firstInvalidDay =
    (date > daysInMonth ? Date.UTC(year, monthIndex + 1, 1) : Date.UTC(year, monthIndex, date)) / DAY_MS;
  return isoDate(firstInvalidDay - 1);
}

/**
 * The dates a new value voucher is valid: from the day it is issued, but never before vouchers became usable, to
 * the last day of its validity counted from the issue day (so one issued before 2025 loses what it had left of
 * 2024, as the SPEC's floor says).
 */
export function voucherValidity(product: ProductKey, issuedOn: string): { validFrom: string; validTo: string } {
  const validFrom = day(issuedOn) < day(VOUCHERS_USABLE_FROM) ? VOUCHERS_USABLE_FROM : issuedOn;
  return { validFrom, validTo: voucherValidTo(product, issuedOn) };
}

export type VoucherState = "valid" | "expires_soon" | "used" | "expired" | "cancelled";

/**
 * A credit voucher's state on `today`. Cancelled (by an operator, `active` false) is final and wins over
 * everything; "used" wins over "expired", as it says more about where the money went. Spending moves a voucher to
 * "used", a cancelled order's credit coming back moves it out again; the days move it to "expires soon", then
 * "expired".
 */
export function voucherState(v: { validTo: string; balance: number; active?: boolean }, today: string): VoucherState {
  const daysLeft = day(v.validTo) - day(today) + 1;
  if (v.active === false) return "cancelled";
  if (v.balance <= 0) return "used";
  if (daysLeft <= 0) return "expired";
  return daysLeft <= EXPIRES_SOON_DAYS ? "expires_soon" : "valid";
}

/**
 * Why a voucher cannot pay an order in `currency` today, or undefined when it can. Another market's voucher is
 * "other" before anything else: telling a visitor it is inactive or expired would send them looking for the wrong
 * cause. Then: deactivated, or before its valid-from or before vouchers became usable, "inactive"; past its
 * last valid day, "expired"; a credit voucher with nothing left, "used_up".
 */
/**
 * A voucher pays in every variant of its market, whichever of them sold it (a voucher bought on the Pluxee white label
 * pays on the Czech shop): its market is its currency. Paying (voucherUnusableReason) and checking a voucher ask this
 * one rule, so wherever a voucher can be spent it can be checked.
 */
export function paysInMarket(voucher: { currency: CurrencyCode }, currency: CurrencyCode): boolean {
  return voucher.currency === currency;
}

export function voucherUnusableReason(
  v: {
    active: boolean;
    validFrom: string;
    validTo: string;
    balance: number;
    currency: CurrencyCode;
    kind: "credit" | "unit";
  },
  currency: CurrencyCode,
  today: string
): "inactive" | "expired" | "used_up" | "other" | undefined {
  if (!paysInMarket(v, currency)) return "other";
  const now = day(today);
  if (!v.active || now < day(v.validFrom) || now < day(VOUCHERS_USABLE_FROM)) return "inactive";
  if (now > day(v.validTo)) return "expired";
  if (v.kind === "credit" && v.balance <= 0) return "used_up";
  return undefined;
}
