import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BankStatementFormatError } from "./format-error";
import { readGpc } from "./gpc";

const fixture = readFileSync(new URL("../../../tests/fixtures/bank-statements/two-days.gpc", import.meta.url));

const SHOP_ACCOUNT = "0000002001234561";

interface MovementFields {
  account?: string;
  counterparty?: string;
  bankCode?: string;
  document?: string;
  haler?: number;
  code?: string;
  variableSymbol?: string;
  name?: string;
  currency?: string;
  bookedOn?: string;
}

/** A "075" line laid out as the specification's positions 1-128 say. */
function movement(fields: MovementFields = {}): string {
  return [
    "075",
    fields.account ?? SHOP_ACCOUNT,
    fields.counterparty ?? "0000001234567899",
    fields.document ?? "0002651234011",
    String(fields.haler ?? 123450).padStart(12, "0"),
    fields.code ?? "2",
    (fields.variableSymbol ?? "26000042").padStart(10, "0"),
    `00${fields.bankCode ?? "0100"}0308`,
    "0000000000",
    "271126",
    (fields.name ?? "Jiří Dvořák").padEnd(20),
    "0",
    fields.currency ?? "0203",
    fields.bookedOn ?? "271126",
  ].join("");
}

/** A "074" header whose turnovers are what the movements given add up to, as a bank writes it. */
function header(movements: readonly string[], account = SHOP_ACCOUNT): string {
  let debits = 0;
  let credits = 0;
  for (const line of movements.filter((line) => line.startsWith("075"))) {
    const haler = Number(line.slice(48, 60));
    const code = line[60];
    if (code === "1") debits += haler;
    if (code === "4") debits -= haler;
    if (code === "2") credits += haler;
    if (code === "5") credits -= haler;
  }
  const turnover = (haler: number) => `${String(Math.abs(haler)).padStart(14, "0")}${haler < 0 ? "-" : "0"}`;
  return `074${account}${"Dárkové benefity".padEnd(20)}261126${"0".repeat(14)}+${"0".repeat(14)}+${turnover(
    debits
  )}${turnover(credits)}232271126${" ".repeat(14)}`;
}

/** Each character windows-1250 has, by its byte: the encoder Node does not ship, from the decoder it does. */
const WINDOWS_1250 = new Map(
  [...new TextDecoder("windows-1250").decode(Uint8Array.from({ length: 256 }, (_, byte) => byte))].map((char, byte) => [
    char,
    byte,
  ])
);

/** The lines as a bank's file: windows-1250 bytes, CRLF. */
function gpcFile(lines: readonly string[]): Uint8Array {
  return Uint8Array.from([...(lines.join("\r\n") + "\r\n")].map((char) => WINDOWS_1250.get(char)!));
}

function statementOf(lines: readonly string[]) {
  return readGpc(gpcFile([header(lines), ...lines]));
}

describe("reading a GPC file", () => {
  it("reads every movement of every day with its variable symbol, message and counterparty", () => {
    expect(readGpc(fixture)).toEqual({
      format: "gpc",
      account: "2001234561",
      entries: [
        {
          reference: "2651234011",
          bookedOn: "2026-11-26",
          amount: 123450,
          currency: "CZK",
          variableSymbol: "26000042",
          message: "Objednávka 26000042 - pobyt v hotelu Krakonoš, 2 noci",
          counterpartyName: "Jiří Dvořák",
          counterpartyAccount: "1234567899/0100",
        },
        {
          reference: "2651234012",
          bookedOn: "2026-11-26",
          amount: -25000,
          currency: "CZK",
          variableSymbol: "2611",
          counterpartyName: "Hotel Krakonoš a.s.",
          counterpartyAccount: "2001234588/2010",
        },
        {
          reference: "2651234013",
          bookedOn: "2026-11-27",
          amount: 500000,
          currency: "CZK",
          variableSymbol: "26000043",
          counterpartyName: "Hana Nováková",
          counterpartyAccount: "19-2000145399/0800",
        },
        {
          reference: "2651234014",
          bookedOn: "2026-11-27",
          amount: 98000,
          currency: "CZK",
          message: "Platba za pobyt, objednávka 26000045 Děkuji",
          counterpartyName: "Marie Černá",
          counterpartyAccount: "670100000/6210",
        },
        {
          reference: "2651234015",
          bookedOn: "2026-11-27",
          amount: 2500,
          currency: "CZK",
          counterpartyName: "Storno poplatku",
        },
        {
          reference: "2651234016",
          bookedOn: "2026-11-27",
          amount: 35,
          currency: "CZK",
          counterpartyName: "Připsaný úrok",
        },
      ],
    });
  });

  it("signs an amount by its accounting code: 1 debit, 2 credit, 4 a debit reversed, 5 a credit reversed", () => {
    const amounts = (code: string) => statementOf([movement({ code, haler: 1000 })]).entries[0]!.amount;
    expect([amounts("1"), amounts("2"), amounts("4"), amounts("5")]).toEqual([-1000, 1000, 1000, -1000]);
  });

  it("reads any amount of haléře exactly, with the sign of its code", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.constantFrom("1", "2", "4", "5"), (haler, code) => {
        const [entry] = statementOf([movement({ haler, code })]).entries;
        expect(entry!.amount).toBe(code === "1" || code === "5" ? -haler : haler);
      })
    );
  });

  it("leaves out a zero variable symbol, a blank name and an account of zeros", () => {
    const [entry] = statementOf([
      movement({ variableSymbol: "0", name: "", counterparty: "0".repeat(16), bankCode: "0000" }),
    ]).entries;
    expect(entry).toEqual({ reference: "2651234011", bookedOn: "2026-11-27", amount: 123450, currency: "CZK" });
  });

  it("reads the currency's ISO number, and a blank one as koruny", () => {
    const currency = (code: string) => statementOf([movement({ currency: code })]).entries[0]!.currency;
    expect([currency("0978"), currency("0203"), currency("    ")]).toEqual(["EUR", "CZK", "CZK"]);
  });

  it("reads account numbers KB and Česká spořitelna write in their internal order", () => {
    // 19-2000145399 and 1234567899 (prefix 6 + number 10) with their digits in the internal order.
    const toInternal = (edit: string) =>
      [15, 13, 14, 11, 6, 7, 8, 9, 10, 12, 0, 1, 2, 3, 4, 5].map((i) => edit[i]).join("");
    const account = toInternal("0000192000145399");
    const lines = [movement({ account, counterparty: toInternal("0000001234567899") })];
    const statement = readGpc(gpcFile([header(lines, account), ...lines]));
    expect(statement.account).toBe("19-2000145399");
    expect(statement.entries[0]!.counterpartyAccount).toBe("1234567899/0100");
  });

  it("tells apart movements whose document number repeats, as KB writes its statement's number in each", () => {
    const lines = [movement({ document: "1127000000232" }), movement({ document: "1127000000232", haler: 500 })];
    expect(statementOf(lines).entries.map((entry) => entry.reference)).toEqual(["1127000000232", "1127000000232/2"]);
  });

  it("joins the message of 078 and 079 as the bank cut it into fields of 35 characters", () => {
    const lines = [
      movement(),
      `078${"Zamówienie / Objednávka 26000042, p".padEnd(35)}${"obyt".padEnd(35)}`,
      `079${"2 noci".padEnd(35)}`,
    ];
    expect(statementOf(lines).entries[0]!.message).toBe("Zamówienie / Objednávka 26000042, pobyt 2 noci");
  });
});

describe("refusing a GPC file it cannot read whole", () => {
  const refusal = (lines: readonly string[]) => {
    try {
      readGpc(gpcFile(lines));
    } catch (error) {
      expect(error).toBeInstanceOf(BankStatementFormatError);
      return (error as Error).message;
    }
    throw new Error("the file was read");
  };
  const good = [movement(), movement({ document: "0002651234012", code: "1", haler: 25000 })];

  it("names a movement line of the wrong length", () => {
    expect(refusal([header(good), good[0]!.slice(0, 127), good[1]!])).toBe(
      'GPC line 2: a "075" movement has 128 characters, this one 127'
    );
  });

  it("names a field that is not what its positions must hold", () => {
    expect(refusal([header(good), movement({ code: "3" })])).toBe(
      'GPC line 2: the accounting code (position 61) is "3", not 1, 2, 4 or 5'
    );
    expect(refusal([header(good), movement({ bookedOn: "310226" })])).toBe(
      'GPC line 2: the booking date (positions 123-128) "310226" is no date'
    );
    expect(refusal([header(good), movement({ variableSymbol: "26 00042" })])).toBe(
      'GPC line 2: the variable symbol (positions 62-71) is "0026 00042", not 10 digits'
    );
    expect(refusal([header(good), movement({ currency: "0999" })])).toBe(
      'GPC line 2: the currency (positions 119-122) is "0999", not an ISO 4217 number this reader knows'
    );
  });

  it("refuses a file cut short, whose movements do not add up to its header's turnovers", () => {
    expect(refusal([header(good), good[0]!])).toBe(
      "GPC line 1: the movements of the statement of 2026-11-27 add up to debits of 0 and credits of 123450 " +
        "haléřů, its header says 25000 and 123450: is the file complete?"
    );
  });

  it("refuses lines out of place or of no known type", () => {
    expect(refusal(good)).toBe('GPC line 1: a GPC file starts with a "074" header');
    expect(refusal([header([]), `078${"Objednávka".padEnd(70)}`])).toBe('GPC line 2: a "078" line follows no movement');
    expect(refusal([header(good), ...good, "099 something"])).toBe(
      'GPC line 4: unknown record type "099" (expected 074, 075, 076, 078 or 079)'
    );
    expect(refusal([header(good), good[0]!, movement({ account: "0000002001234588", code: "1", haler: 25000 })])).toBe(
      "GPC line 3: the movement is on account 2001234588, not 2001234561 of the header"
    );
  });
});
