import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCamt053 } from "./camt053";
import { BankStatementFormatError } from "./format-error";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/bank-statements/${name}`, import.meta.url));

/** A camt.053.001.02 statement of one entry: a credit of 1 234,50 CZK whose transaction details are `details`. */
function statement(details: string, entry: { amount?: string; indicator?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
  <Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id><Ccy>CZK</Ccy></Acct>
  <Ntry>
    <Amt Ccy="CZK">${entry.amount ?? "1234.50"}</Amt><CdtDbtInd>${entry.indicator ?? "CRDT"}</CdtDbtInd>
    <Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>2611270000012345</AcctSvcrRef>
    <NtryDtls>${details}</NtryDtls>
  </Ntry>
</Stmt></BkToCstmrStmt></Document>`;
}

const variableSymbol = (details: string) => readCamt053(statement(details)).entries[0]!.variableSymbol;

describe("reading camt.053", () => {
  it("reads a ČBA statement's booked entries, with the variable symbol wherever Czech banks put it", () => {
    expect(readCamt053(fixture("camt053-cba.xml"))).toEqual({
      format: "camt053",
      account: "CZ6508000000192000145399",
      entries: [
        {
          reference: "2611270000012345",
          bookedOn: "2026-11-27",
          amount: 123450,
          currency: "CZK",
          variableSymbol: "26000042",
          message: "Objednávka 26000042",
          counterpartyName: "Jiří Dvořák",
          counterpartyAccount: "CZ9501000000001234567899",
        },
        {
          reference: "2611270000012346",
          bookedOn: "2026-11-27",
          amount: 500000,
          currency: "CZK",
          variableSymbol: "26000043",
          counterpartyName: "Hana Nováková",
          counterpartyAccount: "670100000/6210",
        },
        {
          reference: "2611270000012347",
          bookedOn: "2026-11-27",
          amount: 246800,
          currency: "CZK",
          variableSymbol: "26000044",
          message: "Pobyt Špindlerův Mlýn",
          counterpartyName: "Petr Šťastný",
          counterpartyAccount: "CZ9303000000002100456784",
        },
        {
          reference: "2611270000012348",
          bookedOn: "2026-11-27",
          amount: -25000,
          currency: "CZK",
          variableSymbol: "2611",
          message: "Vrácení přeplatku",
          counterpartyName: "Hotel Krakonoš a.s.",
          counterpartyAccount: "CZ6220100000002001234588",
        },
        {
          reference: "2611270000012349",
          bookedOn: "2026-11-27",
          amount: 98000,
          currency: "CZK",
          message: "Platba za pobyt, objednávka 26000045",
          counterpartyName: "Marie Černá",
        },
      ],
    });
  });

  it("reads 001.08 with a namespace prefix, one entry per transaction of a batch", () => {
    expect(readCamt053(fixture("camt053-v08.xml"))).toEqual({
      format: "camt053",
      account: "CZ6508000000192000145399",
      entries: [
        {
          reference: "2611280000020002",
          bookedOn: "2026-11-28",
          amount: 70000,
          currency: "CZK",
          variableSymbol: "26000046",
          message: "Záloha na pobyt",
          counterpartyName: "Tomáš Veselý",
          counterpartyAccount: "CZ4101000000001234567901",
        },
        {
          reference: "2611280000020003",
          bookedOn: "2026-11-28",
          amount: 30000,
          currency: "CZK",
          variableSymbol: "26000047",
          counterpartyName: "Eva Malá",
        },
      ],
    });
  });

  it("takes a variable symbol only where it is labelled, or as a structured creditor reference", () => {
    const endToEnd = (id: string) => variableSymbol(`<TxDtls><Refs><EndToEndId>${id}</EndToEndId></Refs></TxDtls>`);
    const creditorReference = (ref: string) =>
      variableSymbol(`<TxDtls><RmtInf><Strd><CdtrRefInf><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`);
    expect(endToEnd("VS26000042")).toBe("26000042");
    expect(endToEnd("VS:0026000042SS:KS:0308")).toBe("26000042");
    expect(endToEnd("/VS/26000042/SS/123/KS/0308")).toBe("26000042");
    expect(creditorReference("VS:26000042")).toBe("26000042");
    expect(creditorReference("0026000042")).toBe("26000042");
    // The payer's own end-to-end reference, an ISO 11649 reference, a symbol of zeros or of 11 digits: none.
    expect(endToEnd("26000042")).toBeUndefined();
    expect(creditorReference("RF18539007547034")).toBeUndefined();
    expect(endToEnd("VS0000000000")).toBeUndefined();
    expect(endToEnd("VS26000042123")).toBeUndefined();
  });

  it("joins the lines of an unstructured message and names the creditor of a debit", () => {
    const details = `<TxDtls><RltdPties><Dbtr><Nm>Jan Novák</Nm></Dbtr><Cdtr><Nm>Hotel Krakonoš a.s.</Nm></Cdtr></RltdPties>
      <RmtInf><Ustrd>Vrácení přeplatku</Ustrd><Ustrd>objednávky 26000042</Ustrd></RmtInf></TxDtls>`;
    expect(readCamt053(statement(details, { indicator: "DBIT" })).entries[0]).toMatchObject({
      amount: -123450,
      message: "Vrácení přeplatku objednávky 26000042",
      counterpartyName: "Hotel Krakonoš a.s.",
    });
  });

  it("reads the encoding the XML declares", () => {
    const xml = statement("<TxDtls><RltdPties><Dbtr><Nm>Dvořák</Nm></Dbtr></RltdPties></TxDtls>").replace(
      'encoding="UTF-8"',
      'encoding="windows-1250"'
    );
    // "ř" is 0xF8 in windows-1250; every other character here is ASCII.
    const bytes = Uint8Array.from([...xml].map((char) => (char === "ř" ? 0xf8 : char.charCodeAt(0))));
    expect(readCamt053(bytes).entries[0]!.counterpartyName).toBe("Dvořák");
  });
});

describe("refusing camt.053 it cannot read whole", () => {
  const refusal = (content: string | Uint8Array) => {
    try {
      readCamt053(content);
    } catch (error) {
      expect(error).toBeInstanceOf(BankStatementFormatError);
      return (error as Error).message;
    }
    throw new Error("the file was read");
  };
  const transaction = (amount: string, ref: string) =>
    `<TxDtls><Refs><AcctSvcrRef>${ref}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="CZK">${amount}</Amt></TxAmt></AmtDtls></TxDtls>`;

  it("refuses XML that is not well-formed, declares a DOCTYPE or is another message", () => {
    expect(refusal(statement("").replace("</Stmt>", ""))).toMatch(/^camt\.053: not well-formed XML at line 10: /);
    expect(refusal(`<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>${statement("")}`)).toBe(
      "camt.053: the file declares a DOCTYPE, which a statement never has"
    );
    expect(refusal(statement("").replace(/BkToCstmrStmt/g, "BkToCstmrAcctRpt"))).toBe(
      "camt.053: the XML holds no BkToCstmrStmt (a bank-to-customer statement)"
    );
    expect(refusal(Uint8Array.from([0x3c, 0x61, 0xff, 0x3e]))).toBe(
      "camt.053: the file is not valid utf-8, the encoding it declares"
    );
  });

  it("refuses a batch whose transactions do not add up to the entry, or lack their own amount", () => {
    expect(refusal(statement(transaction("1000.00", "a") + transaction("234.00", "b")))).toBe(
      "camt.053 statement 1, entry 1 (2611270000012345): its 2 transactions add up to 123400, the entry is 123450"
    );
    expect(refusal(statement(transaction("1000.00", "a") + "<TxDtls/>"))).toBe(
      'camt.053 statement 1, entry 1 (2611270000012345), transaction 2: the amount "" is not a positive decimal'
    );
  });

  it("refuses an entry whose amount, direction, status or reference cannot be read", () => {
    expect(refusal(statement("", { amount: "1234.567" }))).toBe(
      'camt.053 statement 1, entry 1 (2611270000012345): the amount "1234.567" is not a positive decimal'
    );
    expect(refusal(statement("", { indicator: "CR" }))).toBe(
      'camt.053 statement 1, entry 1 (2611270000012345): CdtDbtInd is "CR", not CRDT or DBIT'
    );
    expect(refusal(statement("").replace("<Sts>BOOK</Sts>", ""))).toBe(
      "camt.053 statement 1, entry 1: the entry has no status (Sts)"
    );
    expect(refusal(statement("").replace(/<AcctSvcrRef>\d+<\/AcctSvcrRef>/, ""))).toBe(
      "camt.053 statement 1, entry 1: the entry has neither AcctSvcrRef nor NtryRef"
    );
  });

  it("refuses two accounts in one file, and two movements with one reference", () => {
    const two = statement("").replace(
      "</Stmt>",
      "</Stmt><Stmt><Acct><Id><IBAN>CZ9501000000001234567899</IBAN></Id></Acct></Stmt>"
    );
    expect(refusal(two)).toBe(
      "camt.053: the file holds statements of CZ6508000000192000145399 and CZ9501000000001234567899; one file, one account"
    );
    expect(refusal(statement(transaction("1000.00", "a") + transaction("234.50", "a")))).toBe(
      'camt.053: two movements have the reference "a"; the second would be taken for the first and lost'
    );
  });
});
