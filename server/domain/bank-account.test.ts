import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bankAccountOf,
  czechAccountProblem,
  ibanOfCzechAccount,
  ibanOfPolishNrb,
  isValidIban,
} from "./bank-account";

describe("Czech account numbers", () => {
  it("pass the mod 11 check on prefix and number", () => {
    for (const account of ["19-2000145399/0800", "2000145399/2010", "178124-4159/0710", "000019-2000145399/0800"]) {
      expect(czechAccountProblem(account)).toBeUndefined();
    }
    expect(czechAccountProblem("2000145398/0800")).toBe("the account number fails the mod 11 check");
    expect(czechAccountProblem("18-2000145399/0800")).toBe("the prefix fails the mod 11 check");
  });

  it("have the shape prefix-number/bank", () => {
    for (const account of [
      "2000145399",
      "2000145399/080",
      "1234567-2000145399/0800",
      "20001453990/0800",
      "a/0800",
      "",
    ]) {
      expect(czechAccountProblem(account)).toMatch(/expected/);
    }
    expect(czechAccountProblem("0000000005/0800")).toBe("the account number needs at least two significant digits");
  });

  it("become the IBANs of the IBAN registry and the Czech National Bank", () => {
    expect(ibanOfCzechAccount("19-2000145399/0800")).toBe("CZ6508000000192000145399");
    expect(ibanOfCzechAccount("178124-4159/0710")).toBe("CZ6907101781240000004159");
    expect(ibanOfCzechAccount("2000145399/2010")).toBe("CZ9320100000002000145399");
    expect(() => ibanOfCzechAccount("2000145398/0800")).toThrow(/mod 11/);
  });
});

describe("IBANs", () => {
  it("pass mod 97 with their country's length", () => {
    for (const iban of [
      "CZ6508000000192000145399",
      "PL61109010140000071219812874",
      "CZ5855000000001265098001",
      "CZ2806000000000168540115",
      "SK3112000000198742637541",
      "GB29NWBK60161331926819",
    ]) {
      expect(isValidIban(iban)).toBe(true);
    }
  });

  it("refuse a wrong digit, a wrong length, spaces and lowercase", () => {
    for (const iban of [
      "CZ6508000000192000145398",
      "CZ650800000019200014539",
      "PL6110901014000007121981287",
      "CZ65 0800 0000 1920 0014 5399",
      "cz6508000000192000145399",
      "",
    ]) {
      expect(isValidIban(iban)).toBe(false);
    }
  });

  it("refuse check digits 01 and 99, which mod 97 cannot tell from 98 and 02", () => {
    expect(isValidIban("CZ9320100000002000145399")).toBe(true);
    expect(isValidIban("PL61109010140000071219812874")).toBe(true);
    // 98 − 97 = 01: the same remainder as a valid 98, but not a check digit ISO allows.
    const withCheck = (iban: string, check: string) => iban.slice(0, 2) + check + iban.slice(4);
    const valid98 = findIbanWithCheck(98);
    expect(isValidIban(valid98)).toBe(true);
    expect(isValidIban(withCheck(valid98, "01"))).toBe(false);
  });

  it("of any valid Czech account pass the check and break on any changed digit", () => {
    const account = fc
      .tuple(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 10, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 9999 })
      )
      .map(([prefix, number, bank]) => `${prefix}-${number}/${String(bank).padStart(4, "0")}`)
      .filter((text) => czechAccountProblem(text) === undefined);
    fc.assert(
      fc.property(account, fc.integer({ min: 2, max: 23 }), fc.integer({ min: 1, max: 9 }), (text, position, shift) => {
        const iban = ibanOfCzechAccount(text);
        expect(isValidIban(iban)).toBe(true);
        const digit = (Number(iban[position]) + shift) % 10;
        expect(isValidIban(iban.slice(0, position) + digit + iban.slice(position + 1))).toBe(false);
      })
    );
  });
});

/** A Czech IBAN whose check digits are exactly `check`, found by walking account numbers. */
function findIbanWithCheck(check: number): string {
  for (let number = 10; ; number++) {
    const text = `${number}/0800`;
    if (czechAccountProblem(text) !== undefined) continue;
    const iban = ibanOfCzechAccount(text);
    if (Number(iban.slice(2, 4)) === check) return iban;
  }
}

describe("Polish account numbers (NRB)", () => {
  it("are the IBAN without PL, checked by its check digits", () => {
    expect(ibanOfPolishNrb("61109010140000071219812874")).toBe("PL61109010140000071219812874");
    expect(ibanOfPolishNrb("61 1090 1014 0000 0712 1981 2874")).toBe("PL61109010140000071219812874");
    expect(() => ibanOfPolishNrb("62109010140000071219812874")).toThrow(/NRB/);
    expect(() => ibanOfPolishNrb("6110901014000007121981287")).toThrow(/NRB/);
  });
});

describe("receiving accounts", () => {
  it("show a Czech account without leading zeros", () => {
    expect(bankAccountOf("CZK", " 000019-2000145399/0800 ", " DZB Benefit Travel ")).toEqual({
      currency: "CZK",
      display: "19-2000145399/0800",
      iban: "CZ6508000000192000145399",
      recipientName: "DZB Benefit Travel",
    });
    expect(bankAccountOf("CZK", "2000145399/2010", "DZB").display).toBe("2000145399/2010");
  });

  it("show a Polish account as the NRB in groups, pasted with or without PL", () => {
    const expected = {
      currency: "PLN",
      display: "61 1090 1014 0000 0712 1981 2874",
      iban: "PL61109010140000071219812874",
      recipientName: "DZB",
    };
    expect(bankAccountOf("PLN", "61109010140000071219812874", "DZB")).toEqual(expected);
    expect(bankAccountOf("PLN", "PL61 1090 1014 0000 0712 1981 2874", "DZB")).toEqual(expected);
  });

  it("refuse an invalid account or an empty name with the reason", () => {
    expect(() => bankAccountOf("CZK", "2000145398/2010", "DZB")).toThrow(/mod 11/);
    expect(() => bankAccountOf("PLN", "2000145399/2010", "DZB")).toThrow(/NRB/);
    expect(() => bankAccountOf("CZK", "2000145399/2010", "  ")).toThrow(/recipient name/);
  });
});
