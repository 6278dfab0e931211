/**
 * The shop's receiving bank accounts, written as people know them and as IBANs for payment QR codes.
 *
 * A Czech account is "prefix-number/bank": the prefix (up to 6 digits) and the number (2 to 10 significant
 * digits) each pass the Czech National Bank's weighted mod-11 check; the bank code has 4 digits. A Polish account is
 * the 26-digit NRB, whose first two digits are the IBAN check digits, so it is checked as the IBAN "PL" + NRB.
 * An IBAN passes ISO 13616's mod-97 check and has its country's length.
 */

import { formatIban } from "../../shared/formats";
import type { CurrencyCode } from "./products";

export interface BankAccount {
  readonly currency: CurrencyCode;
  /** As shown to people: "2000145399/2010" (CZ) or the NRB in groups, "61 1090 1014 0000 0712 1981 2874" (PL). */
  readonly display: string;
  /** No spaces, uppercase. */
  readonly iban: string;
  readonly recipientName: string;
}

/** Weights of the Czech mod-11 check, leftmost digit first, for the zero-padded prefix and number. */
const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

const CZECH_ACCOUNT = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;

/** IBAN lengths of the countries the shop pays into or may read in a payment code; others get ISO's bounds. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = { CZ: 24, PL: 28, SK: 24 };

interface CzechAccount {
  /** Without leading zeros; empty when there is none. */
  readonly prefix: string;
  /** Without leading zeros. */
  readonly number: string;
  readonly bank: string;
}

function passesMod11(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, "0");
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(padded[i]) * weights[i]!;
  return sum % 11 === 0;
}

function parseCzechAccount(text: string): CzechAccount | string {
  const match = CZECH_ACCOUNT.exec(text.trim());
  if (match === null) return 'expected "number/bank" or "prefix-number/bank", e.g. 19-2000145399/0800';
  const prefix = (match[1] ?? "").replace(/^0+/, "");
  const number = match[2]!.replace(/^0+/, "");
  const bank = match[3]!;
  // Leading zeros are not digits of the number: "0000000012" is the number 12, which is allowed, but 5 is not.
  if (number.length < 2) return "the account number needs at least two significant digits";
  if (!passesMod11(prefix, PREFIX_WEIGHTS)) return "the prefix fails the mod 11 check";
  if (!passesMod11(number, NUMBER_WEIGHTS)) return "the account number fails the mod 11 check";
  return { prefix, number, bank };
}

/** Why a Czech account number is not valid, in English; undefined when it is. */
export function czechAccountProblem(text: string): string | undefined {
  const account = parseCzechAccount(text);
  return typeof account === "string" ? account : undefined;
}

/** The remainder of a long digit string divided by 97, a digit at a time (no big integers needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** ISO 13616: the first four characters move to the end and letters become 10 (A) to 35 (Z). */
function ibanDigits(rearranged: string): string {
  return [...rearranged].map((c) => (c >= "A" && c <= "Z" ? String(c.charCodeAt(0) - 55) : c)).join("");
}

function ibanOf(country: string, bban: string): string {
  const check = 98 - mod97(ibanDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

/** An IBAN as machines write it: no spaces, uppercase. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength === undefined ? iban.length < 15 || iban.length > 34 : iban.length !== expectedLength) {
    return false;
  }
  // Check digits run from 02 to 98; 01 and 99 would satisfy mod 97 wherever 98 and 02 do.
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  return mod97(ibanDigits(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** The IBAN of a valid Czech account; throws with the reason otherwise. */
export function ibanOfCzechAccount(text: string): string {
  const account = parseCzechAccount(text);
  if (typeof account === "string") throw new Error(`Invalid Czech account "${text}": ${account}`);
  return ibanOf("CZ", account.bank + account.prefix.padStart(6, "0") + account.number.padStart(10, "0"));
}

function polishNrb(text: string): string | undefined {
  const nrb = text.replace(/\s+/g, "");
  return /^\d{26}$/.test(nrb) && isValidIban(`PL${nrb}`) ? nrb : undefined;
}

/** "PL" + the NRB (spaces allowed in it); throws when it is not 26 digits with matching check digits. */
export function ibanOfPolishNrb(nrb: string): string {
  const digits = polishNrb(nrb);
  if (digits === undefined)
    throw new Error(`Invalid Polish account number (NRB) "${nrb}": 26 digits whose check digits match`);
  return `PL${digits}`;
}

/** The receiving account of a market; throws with the reason when the account or the name is not valid. */
export function bankAccountOf(currency: CurrencyCode, account: string, recipientName: string): BankAccount {
  const name = recipientName.trim();
  if (name === "") throw new Error("The recipient name of a bank account is empty");
  if (currency === "CZK") {
    const czech = parseCzechAccount(account);
    if (typeof czech === "string") throw new Error(`Invalid Czech account "${account}": ${czech}`);
    const display = `${czech.prefix === "" ? "" : `${czech.prefix}-`}${czech.number}/${czech.bank}`;
    return { currency, display, iban: ibanOfCzechAccount(display), recipientName: name };
  }
  // People paste a Polish account with or without the country code in front.
  const iban = ibanOfPolishNrb(account.replace(/\s+/g, "").replace(/^PL/i, ""));
  const nrb = iban.slice(2);
  return { currency, display: `${nrb.slice(0, 2)} ${formatIban(nrb.slice(2))}`, iban, recipientName: name };
}
