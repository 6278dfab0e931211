/**
 * ISO 20022 camt.053, the bank-to-customer statement (BkToCstmrStmt), of any version: 001.02 as the Czech Banking
 * Association's standard ("Standard pro elektronický XML výpis") and most banks write it, 001.08 and later as newer
 * exports do. Namespaces and prefixes are ignored; the elements the shop reads are the same in all of them, except
 * where noted.
 *
 * Per booked entry (Ntry with status BOOK; pending and informational ones are no money on the account yet): the
 * amount (Amt with its Ccy) with the sign of CdtDbtInd (a reversal's too: RvslInd only says the entry undoes another,
 * CdtDbtInd which way its money goes), the booking date (BookgDt/Dt or DtTm), the bank's reference
 * (AcctSvcrRef, else NtryRef) and from its transaction details (TxDtls) the variable symbol, the message (RmtInf/Ustrd)
 * and the counterparty: the debtor of a credit, the creditor of a debit. An entry that books several transactions at
 * once becomes one statement entry per TxDtls, each with its own amount.
 *
 * Where Czech banks put the variable symbol: Refs/EndToEndId, labelled "VS26000042", "VS:26000042SS:...KS:..." (Fio
 * and the ČBA from April 2020) or "/VS/26000042/SS/.../KS/..." (before); or RmtInf/Strd/CdtrRefInf/Ref, "VS:26000042"
 * (one Strd per symbol, as in the ČBA's instant payments) or the bare digits. An EndToEndId of bare digits is the
 * payer's own reference, not a variable symbol.
 */

import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { BankStatement, StatementEntry } from "../../domain/bank-statement";
import { BankStatementFormatError } from "./format-error";
import {
  assertUniqueReferences,
  calendarDate,
  cleanText,
  minorUnitsOfDecimal,
  plainVariableSymbol,
  statementEntry,
} from "./statement-entries";

/** A parsed element: every element is a list (of its occurrences), its text under "#text", attributes under "@_". */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  // Values stay the text they are: "0026000042" is a symbol, not the number 26000042.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

const ENCODING = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/** A labelled variable symbol in a reference: "/VS/26000042/...", "VS:26000042SS:..." or "VS26000042". */
const LABELLED_SYMBOL = [/(?:^|\/)VS\/(\d{1,10})(?=\/|$)/, /(?:^|[^A-Z])VS:?\s?(\d{1,10})(?!\d)/];

/** Reads a camt.053 file: its bytes, in the encoding its XML declaration names (UTF-8 when it names none). */
export function readCamt053(content: Uint8Array | string): BankStatement {
  const xml = typeof content === "string" ? content : decode(content);
  // A statement has no use for a document type; its entities are what XML bombs and file disclosures are made of.
  if (/<!DOCTYPE/i.test(xml)) {
    throw new BankStatementFormatError("camt.053: the file declares a DOCTYPE, which a statement never has");
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new BankStatementFormatError(`camt.053: not well-formed XML at line ${valid.err.line}: ${valid.err.msg}`);
  }
  const root: unknown = parser.parse(xml);
  // Some banks leave out the Document around the message.
  const message = child(child(root, "Document") ?? root, "BkToCstmrStmt");
  if (message === undefined) {
    throw new BankStatementFormatError("camt.053: the XML holds no BkToCstmrStmt (a bank-to-customer statement)");
  }

  let account: string | undefined;
  const entries: StatementEntry[] = [];
  children(message, "Stmt").forEach((statement, index) => {
    const statementAccount = textAt(statement, "Acct", "Id", "IBAN") ?? textAt(statement, "Acct", "Id", "Othr", "Id");
    if (statementAccount === undefined) {
      throw new BankStatementFormatError(`camt.053: statement ${index + 1} names no account (Acct/Id)`);
    }
    if (account !== undefined && statementAccount !== account) {
      throw new BankStatementFormatError(
        `camt.053: the file holds statements of ${account} and ${statementAccount}; one file, one account`
      );
    }
    account = statementAccount;
    children(statement, "Ntry").forEach((entry, entryIndex) => {
      entries.push(...entriesOf(entry, `camt.053 statement ${index + 1}, entry ${entryIndex + 1}`));
    });
  });
  if (account === undefined) throw new BankStatementFormatError("camt.053: the file holds no statement (Stmt)");
  assertUniqueReferences("camt.053", entries);
  return { format: "camt053", account, entries };
}

function decode(content: Uint8Array): string {
  const declared = ENCODING.exec(new TextDecoder("latin1").decode(content.subarray(0, 200)))?.[1] ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared, { fatal: true });
  } catch {
    throw new BankStatementFormatError(
      `camt.053: the encoding "${declared}" the XML declares is not one this reader knows`
    );
  }
  try {
    return decoder.decode(content);
  } catch {
    throw new BankStatementFormatError(`camt.053: the file is not valid ${declared}, the encoding it declares`);
  }
}

/** The occurrences of a child element: objects for elements with children or attributes, strings for text only. */
function children(node: unknown, name: string): unknown[] {
  if (node === null || typeof node !== "object") return [];
  const value = (node as XmlNode)[name];
  return Array.isArray(value) ? value : [];
}

function child(node: unknown, name: string): unknown {
  return children(node, name)[0];
}

/** An element's trimmed text, undefined when it is missing or empty. */
function textOf(element: unknown): string | undefined {
  const text = typeof element === "string" ? element : (element as XmlNode | undefined)?.["#text"];
  return typeof text === "string" && text.trim() !== "" ? text.trim() : undefined;
}

function textAt(node: unknown, ...path: string[]): string | undefined {
  return textOf(path.reduce(child, node));
}

/** An amount element (Amt, TxAmt/Amt): minor units without sign, and its currency. */
function amountOf(element: unknown, where: string): { minor: number; currency: string } {
  const text = textOf(element);
  const minor = text === undefined || text.startsWith("-") ? undefined : minorUnitsOfDecimal(text);
  const currency = (element as XmlNode | undefined)?.["@_Ccy"];
  if (minor === undefined) {
    throw new BankStatementFormatError(`${where}: the amount "${text ?? ""}" is not a positive decimal`);
  }
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
    throw new BankStatementFormatError(`${where}: the amount has no currency (Ccy)`);
  }
  return { minor, currency };
}

function signOf(indicator: string | undefined, where: string): 1 | -1 {
  if (indicator === "CRDT") return 1;
  if (indicator === "DBIT") return -1;
  throw new BankStatementFormatError(`${where}: CdtDbtInd is "${indicator ?? ""}", not CRDT or DBIT`);
}

function entriesOf(entry: unknown, where: string): StatementEntry[] {
  // Sts is a code in 001.02, a choice with Cd in 001.08 and later.
  const status = textAt(entry, "Sts") ?? textAt(entry, "Sts", "Cd");
  if (status === undefined) throw new BankStatementFormatError(`${where}: the entry has no status (Sts)`);
  if (status !== "BOOK") return [];

  const reference = textAt(entry, "AcctSvcrRef") ?? textAt(entry, "NtryRef");
  if (reference === undefined) {
    throw new BankStatementFormatError(`${where}: the entry has neither AcctSvcrRef nor NtryRef`);
  }
  const at = `${where} (${reference})`;
  // A DtTm is the bank's local time ("2026-11-28T09:14:03+01:00"): its date is the day as the bank books it.
  const written = (textAt(entry, "BookgDt", "Dt") ?? textAt(entry, "BookgDt", "DtTm"))?.slice(0, 10);
  const [year, month, day] = (written ?? "").split("-").map(Number);
  const bookedOn = /^\d{4}-\d{2}-\d{2}$/.test(written ?? "") ? calendarDate(year!, month!, day!) : undefined;
  if (bookedOn === undefined) {
    throw new BankStatementFormatError(`${at}: the booking date (BookgDt) is missing or not YYYY-MM-DD`);
  }
  const sign = signOf(textAt(entry, "CdtDbtInd"), at);
  const total = amountOf(child(entry, "Amt"), at);
  const transactions = children(entry, "NtryDtls").flatMap((details) => children(details, "TxDtls"));

  if (transactions.length <= 1) {
    const transaction = transactions[0];
    return [
      statementEntry({
        reference,
        bookedOn,
        amount: sign * total.minor,
        currency: total.currency,
        ...(transaction === undefined ? {} : transactionDetailsOf(transaction, sign)),
      }),
    ];
  }

  // A batch: each transaction with its own amount (AmtDtls/TxAmt, or Amt from 001.08 on), which must add up.
  let sum = 0;
  const split = transactions.map((transaction, index) => {
    const own = `${at}, transaction ${index + 1}`;
    const amount = amountOf(child(transaction, "Amt") ?? ["AmtDtls", "TxAmt", "Amt"].reduce(child, transaction), own);
    if (amount.currency !== total.currency) {
      throw new BankStatementFormatError(`${own}: the amount is in ${amount.currency}, the entry in ${total.currency}`);
    }
    const transactionSign =
      textAt(transaction, "CdtDbtInd") === undefined ? sign : signOf(textAt(transaction, "CdtDbtInd"), own);
    sum += transactionSign * amount.minor;
    return statementEntry({
      reference: textAt(transaction, "Refs", "AcctSvcrRef") ?? `${reference}/${index + 1}`,
      bookedOn,
      amount: transactionSign * amount.minor,
      currency: amount.currency,
      ...transactionDetailsOf(transaction, transactionSign),
    });
  });
  if (sum !== sign * total.minor) {
    throw new BankStatementFormatError(
      `${at}: its ${transactions.length} transactions add up to ${sum}, the entry is ${sign * total.minor}`
    );
  }
  return split;
}

/** The variable symbol, message and counterparty of one transaction (TxDtls); `sign` tells who the counterparty is. */
function transactionDetailsOf(
  transaction: unknown,
  sign: 1 | -1
): Pick<StatementEntry, "variableSymbol" | "message" | "counterpartyName" | "counterpartyAccount"> {
  const remittance = child(transaction, "RmtInf");
  const [party, partyAccount, agent] = sign > 0 ? ["Dbtr", "DbtrAcct", "DbtrAgt"] : ["Cdtr", "CdtrAcct", "CdtrAgt"];
  const parties = child(transaction, "RltdPties");
  const agentId = ["RltdAgts", agent, "FinInstnId"].reduce(child, transaction);
  return {
    variableSymbol: variableSymbolOf(transaction, remittance),
    message: cleanText(children(remittance, "Ustrd").map(textOf).join(" ")),
    // 001.02 names the party in Dbtr/Nm; 001.08 and later in Dbtr/Pty/Nm.
    counterpartyName: textAt(parties, party, "Nm") ?? textAt(parties, party, "Pty", "Nm"),
    counterpartyAccount: accountOf(child(parties, partyAccount), agentId),
  };
}

function variableSymbolOf(transaction: unknown, remittance: unknown): string | undefined {
  const endToEnd = textAt(transaction, "Refs", "EndToEndId");
  const labelled = (text: string | undefined) =>
    text === undefined ? undefined : LABELLED_SYMBOL.map((label) => label.exec(text)?.[1]).find(Boolean);
  const fromEndToEnd = plainVariableSymbol(labelled(endToEnd));
  if (fromEndToEnd !== undefined) return fromEndToEnd;
  for (const structured of children(remittance, "Strd")) {
    const ref = textAt(structured, "CdtrRefInf", "Ref");
    const symbol = plainVariableSymbol(labelled(ref) ?? ref);
    if (symbol !== undefined) return symbol;
  }
  return undefined;
}

/**
 * The counterparty's account: its IBAN, or the domestic number in Othr/Id ("19-2000145399") with the bank code of
 * its agent (ClrSysMmbId/MmbId or Othr/Id) when the statement gives one.
 */
function accountOf(account: unknown, agentId: unknown): string | undefined {
  const iban = textAt(account, "Id", "IBAN");
  if (iban !== undefined) return iban.replace(/\s+/g, "");
  const domestic = textAt(account, "Id", "Othr", "Id");
  if (domestic === undefined) return undefined;
  const bankCode = textAt(agentId, "ClrSysMmbId", "MmbId") ?? textAt(agentId, "Othr", "Id");
  return bankCode !== undefined && /^\d{4}$/.test(bankCode) && !domestic.includes("/")
    ? `${domestic}/${bankCode}`
    : domestic;
}
