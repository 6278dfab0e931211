import { describe, expect, it } from "vitest";
import { typedVoucherCode, VOUCHER_CODE_PATTERN } from "./voucher-code";

describe("a voucher code as typed", () => {
  it.each([
    ["12345678", "12345678"],
    [" 1234 5678 ", "12345678"],
    ["1234-5678", "12345678"],
    ["1234\u00a05678", "12345678"],
  ])("%j reads as %s", (typed, code) => {
    expect(typedVoucherCode(typed)).toBe(code);
    expect(VOUCHER_CODE_PATTERN.test(typedVoucherCode(typed))).toBe(true);
  });

  it.each(["1234567", "123456789", "1234567a", "ABCDE", ""])("%j is not a code", (typed) => {
    expect(VOUCHER_CODE_PATTERN.test(typedVoucherCode(typed))).toBe(false);
  });
});
