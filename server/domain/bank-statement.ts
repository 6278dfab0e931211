/**
 * A bank statement as the shop reads it, whatever format the bank wrote it in (ISO 20022 camt.053, the Czech GPC/ABO,
 * MT940, the Fio bank's transaction API): the account it is for and each movement on it. The readers of the formats
 * live in `server/adapters/bank-statements/`; what a movement pays is decided from this shape alone.
 */

export type BankStatementFormat = "camt053" | "gpc" | "mt940" | "fio";

export interface StatementEntry {
  /**
   * The bank's own identifier of the movement, unique on the account (camt's AcctSvcrRef or NtryRef, GPC's
   * movement number, MT940's bank reference, Fio's "ID pohybu"): what makes importing a statement twice harmless.
   */
  readonly reference: string;
  /** The booking date, YYYY-MM-DD. */
  readonly bookedOn: string;
  /** Minor units (haléře, grosze): positive for money received, negative for money sent. */
  readonly amount: number;
  /** ISO 4217, e.g. "CZK", "PLN". */
  readonly currency: string;
  /** The Czech variable symbol without leading zeros (1 to 10 digits), when the payment carried one. */
  readonly variableSymbol?: string;
  /** The payment's message or title as the payer wrote it (a Polish transfer names the order here). */
  readonly message?: string;
  readonly counterpartyName?: string;
  /** The payer's account: an IBAN, or a Czech "prefix-number/bank code". */
  readonly counterpartyAccount?: string;
}

export interface BankStatement {
  readonly format: BankStatementFormat;
  /** The shop's account the statement is for: an IBAN, or a Czech account number as the format gives it. */
  readonly account: string;
  readonly entries: readonly StatementEntry[];
}

/**
 * The account a statement is for, as one text whatever the format wrote: a Czech account's 16 digits (prefix and
 * number) from its IBAN ("CZ65 0800 000019 2000145399") or as GPC writes it without its bank ("19-2000145399"), any
 * other IBAN as it is. Movements are known by their reference on this account, so Fio's API (an IBAN) and a GPC file
 * of the same account tell the same movement as one.
 */
export function statementAccountKey(account: string): string {
  const compact = account.replace(/\s+/g, "").toUpperCase();
  const czechIban = /^CZ\d{2}\d{4}(\d{16})$/.exec(compact);
  if (czechIban) return `CZ ${czechIban[1]}`;
  const czechNumber = /^(?:(\d{1,6})-)?(\d{2,10})(?:\/\d{4})?$/.exec(compact);
  if (czechNumber) return `CZ ${(czechNumber[1] ?? "").padStart(6, "0")}${czechNumber[2]!.padStart(10, "0")}`;
  return compact;
}
