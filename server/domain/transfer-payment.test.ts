import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bankAccountOf } from "./bank-account";
import {
  orderTransfer,
  parseSpayd,
  parseZbp,
  spaydString,
  transferQrText,
  zbpString,
  type SpaydParse,
  type TransferOrder,
  type ZbpParse,
} from "./transfer-payment";

const czk = bankAccountOf("CZK", "2000145399/2010", "DZB Benefit Travel");
const pln = bankAccountOf("PLN", "61109010140000071219812874", "DZB Benefit Travel");

/** The fields of a string that must parse; the reason as the failure otherwise. */
function fieldsOf(parsed: SpaydParse): Record<string, string>;
function fieldsOf(parsed: ZbpParse): Extract<ZbpParse, { ok: true }>["fields"];
function fieldsOf(parsed: SpaydParse | ZbpParse) {
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.fields;
}

const order = (overrides: Partial<TransferOrder> = {}): TransferOrder => ({
  account: czk,
  amount: 1_234_550,
  variableSymbol: "26000042",
  message: "Objednávka 26000042",
  ...overrides,
});

describe("SPAYD (CZK)", () => {
  it("carries the account, amount, currency, variable symbol and message", () => {
    expect(spaydString(order())).toBe(
      "SPD*1.0*ACC:CZ9320100000002000145399*AM:12345.50*CC:CZK*X-VS:26000042*MSG:OBJEDNAVKA 26000042"
    );
  });

  it("writes amounts in whole units with a dot and two decimals", () => {
    const amountOf = (amount: number) => fieldsOf(parseSpayd(spaydString(order({ amount })))).AM;
    expect(amountOf(1)).toBe("0.01");
    expect(amountOf(100)).toBe("1.00");
    expect(amountOf(999_999_999)).toBe("9999999.99");
    expect(() => spaydString(order({ amount: 1_000_000_000 }))).toThrow(/at most 10 characters/);
  });

  it("keeps the message to the QR alphanumeric set, without * and %, and to 60 characters", () => {
    const message = (text: string) => fieldsOf(parseSpayd(spaydString(order({ message: text }))));
    expect(message("Záloha * 50 % – pokoj č. 3").MSG).toBe("ZALOHA 50 POKOJ C. 3");
    expect(message("Ř".repeat(80)).MSG).toBe("R".repeat(60));
    expect(message("***").MSG).toBeUndefined();
    // A character left out leaves a space between the words it stood between, never one at the end of a cut.
    expect(message("POKOJ*3").MSG).toBe("POKOJ 3");
    expect(message(`${"A".repeat(59)} B`).MSG).toBe("A".repeat(59));
    expect(message(` ${"A".repeat(60)}`).MSG).toBe("A".repeat(60));
  });

  it("refuses what it cannot carry", () => {
    expect(() => spaydString(order({ account: pln }))).toThrow(/CZK/);
    for (const amount of [0, -100, 12.5, Number.NaN])
      expect(() => spaydString(order({ amount }))).toThrow(/minor units/);
    for (const variableSymbol of ["", "12345678901", "26-42"]) {
      expect(() => spaydString(order({ variableSymbol }))).toThrow(/variable symbol/);
    }
  });

  it("reads the samples of the standard, its SDKs and a bank", () => {
    const samples: [string, Record<string, string>][] = [
      [
        "SPD*1.0*ACC:CZ5855000000001265098001*AM:480.50*CC:CZK*MSG:PLATBA ZA ZBOZI",
        { ACC: "CZ5855000000001265098001", AM: "480.50", CC: "CZK", MSG: "PLATBA ZA ZBOZI" },
      ],
      [
        "SPD*1.0*ACC:CZ2806000000000168540115*AM:450.00*CC:CZK*MSG:PLATBA ZA ZBOZI*X-VS:1234567890",
        { ACC: "CZ2806000000000168540115", AM: "450.00", CC: "CZK", MSG: "PLATBA ZA ZBOZI", "X-VS": "1234567890" },
      ],
      [
        "SPD*1.0*ACC:CZ7801000000000000000123*AM:799.50*CC:CZK*DT:20221001*X-VS:9562231077",
        { ACC: "CZ7801000000000000000123", AM: "799.50", CC: "CZK", DT: "20221001", "X-VS": "9562231077" },
      ],
      [
        "SPD*1.0*ACC:CZ2508000000000300300232*AM:5000.00*CC:CZK*PT:IP*MSG:MIMOŘÁDNÝ VKLAD*X-VS:0987654321*X-KS:3558*X-SS:1234567890*",
        {
          ACC: "CZ2508000000000300300232",
          AM: "5000.00",
          CC: "CZK",
          PT: "IP",
          MSG: "MIMOŘÁDNÝ VKLAD",
          "X-VS": "0987654321",
          "X-KS": "3558",
          "X-SS": "1234567890",
        },
      ],
      [
        "SPD*1.0*ACC:CZ3301000000000002970297*AM:1000*CC:CZK*RF:1234*X-VS:456*PT:IP",
        expect.objectContaining({ AM: "1000" }),
      ],
      ["SPD*1.0*ACC:CZ2806000000000168540115", { ACC: "CZ2806000000000168540115" }],
      [
        "SPD*1.0*ACC:CZ5855000000001265098001+RZBCCZPP*MSG:A%2AB",
        { ACC: "CZ5855000000001265098001+RZBCCZPP", MSG: "A*B" },
      ],
    ];
    for (const [text, fields] of samples) expect(parseSpayd(text)).toEqual({ ok: true, fields });
  });

  it("refuses strings that break the standard, saying why", () => {
    const account = "ACC:CZ5855000000001265098001";
    const refusals: [string, RegExp][] = [
      ["SPD*1.0*AM:100.00", /ACC .* required/],
      ["SCD*1.0*" + account, /starts with/],
      ["SPD*2.0*" + account, /version 2.0/],
      ["SPD*1*" + account, /version must/],
      ["SPD*1.0*", /no attributes/],
      ["SPD*1.0*ACC:CZ5855000000001265098002", /^ACC is not a valid IBAN/],
      [`SPD*1.0*${account}**AM:1.00`, /KEY:value/],
      [`SPD*1.0*${account}*AM:`, /AM is empty/],
      [`SPD*1.0*${account}*AM:1.00*AM:2.00`, /twice/],
      [`SPD*1.0*${account}*FOO:1`, /not a standard key/],
      [`SPD*1.0*${account}*am:1`, /not a key/],
      [`SPD*1.0*${account}*AM:1.005`, /2 decimals/],
      [`SPD*1.0*${account}*AM:1,50`, /dot/],
      [`SPD*1.0*${account}*AM:12345678.90`, /10 characters/],
      [`SPD*1.0*${account}*AM:0.00`, /positive/],
      [`SPD*1.0*${account}*CC:czk`, /ISO 4217/],
      [`SPD*1.0*${account}*X-VS:12345678901`, /X-VS/],
      [`SPD*1.0*${account}*X-VS:12A`, /X-VS/],
      [`SPD*1.0*${account}*MSG:${"A".repeat(61)}`, /MSG has more than 60/],
      [`SPD*1.0*${account}*DT:20230229`, /DT/],
      [`SPD*1.0*${account}*MSG:A\nB`, /control/],
      // Each rule holds for the whole value, not a part of it.
      ["SPD*x1.0*" + account, /version must/],
      ["SPD*1.0x*" + account, /version must/],
      ["SPD*10.0*" + account, /version 10.0/],
      ["SPD*1.00*" + account, /version 1.00/],
      [`SPD*1.0*${account}*:1`, /KEY:value/],
      [`SPD*1.0*${account}*1AM:1`, /not a key/],
      [`SPD*1.0*${account}*AMx:1`, /not a key/],
      [`SPD*1.0*${account}*CC:CZKX`, /ISO 4217/],
      [`SPD*1.0*${account}*CC:XCZK`, /ISO 4217/],
      [`SPD*1.0*${account}*DT:2026113`, /DT/],
      [`SPD*1.0*${account}*DT:202611301`, /DT/],
      [`SPD*1.0*${account}*DT:x20261130`, /DT/],
      [`SPD*1.0*${account}*DT:20261131`, /DT/],
      [`SPD*1.0*${account}*DT:20261330`, /DT/],
      [`SPD*1.0*${account}*DL:20251130`.replace("2025", "1900").replace("1130", "0229"), /DL/],
      ["SPD*1.0*ACC:CZ5855000000001265098001+GIBACZP", /^ACC is not a valid IBAN/],
      ["SPD*1.0*ACC:CZ5855000000001265098001+GIBACZPXA", /ACC/],
      ["SPD*1.0*ACC:CZ5855000000001265098001+GIBACZPXAAAA", /ACC/],
      ["SPD*1.0*ACC:CZ5855000000001265098001+GIBACZPX+X", /ACC/],
      ["SPD*1.0*ACC:CZ5855000000001265098001+xGIBACZPX", /ACC/],
      [`SPD*1.0*${account}*ALT-ACC:CZ5855000000001265098001,CZ5855000000001265098002`, /ALT-ACC/],
      [`SPD*1.0*${account}*RF:12345678901234567`, /RF/],
      [`SPD*1.0*${account}*RN:${"N".repeat(36)}`, /RN/],
      [`SPD*1.0*${account}*PT:ABCD`, /PT/],
      [`SPD*1.0*${account}*NT:X`, /NT/],
      [`SPD*1.0*${account}*CRC32:1234ABC`, /CRC32/],
      [`SPD*1.0*${account}*CRC32:1234ABCDE`, /CRC32/],
      [`SPD*1.0*${account}*CRC32:X1234ABC`, /CRC32/],
      [`SPD*1.0*${account}*CRC32:1234abcd`, /CRC32/],
      [`SPD*1.0*${account}*X-SS:12345678901`, /X-SS/],
      [`SPD*1.0*${account}*X-KS:A`, /X-KS/],
    ];
    for (const [text, reason] of refusals) {
      const parsed = parseSpayd(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.reason, text).toMatch(reason);
    }
  });

  it("takes every key of the standard with a value that keeps its rules, and an own X- key", () => {
    const attributes: Record<string, string> = {
      ACC: "CZ5855000000001265098001+GIBACZPX",
      "ALT-ACC": "CZ5855000000001265098001,CZ6508000000192000145399+GIBACZPXXXX",
      AM: "480.50",
      CC: "CZK",
      RF: "1234567890123456",
      RN: "N".repeat(35),
      DT: "20240229",
      PT: "IP",
      MSG: "M".repeat(60),
      CRC32: "1234ABCD",
      NT: "E",
      NTA: "jana@example.com",
      DL: "20261130",
      FRQ: "1M",
      DH: "0",
      "X-VS": "1234567890",
      "X-SS": "1",
      "X-KS": "0308",
      "X-ID": "own key, own value",
    };
    const text = `SPD*1.0*${Object.entries(attributes).map(([key, value]) => `${key}:${value}`).join("*")}`;
    expect(parseSpayd(text)).toEqual({ ok: true, fields: attributes });
    expect(fieldsOf(parseSpayd("SPD*1.0*ACC:CZ5855000000001265098001*NT:P")).NT).toBe("P");
  });

  it("decodes each percent-escape of a value, as the standard writes a * in it", () => {
    expect(fieldsOf(parseSpayd("SPD*1.0*ACC:CZ5855000000001265098001*MSG:A%2AB%2A%2AC")).MSG).toBe("A*B**C");
    expect(fieldsOf(parseSpayd("SPD*1.0*ACC:CZ5855000000001265098001*MSG:100%")).MSG).toBe("100%");
    // A character of several bytes is its escapes together; an escape that is no character is kept as written.
    expect(fieldsOf(parseSpayd("SPD*1.0*ACC:CZ5855000000001265098001*MSG:Z%C3%A1loha")).MSG).toBe("Záloha");
    expect(fieldsOf(parseSpayd("SPD*1.0*ACC:CZ5855000000001265098001*MSG:A%C3B")).MSG).toBe("A%C3B");
  });

  it("gives back the amount, symbol and message it was built from", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.stringMatching(/^[1-9]\d{0,9}$/),
        fc.string({ maxLength: 80 }),
        (amount, variableSymbol, message) => {
          const parsed = parseSpayd(spaydString(order({ amount, variableSymbol, message })));
          if (!parsed.ok) throw new Error(parsed.reason);
          const [units, cents] = parsed.fields.AM!.split(".").map(Number);
          expect(units! * 100 + cents!).toBe(amount);
          expect(parsed.fields["X-VS"]).toBe(variableSymbol);
          expect(parsed.fields.ACC).toBe(czk.iban);
          expect(parsed.fields.MSG ?? "").toMatch(/^[0-9A-Z $+\-./:]{0,60}$/);
        }
      )
    );
  });
});

describe("ZBP 2D (PLN)", () => {
  const plnOrder = (overrides: Partial<TransferOrder> = {}) =>
    order({ account: pln, amount: 45_600, message: "Zamówienie 26000042", ...overrides });

  it("carries the NRB, the amount in grosze, the recipient and a title with the order number", () => {
    expect(zbpString(plnOrder())).toBe(
      "|PL|61109010140000071219812874|045600|DZB Benefit Travel|Zamowienie 26000042|||"
    );
  });

  it("keeps the variable symbol in the title, since the payment is matched by it", () => {
    const title = (message: string) => fieldsOf(parseZbp(zbpString(plnOrder({ message })))).title;
    expect(title("Pobyt w hotelu Gołębiewski, Mikołajki")).toBe("Pobyt w hotelu Golebiew 26000042");
    expect(title("Zamówienie numer 26000042 w hotelu Gołębiewski")).toBe("Zamowienie numer 26000042 w hote");
    expect(title("|||")).toBe("26000042");
    // A cut that falls after a space leaves none behind.
    expect(title(`Zamowienie 26000042 ${"A".repeat(11)} B`)).toBe(`Zamowienie 26000042 ${"A".repeat(11)}`);
    expect(title(`${"A".repeat(22)} BBBBBBBBBB`)).toBe(`${"A".repeat(22)} 26000042`);
  });

  it("cuts the recipient name to 20 plain characters", () => {
    const account = bankAccountOf("PLN", pln.iban, "Łódzkie Biuro Podróży | Sp. z o.o.");
    expect(fieldsOf(parseZbp(zbpString(plnOrder({ account })))).recipient).toBe("Lodzkie Biuro Podroz");
  });

  it("writes amounts above 9999.99 zł with more digits, which the last reserved field gives up", () => {
    const text = zbpString(plnOrder({ amount: 1_234_567 }));
    expect(text.split("|")[3]).toBe("1234567");
    expect(parseZbp(text)).toMatchObject({ ok: true, fields: { amount: 1_234_567 } });
    expect(parseZbp(`|PL|${pln.iban.slice(2)}|1234567|A|B|||${"X".repeat(24)}`)).toMatchObject({ ok: false });
    expect(parseZbp(`|PL|${pln.iban.slice(2)}|1234567|A|B|||${"X".repeat(23)}`)).toMatchObject({ ok: true });
  });

  it("refuses what it cannot carry", () => {
    expect(() => zbpString(order())).toThrow(/PLN/);
    expect(() => zbpString(plnOrder({ amount: 0 }))).toThrow(/minor units/);
  });

  it("reads the recommendation's examples", () => {
    expect(parseZbp("1234567890|PL|92124012340001567890123456|001200|Odbiorca 1|FV 1234/34/2012|||")).toEqual({
      ok: true,
      fields: {
        nip: "1234567890",
        country: "PL",
        account: "92124012340001567890123456",
        amount: 1200,
        recipient: "Odbiorca 1",
        title: "FV 1234/34/2012",
      },
    });
    expect(parseZbp("|PL|92124012340001567890123456|001200|Odbiorca 1|Przelew ekspress|||")).toMatchObject({
      ok: true,
      fields: { nip: "", amount: 1200 },
    });
  });

  it("refuses strings that break the recommendation, saying why", () => {
    const nrb = "92124012340001567890123456";
    const refusals: [string, RegExp][] = [
      [`|PL|${nrb}|001200|Odbiorca 1|Tytul||`, /9 fields/],
      [`123|PL|${nrb}|001200|Odbiorca 1|Tytul|||`, /NIP/],
      [`|CZ|${nrb}|001200|Odbiorca 1|Tytul|||`, /PL/],
      [`|PL|92124012340001567890123457|001200|Odbiorca 1|Tytul|||`, /NRB/],
      [`|PL|${nrb}|1200|Odbiorca 1|Tytul|||`, /6 to 15 digits/],
      [`|PL|${nrb}|001200||Tytul|||`, /recipient/],
      [`|PL|${nrb}|001200|${"A".repeat(21)}|Tytul|||`, /recipient/],
      [`|PL|${nrb}|001200|Odbiorca 1|${"T".repeat(33)}|||`, /title/],
      [`|PL|${nrb}|001200|Odbiorca 1||||`, /title/],
      [`|PL|${nrb}|001200|Odbiorca 1|Tytul|${"1".repeat(21)}||`, /reserved/],
      // Each rule holds for the whole field, not a part of it.
      [`|PL|${nrb}1|001200|Odbiorca 1|Tytul|||`, /NRB/],
      [`|PL|1${nrb}|001200|Odbiorca 1|Tytul|||`, /NRB/],
      [`|PL|${nrb}|0012001234567890|Odbiorca 1|Tytul|||`, /6 to 15 digits/],
      [`|PL|${nrb}|x001200|Odbiorca 1|Tytul|||`, /6 to 15 digits/],
      [`|PL|${nrb}|001200x|Odbiorca 1|Tytul|||`, /6 to 15 digits/],
      [`|PL|${nrb}|001200|Odbiorca 1|Tytul|||${"1".repeat(25)}`, /reserved/],
      [`|PL|${nrb}|001200|Odbiorca 1|Tytul\n|||`, /control/],
      [`|PL|${nrb}|001200|${"A".repeat(20)}|${"T".repeat(32)}|${"1".repeat(20)}|${"2".repeat(12)}|${"3".repeat(35)}`,
        /160/],
    ];
    for (const [text, reason] of refusals) {
      const parsed = parseZbp(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.reason, text).toMatch(reason);
    }
  });

  it("gives back the amount it was built from and stays within 160 characters", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.string({ maxLength: 80 }), (amount, message) => {
        const text = zbpString(plnOrder({ amount, message }));
        const parsed = parseZbp(text);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(parsed.fields.amount).toBe(amount);
        expect(parsed.fields.title).toContain("26000042");
        expect(text.length).toBeLessThanOrEqual(160);
      })
    );
  });
});

describe("the transfer QR text", () => {
  it("follows the account's market", () => {
    expect(transferQrText(order())).toMatch(/^SPD\*1\.0\*/);
    expect(transferQrText(order({ account: pln }))).toMatch(/^\|PL\|/);
  });
});

describe("the transfer that pays an order's part", () => {
  it("carries the order number as variable symbol, and a message the accountant recognises in Czechia", () => {
    expect(orderTransfer({ orderNumber: "26000042", currency: "CZK" }, 480_050, czk)).toEqual({
      account: czk,
      amount: 480_050,
      variableSymbol: "26000042",
      message: "Objednavka 26000042",
    });
  });

  it("carries the order number alone as a Polish transfer's title, which has no variable symbol", () => {
    expect(orderTransfer({ orderNumber: "26000042", currency: "PLN" }, 120_000, pln)).toEqual({
      account: pln,
      amount: 120_000,
      variableSymbol: "26000042",
      message: "26000042",
    });
  });
});
