/**
 * Fio banka's transaction API ("Fio API bankovnictví", version of 16 October 2025): the movements on an account in a
 * period, as JSON. One token serves one account; Fio answers HTTP 409 to a second call with the same token within 30
 * seconds, 500 to an invalid or expired token, 422 to a period reaching more than 90 days back.
 *
 * The JSON: `accountStatement.info` (accountId, bankId, currency, iban) and `accountStatement.transactionList
 * .transaction[]`, each column an object `{ value, name, id }` or null: column22 "ID pohybu", column0 the date
 * ("2026-11-27+0100"), column1 the amount (a number, negative when sent), column14 the currency, column5 the variable
 * symbol, column16 the message for the recipient, column10 the counterparty's name, column2 and column3 its account
 * and bank code.
 */

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

export const FIO_API_BASE_URL = "https://fioapi.fio.cz/v1/rest";

export interface FioClientOptions {
  /** Fio's REST root, FIO_API_BASE_URL unless told otherwise (a fake's, in tests). */
  readonly baseUrl?: string;
  /** The account's API token (64 characters), made in Fio's internet banking. */
  readonly token: string;
  readonly fetch?: typeof fetch;
}

/** Fio answered with an error, or could not be reached. Its message never holds the token. */
export class FioApiError extends Error {
  /** The HTTP status Fio answered, when it answered. */
  readonly httpStatus?: number;

  constructor(message: string, options?: { cause?: unknown; httpStatus?: number }) {
    super(message, options);
    this.name = "FioApiError";
    this.httpStatus = options?.httpStatus;
  }
}

/** HTTP 409: the token was used less than 30 seconds ago. Nothing was downloaded; ask again after the interval. */
export class FioRateLimitError extends FioApiError {
  /** Fio's documented minimum interval between two calls with one token. */
  readonly retryAfterMs = 30_000;

  constructor() {
    super("Fio refused the call: one call per token in 30 seconds (HTTP 409)", { httpStatus: 409 });
    this.name = "FioRateLimitError";
  }
}

/** What Fio's documented error answers mean, for the message. */
const MEANING_OF_STATUS: Readonly<Record<number, string>> = {
  404: "the address is wrong",
  413: "more than 50 000 movements at once",
  422: "movements older than 90 days were asked for without the internet banking's strong authorisation",
  500: "the token is invalid, expired or not yet active",
};

/** Fio's transaction API for one account. */
export class FioClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly fetch: typeof fetch;

  constructor(options: FioClientOptions) {
    this.baseUrl = (options.baseUrl ?? FIO_API_BASE_URL).replace(/\/+$/, "");
    this.token = options.token;
    this.fetch = options.fetch ?? fetch;
  }

  /**
   * The movements booked from `from` to `to` (YYYY-MM-DD, both included), `GET /periods/{token}/{from}/{to}/
   * transactions.json`. Asked by dates rather than "since the last download" (`/last/`), whose mark Fio moves with each
   * answer, so that an answer lost on the way (a crash before the import, a dropped connection) is asked for again
   * next time; the import makes a movement seen twice harmless. Throws FioRateLimitError within 30 seconds of the
   * previous call, FioApiError for Fio's other error answers or when it cannot be reached, BankStatementFormatError
   * when the answer is not the documented JSON.
   */
  async movementsBetween(from: string, to: string, signal?: AbortSignal): Promise<BankStatement> {
    const token = encodeURIComponent(this.token);
    const url = `${this.baseUrl}/periods/${token}/${isoDate(from)}/${isoDate(to)}/transactions.json`;
    let response: Response;
    try {
      response = await this.fetch(url, { headers: { accept: "application/json" }, signal });
    } catch (error) {
      // The error may quote the address, and the address holds the token: only its kind is passed on, as the cause.
      throw new FioApiError("Fio's API could not be reached", { cause: error });
    }
    if (response.status === 409) {
      await response.body?.cancel();
      throw new FioRateLimitError();
    }
    if (!response.ok) {
      await response.body?.cancel();
      const meaning = MEANING_OF_STATUS[response.status];
      throw new FioApiError(`Fio answered HTTP ${response.status}${meaning === undefined ? "" : `: ${meaning}`}`, {
        httpStatus: response.status,
      });
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new FioApiError("Fio answered HTTP 200 without JSON", { cause: error, httpStatus: 200 });
    }
    return readFio(answer);
  }
}

/** A date as Fio's addresses take it; anything else would end up in the address. */
function isoDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Fio takes dates as YYYY-MM-DD, not "${date}"`);
  return date;
}

type Row = Record<string, unknown>;

/** Reads Fio's JSON answer (already parsed) into a statement. */
export function readFio(answer: unknown): BankStatement {
  const statement = field(answer, "accountStatement");
  const info = field(statement, "info");
  if (info === undefined) throw new BankStatementFormatError("Fio JSON: there is no accountStatement.info");
  const iban = stringOf(field(info, "iban"));
  const accountId = stringOf(field(info, "accountId"));
  const bankId = stringOf(field(info, "bankId"));
  const account =
    iban ?? (accountId === undefined ? undefined : `${accountId}${bankId === undefined ? "" : `/${bankId}`}`);
  if (account === undefined) throw new BankStatementFormatError("Fio JSON: info names no account (iban or accountId)");
  const accountCurrency = stringOf(field(info, "currency"));

  // With no new movements Fio may answer the header alone.
  const rows = field(field(statement, "transactionList"), "transaction") ?? [];
  if (!Array.isArray(rows)) throw new BankStatementFormatError("Fio JSON: transactionList.transaction is not a list");
  const entries = rows.map((row: unknown, index) => entryOf(row, `Fio JSON movement ${index + 1}`, accountCurrency));
  assertUniqueReferences("Fio JSON", entries);
  return { format: "fio", account, entries };
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Row)[name] : undefined;
}

/** A column's value: `{ value, name, id }`, or null when the movement has nothing there. */
function column(row: unknown, id: number): unknown {
  return field(field(row, `column${id}`), "value");
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" ? cleanText(value) : undefined;
}

function entryOf(row: unknown, where: string, accountCurrency: string | undefined): StatementEntry {
  const reference = stringOf(column(row, 22));
  if (reference === undefined) throw new BankStatementFormatError(`${where}: there is no "ID pohybu" (column22)`);
  const at = `${where} (ID ${reference})`;
  const currency = stringOf(column(row, 14))?.toUpperCase() ?? accountCurrency;
  if (currency === undefined || !/^[A-Z]{3}$/.test(currency)) {
    throw new BankStatementFormatError(`${at}: the currency (column14) is "${currency ?? ""}", not ISO 4217`);
  }
  const counterparty = stringOf(column(row, 2));
  const bankCode = stringOf(column(row, 3));
  return statementEntry({
    reference,
    bookedOn: dateOf(column(row, 0), at),
    amount: amountOf(column(row, 1), at),
    currency,
    variableSymbol: plainVariableSymbol(stringOf(column(row, 5))),
    message: stringOf(column(row, 16)),
    counterpartyName: stringOf(column(row, 10)),
    counterpartyAccount:
      counterparty === undefined || bankCode === undefined ? counterparty : `${counterparty}/${bankCode}`,
  });
}

/**
 * The amount is a JSON number. Its shortest decimal form (what String gives, "1234.5") is the decimal Fio wrote, so
 * the minor units are read from those digits, never multiplied in floating point.
 */
function amountOf(value: unknown, where: string): number {
  const minor = typeof value === "number" && Number.isFinite(value) ? minorUnitsOfDecimal(String(value)) : undefined;
  if (minor === undefined)
    throw new BankStatementFormatError(`${where}: the amount (column1) is not a number of haléře`);
  return minor;
}

const PRAGUE_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Prague",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The date as Fio writes it, "2026-11-27+0100" (the day in Prague, then its offset); older answers, such as the
 * documentation's examples, give the instant of the day's start in milliseconds, which is read as Prague's day.
 */
function dateOf(value: unknown, where: string): string {
  if (typeof value === "number" && Number.isFinite(value)) return PRAGUE_DATE.format(new Date(value));
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})(?:[+-]\d{2}:?\d{2}|Z)?$/.exec(value) : null;
  const date = match === null ? undefined : calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (date === undefined)
    throw new BankStatementFormatError(`${where}: the date (column0) "${String(value)}" is not YYYY-MM-DD+zone`);
  return date;
}
