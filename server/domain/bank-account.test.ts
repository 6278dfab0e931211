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
      "2000145399/08000",
      "a/0800",
      "",
    ]) {
      expect(czechAccountProblem(account)).toMatch(/expected/);
    }
    expect(czechAccountProblem("0000000005/0800")).toBe("the account number needs at least two significant digits");
    // Two significant digits are enough: 19 passes the check (2 × 1 + 1 × 9 = 11), with its leading zeros or without.
    expect(czechAccountProblem("19/0800")).toBeUndefined();
    expect(czechAccountProblem("0000000019/0800")).toBeUndefined();
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

  it("refuse a space in place of a zero, where the length still fits", () => {
    const iban = withCheckDigits("CZ", "08000000192000145500");
    expect(isValidIban(iban)).toBe(true);
    expect(isValidIban(`${iban.slice(0, -1)} `)).toBe(false);
    expect(isValidIban(`${iban.slice(0, -2)} 0`)).toBe(false);
  });

  it("refuse a letter among the check digits, or text before the country, even where the remainder is right", () => {
    expect(isValidIban(withRemainderOne("CZ65080000001920001453"))).toBe(true);
    expect(isValidIban(withRemainderOne("CZ6A080000001920001453"))).toBe(false);
    expect(isValidIban(withRemainderOne("0CZ65080000001920001453"))).toBe(false);
  });

  it("have their country's length even when their check digits match", () => {
    expect(isValidIban(withCheckDigits("CZ", "08000000192000145399"))).toBe(true);
    expect(isValidIban(withCheckDigits("CZ", "080000001920001453991"))).toBe(false);
    expect(isValidIban(withCheckDigits("SK", "12000000198742637541"))).toBe(true);
    expect(isValidIban(withCheckDigits("SK", "120000001987426375411"))).toBe(false);
    expect(isValidIban(withCheckDigits("PL", "1090101400000712198128741"))).toBe(false);
  });

  it("of other countries are 15 to 34 characters long, letters counted in the check", () => {
    // Norway's is the shortest, Andorra's has letters for its country.
    expect(isValidIban("NO9386011117947")).toBe(true);
    expect(isValidIban("AD1200012030200359100100")).toBe(true);
    expect(isValidIban(withCheckDigits("NO", "8601111794"))).toBe(false);
    expect(isValidIban(withCheckDigits("LC", "HEMM".padEnd(30, "7")))).toBe(true);
    expect(isValidIban(withCheckDigits("LC", "HEMM".padEnd(31, "7")))).toBe(false);
  });

  it("refuse check digits 01 and 99, which mod 97 cannot tell from 98 and 02", () => {
    expect(isValidIban("CZ9320100000002000145399")).toBe(true);
    expect(isValidIban("PL61109010140000071219812874")).toBe(true);
    // 98 − 97 = 01: the same remainder as a valid 98, but not a check digit ISO allows.
    const withCheck = (iban: string, check: string) => iban.slice(0, 2) + check + iban.slice(4);
    const valid98 = findIbanWithCheck(98);
    expect(isValidIban(valid98)).toBe(true);
    expect(isValidIban(withCheck(valid98, "01"))).toBe(false);
    const valid02 = findIbanWithCheck(2);
    expect(isValidIban(valid02)).toBe(true);
    expect(isValidIban(withCheck(valid02, "99"))).toBe(false);
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

/** ISO 13616's number of a text: letters become 10 (A) to 35 (Z); counted with big integers. */
function isoNumber(text: string): bigint {
  return BigInt([...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join(""));
}

/** ISO 13616's check digits put on a country's BBAN: 98 less the remainder by 97. */
function withCheckDigits(country: string, bban: string): string {
  return `${country}${String(98 - Number(isoNumber(`${bban}${country}00`) % 97n)).padStart(2, "0")}${bban}`;
}

/** The text with two last digits that leave ISO's remainder 1 once its first four characters move to the end. */
function withRemainderOne(start: string): string {
  for (let last = 0; ; last++) {
    const text = `${start}${String(last).padStart(2, "0")}`;
    if (isoNumber(text.slice(4) + text.slice(0, 4)) % 97n === 1n) return text;
  }
}

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
    // Only the leading zeros go: the zero inside the prefix 107 is one of its digits.
    expect(bankAccountOf("CZK", "000107-2000145399/0800", "DZB")).toMatchObject({
      display: "107-2000145399/0800",
      iban: withCheckDigits("CZ", "08000001072000145399"),
    });
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
    // The country code is taken off in front only.
    expect(() => bankAccountOf("PLN", "61109010140000071219812874PL", "DZB")).toThrow(/NRB/);
    expect(() => bankAccountOf("CZK", "2000145399/2010", "  ")).toThrow(/recipient name/);
  });
});
