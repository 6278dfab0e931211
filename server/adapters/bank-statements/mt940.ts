/**
 * SWIFT MT940 as Polish banks write it (PKO BP, mBank, ING, Pekao...), read with mt940js: :25: the account, :60F: and
 * :62F: the balances in the account's currency, :61: a movement (value date, booking date, amount, the bank's
 * reference after "//"), :86: what the movement was for.
 *
 * Polish banks structure :86: in subfields: an optional three-digit code, then a separator ("~" PKO BP and mBank,
 * "<" ING, "^" others; ">" and "?" in the German style) and two digits before each subfield. ~20 to ~25 hold the
 * transfer's title, ~32 and ~33 (or ~27 and ~28) the counterparty's name, ~38 its IBAN. A long value is cut into
 * subfields and lines at a fixed width, mid-word if it falls there ("URZĄD SKAR" + "BOWY"), so the pieces are joined
 * as they are. PKO BP fills an empty subfield with "˙" (byte 0xFF).
 *
 * The file comes as UTF-8 or windows-1250; bytes that are not UTF-8 are read as windows-1250. (ING's CP852, which no
 * TextDecoder reads, gives wrong diacritics that way, but its digits, and so the order numbers, come through.)
 */

import mt940js from "mt940js";
import type { BankStatement, StatementEntry } from "../../domain/bank-statement";
import { BankStatementFormatError } from "./format-error";
import { assertUniqueReferences, calendarDate, cleanText, statementEntry } from "./statement-entries";

/** Title, then the counterparty's name as most banks write it and as some others do. */
const TITLE = ["20", "21", "22", "23", "24", "25"];
const NAME = ["32", "33"];
const OTHER_NAME = ["27", "28"];
const IBAN = "38";

/** A structured :86: starts with a separator and two digits, after an optional three-digit transaction code. */
const STRUCTURED = /^(?:\d{3})?([~^<>?])\d{2}/;
/** What PKO BP and others write in a subfield that has nothing: "˙" (0xFF in windows-1250), "ÿ" (in Latin-1). */
const EMPTY_SUBFIELD = /^[\s˙ÿ]*$/;

/** :61:'s value date (YYMMDD) and optional booking date (MMDD), before the debit/credit mark. */
const STATEMENT_LINE_DATES = /^(\d{2})(\d{2})(\d{2})(\d{2})?(\d{2})?(?=R?[CD])/;

/** Reads an MT940 file: its bytes, or text already decoded. */
export function readMt940(content: Uint8Array | string): BankStatement {
  // mBank opens and closes each statement with the control characters SOH and ETX, which are no MT940.
  const text = (typeof content === "string" ? content : decode(content)).replace(/[\u0001\u0003]/g, "");
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  if (!/^\s*[:{]/.test(firstLine)) {
    throw new BankStatementFormatError(
      `MT940: the file starts with "${firstLine.slice(0, 20)}", not a field such as :20:`
    );
  }

  let statements: mt940js.Statement[];
  try {
    statements = new mt940js.Parser({ no86Structure: true }).parse(text, true);
  } catch (error) {
    throw new BankStatementFormatError(`MT940: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (statements.length === 0) {
    throw new BankStatementFormatError("MT940: the file holds no statement (:20: to :62F:)");
  }

  const account = accountOf(statements[0]!);
  const entries: StatementEntry[] = [];
  statements.forEach((statement, index) => {
    const statementAccount = accountOf(statement);
    if (statementAccount !== account) {
      throw new BankStatementFormatError(
        `MT940: statement ${index + 1} is of account ${statementAccount}, the first of ${account}; ` +
          "one file, one account"
      );
    }
    entries.push(...entriesOf(statement, index + 1));
  });
  assertUniqueReferences("MT940", entries);
  return { format: "mt940", account, entries };
}

function decode(content: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    return new TextDecoder("windows-1250").decode(content);
  }
}

/** :25: as written ("/PL61109010140000071219812874" or the bare NRB), without the slash and spaces. */
function accountOf(statement: mt940js.Statement): string {
  return statement.accountIdentification.replace(/^\//, "").replace(/\s+/g, "");
}

function entriesOf(statement: mt940js.Statement, number: number): StatementEntry[] {
  const lines = statementLinesOf(statement);
  return statement.transactions.map((transaction, index) => {
    const where = `MT940 statement ${number}, movement ${index + 1}`;
    const { raw61, raw86 } = lines[index]!;
    const bookedOn = bookingDateOf(raw61);
    if (bookedOn === undefined) {
      throw new BankStatementFormatError(`${where}: :61:${raw61.slice(0, 10)} has no valid date`);
    }
    const reference = transaction.bankReference.trim();
    if (reference === "") {
      // Without the bank's own reference nothing tells two equal movements apart, nor this one on a later statement.
      throw new BankStatementFormatError(`${where}: :61: has no bank reference after "//"`);
    }
    // mt940js gives the amount as a number already rounded to 2 decimals: times 100 and rounded, it is exact for any
    // amount the 15 characters of :61: can write.
    const amount = Math.round(transaction.amount * 100);
    if (!Number.isSafeInteger(amount)) throw new BankStatementFormatError(`${where}: the amount is out of range`);
    return statementEntry({ reference, bookedOn, amount, currency: statement.currency, ...detailsOf(raw86) });
  });
}

/**
 * The whole text of each :61: and of its :86:. mt940js's own `details` keeps only the first 390 characters of :86:,
 * fewer than six full lines of 65 with their line breaks, so the fields' data is read instead.
 */
function statementLinesOf(statement: mt940js.Statement): { raw61: string; raw86: string[] }[] {
  const lines: { raw61: string; raw86: string[] }[] = [];
  let previous: number | string | undefined;
  for (const tag of statement.tags ?? []) {
    if (tag.id === 61) lines.push({ raw61: tag.data, raw86: [] });
    // An :86: right after a :61: describes it (as mt940js reads it); elsewhere it is about the whole statement.
    if (tag.id === 86 && previous === 61) lines.at(-1)!.raw86.push(tag.data);
    if (tag.id !== "NS") previous = tag.id;
  }
  return lines;
}

/**
 * The booking date, else the value date. The booking date has no year: it is the value date's, or the one before
 * or after when the two straddle New Year (valued 31 December, booked 2 January).
 */
function bookingDateOf(raw61: string): string | undefined {
  const match = STATEMENT_LINE_DATES.exec(raw61);
  if (match === null) return undefined;
  const [, yy, valueMonth, valueDay, bookedMonth, bookedDay] = match;
  const year = 2000 + Number(yy);
  const valueDate = calendarDate(year, Number(valueMonth), Number(valueDay));
  if (valueDate === undefined || bookedMonth === undefined || bookedDay === undefined) return valueDate;
  const monthsAfterValue = Number(bookedMonth) - Number(valueMonth);
  const bookedYear = monthsAfterValue < -6 ? year + 1 : monthsAfterValue > 6 ? year - 1 : year;
  return calendarDate(bookedYear, Number(bookedMonth), Number(bookedDay));
}

/** Title, counterparty's name and IBAN from a structured :86:; an unstructured one is all title. */
function detailsOf(
  raw86: readonly string[]
): Pick<StatementEntry, "message" | "counterpartyName" | "counterpartyAccount"> {
  // Lines are cut at a fixed width, like the subfields, so they are joined as they are.
  const details = raw86.map((field) => field.replace(/\r?\n/g, "")).join("");
  const separator = STRUCTURED.exec(details)?.[1];
  if (separator === undefined) return { message: cleanText(details) };
  const subfields = new Map<string, string>();
  for (const part of details.split(new RegExp(`(?=\\${separator}\\d{2})`))) {
    // The text before the first separator is the transaction code, which says nothing the shop matches by.
    if (!part.startsWith(separator)) continue;
    const value = part.slice(3);
    if (!EMPTY_SUBFIELD.test(value)) subfields.set(part.slice(1, 3), value);
  }
  const joined = (keys: readonly string[]) => cleanText(keys.map((key) => subfields.get(key) ?? "").join(""));
  return {
    message: joined(TITLE),
    counterpartyName: joined(NAME) ?? joined(OTHER_NAME),
    counterpartyAccount: subfields.get(IBAN)?.replace(/\s+/g, "") || undefined,
  };
}
