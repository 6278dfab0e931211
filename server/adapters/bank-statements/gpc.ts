/**
 * The Czech GPC ("ABO") statement, as Fio, ČSOB, KB and Česká spořitelna publish it: lines of fixed width in
 * windows-1250, without separators, numbers padded with zeros on the left and texts with spaces on the right.
 * - "074" opens a statement: the account, balances, debit and credit turnovers, the statement's number and date.
 * - "075" is one movement: amount in haléře, accounting code, variable symbol, counterparty, currency, booking date.
 * - "076" (ČSOB and others) follows a movement with the bank's transaction id and a description; "078" and "079"
 *   carry the payer's message, four fields of 35 characters (AV1 to AV4).
 * A file may hold several statements (one "074" per day), all of one account.
 *
 * Positions are 1-based and inclusive, as the specifications write them. KB and Česká spořitelna may write account
 * numbers in their "internal format", the 16 digits in another order; which order a file uses is told by the Czech
 * mod-11 check, which real account numbers pass.
 */

import type { BankStatement, StatementEntry } from "../../domain/bank-statement";
import { czechAccountProblem } from "../../domain/bank-account";
import { BankStatementFormatError } from "./format-error";
import {
  assertUniqueReferences,
  calendarDate,
  cleanText,
  czechAccountNumber,
  plainVariableSymbol,
  statementEntry,
} from "./statement-entries";

/** Through the statement date (109-114); the 14 spaces of filler after it are often trimmed away. */
const HEADER_MIN_LENGTH = 114;
const MOVEMENT_LENGTH = 128;
/** "078" and "079": two AV fields of 35 characters each after the record type. */
const MESSAGE_FIELD_LENGTH = 35;

/**
 * The sign of a movement by its accounting code (position 61): 1 debit, 2 credit, 4 reversal of a debit (the money
 * comes back), 5 reversal of a credit (the money goes back).
 */
const SIGN_OF_CODE: Readonly<Record<string, 1 | -1>> = { "1": -1, "2": 1, "4": 1, "5": -1 };

/**
 * ISO 4217 numeric codes (positions 119-122, "0203" for CZK) of the currencies a Czech account is kept in. The format
 * began as "výpis v Kč" and some banks leave the field blank or zero, which still means koruny.
 */
const CURRENCY_OF_CODE: Readonly<Record<number, string>> = {
  0: "CZK",
  203: "CZK",
  978: "EUR",
  840: "USD",
  826: "GBP",
  985: "PLN",
  756: "CHF",
  348: "HUF",
  752: "SEK",
  578: "NOK",
  208: "DKK",
  946: "RON",
  975: "BGN",
  124: "CAD",
  36: "AUD",
};

/** Internal format → prefix (6) + number (10): the digit at each position of the internal 16 (KB's KM format). */
const FROM_INTERNAL_ORDER = [10, 11, 12, 13, 14, 15, 4, 5, 6, 7, 8, 3, 9, 1, 2, 0];

interface Header {
  readonly kind: "header";
  readonly line: number;
  /** The 16 digits as written: prefix and number, possibly in the internal order. */
  readonly account: string;
  /** Haléře, without sign: movements with code 1 less those with code 4. */
  readonly debitTurnover: number;
  /** Haléře, without sign: movements with code 2 less those with code 5. */
  readonly creditTurnover: number;
  readonly date: string;
}

interface Movement {
  readonly kind: "movement";
  readonly line: number;
  readonly account: string;
  readonly counterpartyAccount: string;
  readonly counterpartyBank: string;
  readonly document: string;
  readonly haler: number;
  readonly code: string;
  readonly variableSymbol?: string;
  readonly name?: string;
  readonly currency: string;
  readonly bookedOn: string;
}

interface Continuation {
  readonly kind: "continuation";
  readonly type: "076" | "078" | "079";
  readonly line: number;
  /** The AV fields of a "078"/"079", each padded to its 35 characters; empty for a "076". */
  readonly text: string;
}

type GpcRecord = Header | Movement | Continuation;

/** Reads a GPC file, the bytes as the bank gave them (windows-1250). */
export function readGpc(content: Uint8Array): BankStatement {
  const lines = new TextDecoder("windows-1250").decode(content).split(/\r\n|\r|\n/);
  const records: GpcRecord[] = [];
  lines.forEach((text, index) => {
    if (text.trim() !== "") records.push(recordOf(text, index + 1));
  });
  const first = records[0];
  if (first?.kind !== "header") {
    throw new BankStatementFormatError(`GPC line ${first?.line ?? 1}: a GPC file starts with a "074" header`);
  }

  const internalOrder = writtenInInternalOrder(records);
  const accountOf = (digits: string) => {
    const ordered = internalOrder ? fromInternalOrder(digits) : digits;
    return czechAccountNumber(ordered.slice(0, 6), ordered.slice(6));
  };
  const account = accountOf(first.account);
  if (account === undefined)
    throw new BankStatementFormatError("GPC line 1: the header names no account (positions 4-19)");

  const entries: StatementEntry[] = [];
  const usedDocuments = new Map<string, number>();
  for (const statement of statementsOf(records)) {
    checkTurnovers(statement.header, statement.movements);
    for (const { movement, message } of statement.movements) {
      const movementAccount = accountOf(movement.account);
      if (movementAccount !== account) {
        throw new BankStatementFormatError(
          `GPC line ${movement.line}: the movement is on account ${movementAccount}, not ${account} of the header`
        );
      }
      const counterparty = internalOrder
        ? fromInternalOrder(movement.counterpartyAccount)
        : movement.counterpartyAccount;
      entries.push(
        statementEntry({
          reference: referenceOf(movement.document, usedDocuments),
          bookedOn: movement.bookedOn,
          amount: SIGN_OF_CODE[movement.code]! * movement.haler,
          currency: movement.currency,
          variableSymbol: movement.variableSymbol,
          message: cleanText(message),
          counterpartyName: movement.name,
          counterpartyAccount: czechAccountNumber(
            counterparty.slice(0, 6),
            counterparty.slice(6),
            movement.counterpartyBank
          ),
        })
      );
    }
  }
  assertUniqueReferences("GPC", entries);
  return { format: "gpc", account, entries };
}

/**
 * The movement's document number, which the banks fill with their id of the movement (Fio's "ID pohybu"). KB writes
 * the statement's number there instead, the same for all its movements; a repeated number gets "/2", "/3" in the
 * order of the file, which the bank keeps when it writes the same statement again.
 */
function referenceOf(document: string, used: Map<string, number>): string {
  const count = (used.get(document) ?? 0) + 1;
  used.set(document, count);
  return count === 1 ? document : `${document}/${count}`;
}

/** The text from position `from` to `to`, 1-based and inclusive as in the specification. */
function field(text: string, from: number, to: number): string {
  return text.slice(from - 1, to);
}

function failure(line: number, problem: string): BankStatementFormatError {
  return new BankStatementFormatError(`GPC line ${line}: ${problem}`);
}

function recordOf(text: string, line: number): GpcRecord {
  const type = field(text, 1, 3);
  switch (type) {
    case "074":
      return headerOf(text, line);
    case "075":
      return movementOf(text, line);
    case "076":
      // The bank's transaction id (4-29), the date the payer's bank sent it (30-35), a description: nothing the
      // shop matches by.
      return { kind: "continuation", type, line, text: "" };
    case "078":
    case "079": {
      const avFields = field(text, 4, 3 + 2 * MESSAGE_FIELD_LENGTH).padEnd(2 * MESSAGE_FIELD_LENGTH);
      return { kind: "continuation", type, line, text: avFields };
    }
    default:
      throw failure(line, `unknown record type "${type}" (expected 074, 075, 076, 078 or 079)`);
  }
}

function digits(text: string, line: number, from: number, to: number, what: string): string {
  const value = field(text, from, to);
  if (!/^\d+$/.test(value) || value.length !== to - from + 1) {
    throw failure(line, `${what} (positions ${from}-${to}) is "${value}", not ${to - from + 1} digits`);
  }
  return value;
}

function dateOf(text: string, line: number, from: number, what: string): string {
  const ddmmyy = digits(text, line, from, from + 5, what);
  const date = calendarDate(2000 + Number(ddmmyy.slice(4)), Number(ddmmyy.slice(2, 4)), Number(ddmmyy.slice(0, 2)));
  if (date === undefined) throw failure(line, `${what} (positions ${from}-${from + 5}) "${ddmmyy}" is no date`);
  return date;
}

/**
 * A turnover of the header in haléře: 14 digits, then a sign, "0" or "-". Its meaning differs between banks (Fio
 * writes "-" after any debit turnover, others only when reversals outweigh the movements), so only the digits are
 * compared with the movements.
 */
function turnoverOf(text: string, line: number, from: number, what: string): number {
  const haler = Number(digits(text, line, from, from + 13, what));
  const sign = field(text, from + 14, from + 14);
  if (!["0", "+", "-"].includes(sign)) {
    throw failure(line, `the sign of ${what} (position ${from + 14}) is "${sign}", not 0 or -`);
  }
  return haler;
}

function headerOf(text: string, line: number): Header {
  if (text.length < HEADER_MIN_LENGTH || text.length > MOVEMENT_LENGTH) {
    throw failure(
      line,
      `a "074" header has ${HEADER_MIN_LENGTH} to ${MOVEMENT_LENGTH} characters, this one ${text.length}`
    );
  }
  return {
    kind: "header",
    line,
    account: digits(text, line, 4, 19, "the account number"),
    debitTurnover: turnoverOf(text, line, 76, "the debit turnover"),
    creditTurnover: turnoverOf(text, line, 91, "the credit turnover"),
    date: dateOf(text, line, 109, "the statement date"),
  };
}

function movementOf(text: string, line: number): Movement {
  if (text.length !== MOVEMENT_LENGTH) {
    throw failure(line, `a "075" movement has ${MOVEMENT_LENGTH} characters, this one ${text.length}`);
  }
  const code = field(text, 61, 61);
  if (SIGN_OF_CODE[code] === undefined) {
    throw failure(line, `the accounting code (position 61) is "${code}", not 1, 2, 4 or 5`);
  }
  const document = field(text, 36, 48)
    .trim()
    .replace(/^0+(?=.)/, "");
  if (/^0?$/.test(document)) throw failure(line, "the movement has no document number (positions 36-48)");
  const currencyCode = field(text, 119, 122);
  const currency = /^(\d{4}| {4})$/.test(currencyCode) ? CURRENCY_OF_CODE[Number(currencyCode)] : undefined;
  if (currency === undefined) {
    throw failure(
      line,
      `the currency (positions 119-122) is "${currencyCode}", not an ISO 4217 number this reader knows`
    );
  }
  return {
    kind: "movement",
    line,
    account: digits(text, line, 4, 19, "the account number"),
    counterpartyAccount: digits(text, line, 20, 35, "the counterparty's account"),
    // The constant symbol's field (72-81) is "00" + the counterparty's bank code + the constant symbol.
    counterpartyBank: digits(text, line, 74, 77, "the counterparty's bank code"),
    document,
    haler: Number(digits(text, line, 49, 60, "the amount")),
    code,
    variableSymbol: plainVariableSymbol(digits(text, line, 62, 71, "the variable symbol")),
    name: cleanText(field(text, 98, 117)),
    currency,
    bookedOn: dateOf(text, line, 123, "the booking date"),
  };
}

interface StatementLines {
  readonly header: Header;
  readonly movements: { movement: Movement; message: string }[];
}

/** The records grouped under their headers, each movement with the message of its "078"/"079" lines. */
function statementsOf(records: readonly GpcRecord[]): StatementLines[] {
  const statements: StatementLines[] = [];
  for (const record of records) {
    const current = statements.at(-1);
    if (record.kind === "header") {
      statements.push({ header: record, movements: [] });
    } else if (record.kind === "movement") {
      current!.movements.push({ movement: record, message: "" });
    } else {
      const last = current!.movements.at(-1);
      if (last === undefined) throw failure(record.line, `a "${record.type}" line follows no movement`);
      last.message += record.text;
    }
  }
  return statements;
}

/**
 * The header's turnovers must be what its movements add up to: if not, lines are missing (a file cut short) or the
 * file is not what this reader takes it for, and reading it would miss payments.
 */
function checkTurnovers(header: Header, movements: StatementLines["movements"]): void {
  let debits = 0;
  let credits = 0;
  for (const { movement } of movements) {
    if (movement.code === "1") debits += movement.haler;
    if (movement.code === "4") debits -= movement.haler;
    if (movement.code === "2") credits += movement.haler;
    if (movement.code === "5") credits -= movement.haler;
  }
  if (Math.abs(debits) !== header.debitTurnover || Math.abs(credits) !== header.creditTurnover) {
    throw failure(
      header.line,
      `the movements of the statement of ${header.date} add up to debits of ${Math.abs(debits)} and credits of ` +
        `${Math.abs(credits)} haléřů, its header says ${header.debitTurnover} and ${header.creditTurnover}: ` +
        "is the file complete?"
    );
  }
}

function fromInternalOrder(digits16: string): string {
  return FROM_INTERNAL_ORDER.map((index) => digits16[index]).join("");
}

function passesCzechCheck(digits16: string): boolean {
  const account = czechAccountNumber(digits16.slice(0, 6), digits16.slice(6));
  // The bank code plays no part in the mod-11 check; the domain's parser wants one.
  return account !== undefined && czechAccountProblem(`${account}/0000`) === undefined;
}

/** True when more of the file's account numbers pass the mod-11 check in the internal order than as written. */
function writtenInInternalOrder(records: readonly GpcRecord[]): boolean {
  let asWritten = 0;
  let internal = 0;
  for (const record of records) {
    const accounts =
      record.kind === "header"
        ? [record.account]
        : record.kind === "movement"
        ? [record.account, record.counterpartyAccount]
        : [];
    for (const digits16 of accounts) {
      if (passesCzechCheck(digits16)) asWritten++;
      if (passesCzechCheck(fromInternalOrder(digits16))) internal++;
    }
  }
  return internal > asWritten;
}
