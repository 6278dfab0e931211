import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmountInput, parseAmount, paymentFormValues, splitVoucherCodes } from "./payment-form";

describe("an amount typed in major units", () => {
  it("is read into whole minor units", () => {
    expect(parseAmount("1500")).toBe(150_000);
    expect(parseAmount("1 500,50")).toBe(150_050);
    expect(parseAmount("1500.5")).toBe(150_050);
    expect(parseAmount(" 12 345,07 ")).toBe(1_234_507);
    expect(parseAmount("0,01")).toBe(1);
    expect(parseAmount("0")).toBe(0);
  });

  it("takes thousands marked with dots or commas when the decimal mark or the groups leave no doubt", () => {
    expect(parseAmount("1.500,50")).toBe(150_050);
    expect(parseAmount("1,500.50")).toBe(150_050);
    expect(parseAmount("1,500,000")).toBe(150_000_000);
    expect(parseAmount("1.500.000,5")).toBe(150_000_050);
  });

  it("may carry the spaces and currency a copied price brings", () => {
    expect(parseAmount("1\u00a0500\u202f000 Kč")).toBe(150_000_000);
    expect(parseAmount("199 zł")).toBe(19_900);
    expect(parseAmount("PLN 199,99")).toBe(19_999);
    expect(parseAmount("250 CZK")).toBe(25_000);
  });

  it("is refused when it is not one amount", () => {
    for (const text of [
      "",
      " ",
      "abc",
      "-100",
      "1.500",
      "1,500",
      "12.500",
      "123,456",
      "1,2,3",
      "1 500,505",
      "1.500.50",
      "1,500,00",
      "12,34.500",
      "12e3",
      "0x10",
      "1 500 €",
      "1234567890",
    ]) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it("reads back what the form shows, for every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_99 }), fc.constantFrom(",", "."), (minor, mark) => {
        expect(parseAmount(formatAmountInput(minor, mark as "," | "."))).toBe(minor);
      })
    );
  });

  it("is shown without decimals when it is whole", () => {
    expect(formatAmountInput(150_000, ",")).toBe("1500");
    expect(formatAmountInput(150_005, ",")).toBe("1500,05");
    expect(formatAmountInput(150_050, ".")).toBe("1500.50");
  });
});

describe("voucher codes typed into one field", () => {
  it("are split on spaces, commas, semicolons and lines, upper-cased, each once", () => {
    expect(splitVoucherCodes(" 40000001, abcde;40000001\nXYZ12  ")).toEqual(["40000001", "ABCDE", "XYZ12"]);
    expect(splitVoucherCodes("")).toEqual([]);
  });
});

describe("the payment part of the form", () => {
  const offered = ["edenred_card", "payment_card", "transfer"];

  it("asks the rest of the chosen method and the typed amounts of the others, in the offered order", () => {
    expect(
      paymentFormValues(
        { voucherCodes: "40000001", lastPayment: "transfer", amounts: { payment_card: 50_000, edenred_card: 150_000 } },
        offered
      )
    ).toEqual({
      voucherCodes: ["40000001"],
      lastPayment: "transfer",
      payments: [
        { methodId: "edenred_card", minor: 150_000 },
        { methodId: "payment_card", minor: 50_000 },
      ],
    });
  });

  it("ignores the rest-paying method's amount, empty and zero amounts, and methods not offered", () => {
    expect(
      paymentFormValues(
        { lastPayment: "transfer", amounts: { transfer: 10_000, payment_card: 0, edenred_card: undefined, cash: 500 } },
        offered
      )
    ).toEqual({ voucherCodes: [], lastPayment: "transfer", payments: [] });
  });
});
