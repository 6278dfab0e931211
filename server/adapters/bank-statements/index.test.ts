import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BankStatementFormatError, readBankStatement } from "./index";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/bank-statements/${name}`, import.meta.url));

const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading a bank statement of any format", () => {
  it("tells each format by its content, whatever the file is called", () => {
    const read = (name: string) => readBankStatement(fixture(name), "statement.txt");
    expect(read("camt053-cba.xml")).toMatchObject({ format: "camt053", account: "CZ6508000000192000145399" });
    expect(read("camt053-v08.xml")).toMatchObject({ format: "camt053", account: "CZ6508000000192000145399" });
    expect(read("two-days.gpc")).toMatchObject({ format: "gpc", account: "2001234561" });
    expect(read("pko-bp.sta")).toMatchObject({ format: "mt940", account: "PL61109010140000071219812874" });
    expect(read("fio-transactions.json")).toMatchObject({ format: "fio", account: "CZ1520100000002001234561" });
  });

  it("reads the entries as the format's own reader does", () => {
    expect(readBankStatement(fixture("two-days.gpc")).entries[0]).toEqual({
      reference: "2651234011",
      bookedOn: "2026-11-26",
      amount: 123450,
      currency: "CZK",
      variableSymbol: "26000042",
      message: "Objednávka 26000042 - pobyt v hotelu Krakonoš, 2 noci",
      counterpartyName: "Jiří Dvořák",
      counterpartyAccount: "1234567899/0100",
    });
  });

  it("looks past a byte order mark, blank lines and mBank's SOH", () => {
    const withBom = (content: Uint8Array) => Uint8Array.from([0xef, 0xbb, 0xbf, ...content]);
    expect(readBankStatement(withBom(fixture("camt053-cba.xml"))).format).toBe("camt053");
    expect(readBankStatement(withBom(fixture("pko-bp.sta"))).format).toBe("mt940");
    const mt940 = readFileSync(
      new URL("../../../tests/fixtures/bank-statements/pko-bp.sta", import.meta.url),
      "latin1"
    );
    expect(readBankStatement(Buffer.from(`\r\n\u0001${mt940}\u0003`, "latin1")).entries).toHaveLength(4);
    expect(readBankStatement(bytes(`{1:F01FIOBCZPPAXXX0000000000}{2:I940FIOBCZPPAXXXN 020}{4:\n${mt940}`)).format).toBe(
      "mt940"
    );
  });

  it("refuses what it does not know with one line that says what it expected, and names the file", () => {
    const refusal = (content: Uint8Array, fileName?: string) => {
      try {
        readBankStatement(content, fileName);
      } catch (error) {
        expect(error).toBeInstanceOf(BankStatementFormatError);
        return (error as Error).message;
      }
      throw new Error("the file was read");
    };
    expect(refusal(bytes("Datum;Objem;Měna\n27.11.2026;1234,50;CZK\n"), "pohyby.csv")).toBe(
      'pohyby.csv: Not a bank statement this shop reads: it starts with "Datum;Objem;Měna"; ' +
        "expected camt.053 XML, GPC (a 074 header), MT940 (:20: or {1:) or Fio's JSON"
    );
    expect(refusal(bytes(" \r\n"))).toBe("The file is empty");
    expect(refusal(bytes('<?xml version="1.0"?><Document><BkToCstmrAcctRpt/></Document>'))).toBe(
      "camt.053: the XML holds no BkToCstmrStmt (a bank-to-customer statement)"
    );
    expect(refusal(bytes('{"accountStatement": '))).toMatch(/^Fio JSON: not valid UTF-8 JSON \(/);
    expect(refusal(bytes("074 too short"), "vypis.gpc")).toBe(
      'vypis.gpc: GPC line 1: a "074" header has 114 to 128 characters, this one 13'
    );
  });
});
