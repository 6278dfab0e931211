/**
 * The text of a bank-transfer QR code, which a banking app scans to fill in the payment order.
 *
 * Czech koruna: the Short Payment Descriptor (SPAYD, "QR Platba"), the Czech Banking Association's standard:
 * "SPD*1.0*" then KEY:value pairs separated by "*"; a value never holds "*"; AM is a positive amount with a dot and
 * at most 2 decimals, 10 characters at most; MSG is 1 to 60 characters; X-VS (variable symbol) is 1 to 10 digits.
 * Its authors recommend the QR alphanumeric set (0-9, A-Z, space, $ % * + - . / :) so the code stays small, which is
 * why the message is written without diacritics and in capitals.
 *
 * Polish złoty: the Polish Bank Association's (ZBP) "2D" recommendation: nine fields separated by "|": recipient NIP
 * (10 digits, may be empty), country code, the 26-digit NRB, the amount in grosze (zero padded to 6 digits; above
 * 9 999.99 zł it takes more, up to 15 here), recipient name (at most 20 characters), transfer title (at most 32), and
 * three reserved fields (at most 20, 12 and 24 characters, the last shrinking by what the amount takes beyond 6
 * digits), 160 characters in all. Apps differ in how they read diacritics, so names and titles are written in plain
 * ASCII letters, digits and , . / -.
 *
 * Every builder parses its own output and throws when it does not pass, so a bad code never leaves the domain.
 */

import { isValidIban, type BankAccount } from "./bank-account";
import { variableSymbolOf } from "./order-number";
import type { CurrencyCode } from "./products";

export interface TransferOrder {
  readonly account: BankAccount;
  /** Minor units (haléře, grosze), more than 0. */
  readonly amount: number;
  /** 1 to 10 digits: the order number the payment is matched by. */
  readonly variableSymbol: string;
  /** What the payer's statement says, e.g. "Objednávka 26000042"; each format gets its own sanitized copy. */
  readonly message: string;
}

export type SpaydParse = { ok: true; fields: Record<string, string> } | { ok: false; reason: string };

export interface ZbpFields {
  nip: string;
  country: string;
  account: string;
  /** Grosze. */
  amount: number;
  recipient: string;
  title: string;
}

export type ZbpParse = { ok: true; fields: ZbpFields } | { ok: false; reason: string };

const SPAYD_HEADER = "SPD*";
const SPAYD_VERSION = "1.0";
const SPAYD_MESSAGE_MAX = 60;
const SPAYD_AMOUNT_MAX = 10;
const VARIABLE_SYMBOL = /^\d{1,10}$/;

const ZBP_SEPARATOR = "|";
const ZBP_MAX_LENGTH = 160;
const ZBP_AMOUNT_DIGITS = 6;
const ZBP_RECIPIENT_MAX = 20;
const ZBP_TITLE_MAX = 32;
const ZBP_RESERVED_MAX = [20, 12, 24] as const;

/** The standard's attribute keys; anything else must be a proprietary "X-" key. */
const SPAYD_KEYS = new Set([
  "ACC",
  "ALT-ACC",
  "AM",
  "CC",
  "RF",
  "RN",
  "DT",
  "PT",
  "MSG",
  "CRC32",
  "NT",
  "NTA",
  "DL",
  "FRQ",
  "DH",
]);

/** Unicode letters without their accents; "ł" has no decomposition, so it is mapped by hand. */
function withoutDiacritics(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L");
}

/** Keeps the characters a format allows, turning the rest into spaces, and cuts to its length. */
function plainText(text: string, disallowed: RegExp, maxLength: number): string {
  return withoutDiacritics(text).replace(disallowed, " ").replace(/\s+/g, " ").trim().slice(0, maxLength).trim();
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`A transfer amount is a positive integer of minor units, not ${amount}`);
  }
}

function assertVariableSymbol(symbol: string): void {
  if (!VARIABLE_SYMBOL.test(symbol)) throw new Error(`A variable symbol has 1 to 10 digits, not "${symbol}"`);
}

/** 48050 minor units → "480.50"; the integer division keeps floats out of money. */
function spaydAmount(amount: number): string {
  const text = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
  if (text.length > SPAYD_AMOUNT_MAX)
    throw new Error(`SPAYD amounts have at most ${SPAYD_AMOUNT_MAX} characters: ${text}`);
  return text;
}

export function spaydString(order: TransferOrder): string {
  if (order.account.currency !== "CZK") throw new Error(`SPAYD carries CZK payments, not ${order.account.currency}`);
  assertAmount(order.amount);
  assertVariableSymbol(order.variableSymbol);
  const attributes: [string, string][] = [
    ["ACC", order.account.iban],
    ["AM", spaydAmount(order.amount)],
    ["CC", "CZK"],
    ["X-VS", order.variableSymbol],
  ];
  // The QR alphanumeric set without "*" (the separator) and "%" (the escape character).
  const message = plainText(order.message.toUpperCase(), /[^0-9A-Z $+\-./:]/g, SPAYD_MESSAGE_MAX);
  if (message !== "") attributes.push(["MSG", message]);
  const text = `${SPAYD_HEADER}${SPAYD_VERSION}*${attributes.map(([key, value]) => `${key}:${value}`).join("*")}`;
  const parsed = parseSpayd(text);
  if (!parsed.ok) throw new Error(`Built an invalid SPAYD (${parsed.reason}): ${text}`);
  return text;
}

/** Percent-escapes (the standard writes a "*" in a value as %2A) decoded; a lone "%" is left as it is. */
function percentDecoded(value: string): string {
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function isRealDate(yyyymmdd: string): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const [year, month, day] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6, 8)].map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

function isAccount(value: string): boolean {
  const [iban, bic, ...rest] = value.split("+");
  return rest.length === 0 && isValidIban(iban!) && (bic === undefined || /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic));
}

/** Why one attribute's value breaks the standard, or undefined. */
function spaydValueProblem(key: string, value: string): string | undefined {
  const digits = (min: number, max: number) =>
    new RegExp(`^\\d{${min},${max}}$`).test(value) ? undefined : `${key} must have ${min} to ${max} digits`;
  const length = (max: number) => (value.length <= max ? undefined : `${key} has more than ${max} characters`);
  switch (key) {
    case "ACC":
      return isAccount(value) ? undefined : "ACC is not a valid IBAN (with an optional +BIC)";
    case "ALT-ACC":
      return value.split(",").every(isAccount) ? undefined : "ALT-ACC is not a list of valid IBANs";
    case "AM":
      if (!/^\d+(\.\d{1,2})?$/.test(value)) return "AM must be a number with a dot and at most 2 decimals";
      if (value.length > SPAYD_AMOUNT_MAX) return `AM has more than ${SPAYD_AMOUNT_MAX} characters`;
      return Number(value) > 0 ? undefined : "AM must be positive";
    case "CC":
      return /^[A-Z]{3}$/.test(value) ? undefined : "CC must be an ISO 4217 code";
    case "RF":
      return digits(1, 16);
    case "RN":
      return length(35);
    case "DT":
    case "DL":
      return isRealDate(value) ? undefined : `${key} must be a date written YYYYMMDD`;
    case "PT":
      return length(3);
    case "MSG":
      return length(SPAYD_MESSAGE_MAX);
    case "NT":
      return value === "P" || value === "E" ? undefined : "NT must be P (phone) or E (e-mail)";
    case "CRC32":
      return /^[0-9A-F]{8}$/.test(value) ? undefined : "CRC32 must be 8 hexadecimal digits";
    case "X-VS":
    case "X-SS":
    case "X-KS":
      return digits(1, 10);
    default:
      return undefined;
  }
}

/** Reads a SPAYD string by the standard's rules: the fields (percent-escapes decoded) or why it is not valid. */
export function parseSpayd(text: string): SpaydParse {
  const fail = (reason: string): SpaydParse => ({ ok: false, reason });
  if (!text.startsWith(SPAYD_HEADER)) return fail('a SPAYD starts with "SPD*"');
  // The standard names ISO-8859-1; banks read UTF-8 too, so only control characters are refused here.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return fail("control characters are not allowed");
  const [version, ...parts] = text.slice(SPAYD_HEADER.length).split("*");
  if (!/^\d+\.\d+$/.test(version!)) return fail("the version must be two numbers with a dot");
  if (version !== SPAYD_VERSION) return fail(`version ${version} is not supported`);
  // The last attribute may or may not end with "*".
  if (parts.at(-1) === "") parts.pop();
  if (parts.length === 0) return fail("there are no attributes");
  const fields: Record<string, string> = {};
  for (const part of parts) {
    const colon = part.indexOf(":");
    if (colon <= 0) return fail(`"${part}" is not a KEY:value attribute`);
    const key = part.slice(0, colon);
    const value = percentDecoded(part.slice(colon + 1));
    if (!/^[A-Z][A-Z0-9-]*$/.test(key)) return fail(`"${key}" is not a key (capitals, digits and -)`);
    if (!SPAYD_KEYS.has(key) && !key.startsWith("X-")) return fail(`${key} is not a standard key; own keys start X-`);
    if (key in fields) return fail(`${key} appears twice`);
    if (value === "") return fail(`${key} is empty`);
    const problem = spaydValueProblem(key, value);
    if (problem !== undefined) return fail(problem);
    fields[key] = value;
  }
  if (fields.ACC === undefined) return fail("ACC (the account) is required");
  return { ok: true, fields };
}

/**
 * The title must carry the variable symbol, as ZBP has no field for it and the payment is matched by it: when the
 * message does not fit with it, the message is cut and the symbol kept.
 */
function zbpTitle(message: string, variableSymbol: string): string {
  const text = plainText(message, /[^A-Za-z0-9 ,./-]/g, Number.MAX_SAFE_INTEGER);
  const cut = text.slice(0, ZBP_TITLE_MAX).trim();
  if (cut.includes(variableSymbol)) return cut;
  return `${text.slice(0, ZBP_TITLE_MAX - variableSymbol.length - 1).trim()} ${variableSymbol}`.trim();
}

export function zbpString(order: TransferOrder): string {
  if (order.account.currency !== "PLN") throw new Error(`ZBP codes carry PLN payments, not ${order.account.currency}`);
  assertAmount(order.amount);
  assertVariableSymbol(order.variableSymbol);
  const recipient = plainText(order.account.recipientName, /[^A-Za-z0-9 ,./-]/g, ZBP_RECIPIENT_MAX);
  const fields = [
    "",
    "PL",
    order.account.iban.slice(2),
    String(order.amount).padStart(ZBP_AMOUNT_DIGITS, "0"),
    recipient,
    zbpTitle(order.message, order.variableSymbol),
    "",
    "",
    "",
  ];
  const text = fields.join(ZBP_SEPARATOR);
  const parsed = parseZbp(text);
  if (!parsed.ok) throw new Error(`Built an invalid ZBP code (${parsed.reason}): ${text}`);
  return text;
}

/** Reads a ZBP 2D string: the fields that pay, or why it is not valid. */
export function parseZbp(text: string): ZbpParse {
  const fail = (reason: string): ZbpParse => ({ ok: false, reason });
  if (text.length > ZBP_MAX_LENGTH) return fail(`a ZBP code has at most ${ZBP_MAX_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return fail("control characters are not allowed");
  const parts = text.split(ZBP_SEPARATOR);
  if (parts.length !== 9) return fail(`a ZBP code has 9 fields separated by "|", not ${parts.length}`);
  const [nip = "", country = "", account = "", amount = "", recipient = "", title = "", ...reserved] = parts;
  if (!/^(\d{10})?$/.test(nip)) return fail("the NIP has 10 digits or is empty");
  if (country !== "PL") return fail("the country code must be PL");
  if (!/^\d{26}$/.test(account) || !isValidIban(`PL${account}`)) return fail("the account is not a valid NRB");
  // Up to 15 digits a number of grosze is exact in a double.
  if (!/^\d{6,15}$/.test(amount)) return fail("the amount is 6 to 15 digits of grosze");
  if (recipient === "" || recipient.length > ZBP_RECIPIENT_MAX)
    return fail("the recipient name has 1 to 20 characters");
  if (title === "" || title.length > ZBP_TITLE_MAX) return fail("the title has 1 to 32 characters");
  // A longer amount takes its extra digits from the last reserved field, keeping the code's total length.
  const reservedMax = [
    ZBP_RESERVED_MAX[0],
    ZBP_RESERVED_MAX[1],
    ZBP_RESERVED_MAX[2] - (amount.length - ZBP_AMOUNT_DIGITS),
  ];
  if (reserved.some((field, i) => field.length > reservedMax[i]!)) return fail("a reserved field is too long");
  return { ok: true, fields: { nip, country, account, amount: Number(amount), recipient, title } };
}

/** The QR text for the account's market: SPAYD for CZK, ZBP for PLN. */
export function transferQrText(order: TransferOrder): string {
  switch (order.account.currency) {
    case "CZK":
      return spaydString(order);
    case "PLN":
      return zbpString(order);
  }
}

/**
 * The transfer that pays one part of an order: the order number as variable symbol, and what the payer's bank is
 * told. A Polish transfer has no variable symbol, so its title carries it, and the title is the variable symbol
 * alone: the status page, the e-mail and the invoice give it as the title to type, and the QR code fills in the same.
 * A Czech transfer carries the symbol in its own field, and a message the shop's accountant recognises.
 */
export function orderTransfer(
  order: { readonly orderNumber: string; readonly currency: CurrencyCode },
  amount: number,
  account: BankAccount
): TransferOrder {
  const variableSymbol = variableSymbolOf(order.orderNumber);
  const message = order.currency === "PLN" ? variableSymbol : `Objednavka ${order.orderNumber}`;
  return { account, amount, variableSymbol, message };
}
