import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BankStatementFormatError } from "./format-error";
import { readMt940 } from "./mt940";

const fixture = readFileSync(new URL("../../../tests/fixtures/bank-statements/pko-bp.sta", import.meta.url));

/** One statement of the shop's PLN account around the :61: and :86: lines given, which must add up to 100,00. */
function statement(...movement: string[]): string {
  return [
    ":20:ST261127CYC/1",
    ":25:/PL61109010140000071219812874",
    ":28C:214/1",
    ":60F:C261126PLN1000,00",
    ...movement,
    ":62F:C261127PLN1100,00",
    "-",
  ].join("\r\n");
}

const CREDIT = ":61:2611271127C100,00N240NONREF//7350100026112799";

describe("reading MT940 as Polish banks write it", () => {
  it("reads the title, the counterparty and its IBAN from PKO BP's ~ subfields", () => {
    expect(readMt940(fixture)).toEqual({
      format: "mt940",
      account: "PL61109010140000071219812874",
      entries: [
        {
          reference: "7350100026112701",
          bookedOn: "2026-11-27",
          amount: 123450,
          currency: "PLN",
          message: "ZAMOWIENIE 26000042",
          counterpartyName: "JAN KOWALSKI UL. DLUGA 5 KRAKOW",
          counterpartyAccount: "PL10102040550000987654321012",
        },
        {
          reference: "7350100026112702",
          bookedOn: "2026-11-27",
          amount: 246800,
          currency: "PLN",
          message: "Zamówienie 26000043 pobyt Hotel Krakowiak",
          counterpartyName: "Anna Wiśniewska",
          counterpartyAccount: "PL89114020040000350212345678",
        },
        {
          reference: "7350100026112703",
          bookedOn: "2026-11-27",
          amount: -3500,
          currency: "PLN",
          message: "OPŁATA ZA PRZELEW EXPRESS",
        },
        {
          reference: "7350100026112704",
          bookedOn: "2026-11-27",
          amount: 50000,
          currency: "PLN",
          message: "ZALICZKA WRZESIEN",
          counterpartyName: "BIURO PODROZY WEKEND SP. Z O.O.",
          counterpartyAccount: "PL49124012341111000012345678",
        },
      ],
    });
  });

  it("reads the subfields whatever the bank's separator: <, ^, > or ?", () => {
    for (const separator of ["<", "^", ">", "?"]) {
      const text = statement(
        CREDIT,
        `:86:020${separator}00PRZELEW PRZYCHODZACY${separator}20Zamowienie 26000042${separator}32Jan Kowalski` +
          `${separator}38PL10102040550000987654321012`
      );
      expect(readMt940(text).entries[0]).toMatchObject({
        message: "Zamowienie 26000042",
        counterpartyName: "Jan Kowalski",
        counterpartyAccount: "PL10102040550000987654321012",
      });
    }
  });

  it("joins a title and a name cut at a fixed width, across subfields and lines", () => {
    const text = statement(CREDIT, ":86:020~00PRZELEW~20ZAMOWIENIE 2600", "0042 POBYT~21 W HOTELU~27JAN KOWAL~28SKI");
    expect(readMt940(text).entries[0]).toMatchObject({
      message: "ZAMOWIENIE 26000042 POBYT W HOTELU",
      counterpartyName: "JAN KOWALSKI",
    });
  });

  it("reads an :86: without subfields as the title", () => {
    const text = statement(CREDIT, ":86:Zamówienie 26000042 Jan Kowalski");
    expect(readMt940(text).entries[0]).toEqual({
      reference: "7350100026112799",
      bookedOn: "2026-11-27",
      amount: 10000,
      currency: "PLN",
      message: "Zamówienie 26000042 Jan Kowalski",
    });
  });

  it("keeps the whole of an :86: of six full lines, which mt940js alone would cut at 390 characters", () => {
    const title = "ZAMOWIENIE 26000042 ".repeat(20).slice(0, 6 * 65 - 51);
    const lines = `:86:020~00PRZELEW~20${title}~38PL10102040550000987654321012`.match(/.{1,65}/g)!;
    expect(lines).toHaveLength(6);
    expect(readMt940(statement(CREDIT, ...lines)).entries[0]!.counterpartyAccount).toBe("PL10102040550000987654321012");
  });

  it("dates a movement by its booking date, in the year after its value date when booked over New Year", () => {
    const bookedOn = (line61: string) => readMt940(statement(line61, ":86:Zamowienie 26000042")).entries[0]!.bookedOn;
    expect(bookedOn(":61:261231C100,00N240NONREF//1")).toBe("2026-12-31");
    expect(bookedOn(":61:2612310104C100,00N240NONREF//1")).toBe("2027-01-04");
    expect(bookedOn(":61:2701041231C100,00N240NONREF//1")).toBe("2026-12-31");
  });

  it("reads UTF-8 as well as windows-1250, and mBank's statements wrapped in SOH and ETX", () => {
    const text = statement(CREDIT, ":86:020~00PRZELEW~20Zamówienie 26000042~32Łucja Żółć");
    expect(readMt940(new TextEncoder().encode(text)).entries[0]).toMatchObject({
      message: "Zamówienie 26000042",
      counterpartyName: "Łucja Żółć",
    });
    expect(readMt940(`\u0001\r\n${text}\r\n\u0003`).entries).toHaveLength(1);
  });

  it("reads a reversed credit as money going back", () => {
    const text = statement(":61:2611271127RC50,00N240NONREF//77", ":86:ZWROT", ":61:2611271127C150,00N240NONREF//78");
    expect(readMt940(text).entries.map((entry) => entry.amount)).toEqual([-5000, 15000]);
  });
});

describe("refusing MT940 it cannot read whole", () => {
  const refusal = (text: string) => {
    try {
      readMt940(text);
    } catch (error) {
      expect(error).toBeInstanceOf(BankStatementFormatError);
      return (error as Error).message;
    }
    throw new Error("the file was read");
  };

  it("refuses a statement whose movements do not add up to its balances", () => {
    expect(refusal(statement(":61:2611271127C90,00N240NONREF//1", ":86:Zamowienie 26000042"))).toBe(
      "MT940: Sum of lines (90) != turnover (100) in group 1"
    );
  });

  it("refuses a statement without its closing balance, and a file that is no MT940", () => {
    expect(refusal(statement(CREDIT).replace(":62F:C261127PLN1100,00\r\n", ""))).toBe(
      "MT940: Mandatory tag 62 is missing in group 1"
    );
    expect(refusal("Wyciąg z rachunku\r\n:20:X")).toBe(
      'MT940: the file starts with "Wyciąg z rachunku", not a field such as :20:'
    );
    expect(refusal(statement(":61:2611271127X100,00N240NONREF//1"))).toMatch(/^MT940: Cannot parse tag 61: /);
  });

  it("refuses a movement without the bank's reference, which tells movements apart", () => {
    expect(refusal(statement(":61:2611271127C100,00N240NONREF", ":86:Zamowienie 26000042"))).toBe(
      'MT940 statement 1, movement 1: :61: has no bank reference after "//"'
    );
  });

  it("refuses a date that does not exist", () => {
    expect(refusal(statement(":61:2602301127C100,00N240NONREF//1"))).toBe(
      "MT940 statement 1, movement 1: :61:2602301127 has no valid date"
    );
  });

  it("refuses statements of two accounts in one file", () => {
    const other = statement(CREDIT).replace("PL61109010140000071219812874", "PL10102040550000987654321012");
    expect(refusal(`${statement(CREDIT)}\r\n${other.replace(/7350100026112799/, "7350100026112800")}`)).toBe(
      "MT940: statement 2 is of account PL10102040550000987654321012, the first of PL61109010140000071219812874; " +
        "one file, one account"
    );
  });
});
