/**
 * What the readers of every format share: amounts written as decimals turned into minor units, variable symbols and
 * Czech account numbers without their padding, calendar dates checked, and the entries themselves written without
 * the fields a movement did not carry.
 */

import type { StatementEntry } from "../../domain/bank-statement";
import { BankStatementFormatError } from "./format-error";

const DECIMAL = /^(-?)0*(\d{1,13})(?:\.(\d+))?$/;
const MINOR_DIGITS = 2;

/**
 * "1234.50", "1234.5", "-15" or "0.01" in minor units (haléře, grosze), computed on the digits so no floating-point
 * rounding can creep in. Up to 13 digits before the point keep the result a safe integer; digits past the second
 * decimal are allowed only as zeros. Anything else is undefined.
 */
export function minorUnitsOfDecimal(text: string): number | undefined {
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const [, sign, whole, fraction = ""] = match;
  if (/[1-9]/.test(fraction.slice(MINOR_DIGITS))) return undefined;
  const minor = Number(whole! + fraction.slice(0, MINOR_DIGITS).padEnd(MINOR_DIGITS, "0"));
  return sign === "-" && minor !== 0 ? -minor : minor;
}

/**
 * A variable symbol as the shop matches it: 1 to 10 digits, leading zeros dropped (a bank pads "26000042" to
 * "0026000042"). Undefined for zero or anything that is not 1 to 10 digits: the payment carried no variable symbol.
 */
export function plainVariableSymbol(digits: string | undefined): string | undefined {
  if (digits === undefined || !/^\d{1,10}$/.test(digits)) return undefined;
  const plain = digits.replace(/^0+/, "");
  return plain === "" ? undefined : plain;
}

/** YYYY-MM-DD when the day exists in that month (29 February only in a leap year), else undefined. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A Czech account as people write it, "prefix-number/bank", from zero-padded digits; the prefix is left out when it
 * is zero, the bank code when the format gives none. Undefined when the number is all zeros: no account was named.
 */
export function czechAccountNumber(prefix: string, number: string, bankCode?: string): string | undefined {
  const plainNumber = number.replace(/^0+/, "");
  if (plainNumber === "") return undefined;
  const plainPrefix = prefix.replace(/^0+/, "");
  const bank = bankCode === undefined || /^0*$/.test(bankCode) ? "" : `/${bankCode}`;
  return `${plainPrefix === "" ? "" : `${plainPrefix}-`}${plainNumber}${bank}`;
}

/** A text field as the shop keeps it: runs of white space made one space, and nothing at all when it is blank. */
export function cleanText(text: string | undefined): string | undefined {
  const clean = text?.replace(/\s+/g, " ").trim();
  return clean === "" ? undefined : clean;
}

type EntryFields = Pick<StatementEntry, "reference" | "bookedOn" | "amount" | "currency"> & {
  readonly [Key in "variableSymbol" | "message" | "counterpartyName" | "counterpartyAccount"]?: string | undefined;
};

/** The entry, without the optional fields the movement did not carry (rather than with them set to undefined). */
export function statementEntry(fields: EntryFields): StatementEntry {
  const entry: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) entry[key] = value;
  return entry as unknown as StatementEntry;
}

/**
 * Throws when two movements of one statement share a reference. The reference is what makes importing a statement
 * twice harmless, so a repeated one would have the second payment taken for the first and dropped.
 */
export function assertUniqueReferences(format: string, entries: readonly StatementEntry[]): void {
  const seen = new Set<string>();
  for (const { reference } of entries) {
    if (seen.has(reference)) {
      throw new BankStatementFormatError(
        `${format}: two movements have the reference "${reference}"; the second would be taken for the first and lost`
      );
    }
    seen.add(reference);
  }
}
