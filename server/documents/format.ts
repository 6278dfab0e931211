/**
 * Amounts, rates and dates as each language writes them on a document ("12 345,50 Kč", "1 234,00 zł",
 * "CZK 12,345.50"; "15. 3. 2026", "15.03.2026"). The separators and patterns are texts (server/documents/texts/);
 * the digits are computed here from integers, so no float and no ICU build difference can change a document.
 * Deadlines are the exception: they are stated as on the status page and in the e-mails, by shared/formats.ts.
 */

import { dayNumber } from "../../shared/calendar-date";
import { MINOR_PER_UNIT } from "../../shared/money";
import type { CurrencyCode } from "../domain/products";
import { type DocumentLanguage, documentTranslator } from "./texts";

/** Digits of a whole number with a separator every three from the right. */
function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

/** Minor units as money; a negative amount gets a leading "-" (a credit note's lines). */
export function formatMoney(minor: number, currency: CurrencyCode, language: DocumentLanguage): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount ${minor} is not a safe integer of minor units`);
  const t = documentTranslator(language);
  const abs = Math.abs(minor);
  const units = grouped(String(Math.floor(abs / MINOR_PER_UNIT)), t("format.group"));
  const fraction = String(abs % MINOR_PER_UNIT).padStart(2, "0");
  const amount = `${minor < 0 ? "-" : ""}${units}${t("format.decimal")}${fraction}`;
  return t("format.money", { amount, currency: t(`currency.${currency}`) });
}

/** A rate in basis points as a percentage: 1200 → "12 %", 550 → "5,5 %". */
export function formatPercent(basisPoints: number, language: DocumentLanguage): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new RangeError(`rate ${basisPoints} is not >= 0`);
  const t = documentTranslator(language);
  const hundredths = basisPoints % 100;
  const decimals = hundredths ? t("format.decimal") + String(hundredths).padStart(2, "0").replace(/0$/, "") : "";
  return t("format.percent", { value: `${Math.floor(basisPoints / 100)}${decimals}` });
}

/** A calendar date (YYYY-MM-DD). */
export function formatDate(date: string, language: DocumentLanguage): string {
  if (dayNumber(date) === undefined) throw new RangeError(`"${date}" is not a calendar date`);
  const [yyyy, mm, dd] = date.split("-");
  return documentTranslator(language)("format.date", { yyyy, mm, dd, m: Number(mm), d: Number(dd) });
}

/** Two calendar dates as a range, "12. 3. 2026 – 15. 3. 2026". */
export function formatDateRange(from: string, to: string, language: DocumentLanguage): string {
  return documentTranslator(language)("format.range", {
    from: formatDate(from, language),
    to: formatDate(to, language),
  });
}
