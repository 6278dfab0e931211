/**
 * Money, dates and deadlines as the customer reads them, in one module for the screens, the e-mails and the documents,
 * so an amount or a deadline is stated the same wherever it appears. The month is named as Intl names it in a date
 * ("12 maja", the genitive, never the bare "maj"); Node's bundled ICU makes that the same on every server.
 * Everything here runs on the server: the browser only ever shows the finished text.
 */

import type { Language } from "./route-table";
import { utcMidnightOf } from "./calendar-date";

/** The BCP 47 tag Intl formats each language with: Czech and Polish as written in their countries, British English. */
export const localeTags: Readonly<Record<Language, string>> = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" };

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<Format extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => Format): Format {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as Format;
}

/**
 * A calendar date (YYYY-MM-DD) with its month's name: "1. března 2026", "1 marca 2026", "1 March 2026"; with the
 * weekday for stay dates ("ne 1. března 2026").
 */
export function formatCalendarDate(date: string, language: Language, options: { weekday?: boolean } = {}): string {
  const instant = utcMidnightOf(date);
  if (Number.isNaN(instant)) throw new RangeError(`"${date}" is not a calendar date`);
  const weekday = options.weekday === true;
  const format = cached(
    `date ${language} ${weekday}`,
    () =>
      new Intl.DateTimeFormat(localeTags[language], {
        weekday: weekday ? "short" : undefined,
        day: "numeric",
        month: "long",
        year: "numeric",
        // A calendar date is its UTC midnight; read in UTC it is the same day everywhere.
        timeZone: "UTC",
      })
  );
  return format.format(instant);
}

/**
 * An instant a customer must act by, with its date, time to the minute and zone, on the clock of the zone given
 * (the market's): "28. listopadu 2026 v 23:59 SEČ", "28 listopada 2026 23:59 CET", "28 November 2026 at 23:59 CET".
 * The zone's name says whether summer time applies (SELČ, CEST), so an hour a switch repeats is never ambiguous.
 * Seconds are cut off, never rounded up: a deadline is not stated later than it is.
 */
export function formatDeadline(instant: Date, language: Language, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("an invalid date is no deadline");
  const format = cached(
    `deadline ${language} ${timeZone}`,
    () =>
      new Intl.DateTimeFormat(localeTags[language], {
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
        timeZone,
      })
  );
  return format.format(instant);
}

/**
 * Minor units as a price is shown on the screens: whole amounts without decimals ("9 108 Kč", "PLN 1"), others with
 * both ("12 345,50 zł").
 */
export function moneyFormatter(language: Language, currency: string): (minor: number) => string {
  const whole = cached(
    `money ${language} ${currency}`,
    () =>
      new Intl.NumberFormat(localeTags[language], {
        style: "currency",
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      })
  );
  const exact = cached(
    `screen money ${language} ${currency}`,
    () => new Intl.NumberFormat(localeTags[language], { style: "currency", currency, minimumFractionDigits: 2 })
  );
  // The one division, for display only: formatting to 2 decimals rounds the float back to the exact minor units.
  return (minor) => (minor % 100 === 0 ? whole : exact).format(minor / 100);
}

/**
 * Minor units with both decimals, as a payment instruction needs: "12 345,50 Kč", "1 234,00 zł", "CZK 12,345.50".
 * Grouping always, where Polish would leave 4-digit amounts ungrouped. The spaces are non-breaking.
 */
export function formatExactMoney(minor: number, currency: string, language: Language): string {
  const format = cached(
    `exact money ${language} ${currency}`,
    () =>
      new Intl.NumberFormat(localeTags[language], {
        style: "currency",
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: "always",
      })
  );
  // The one division, for display only: formatting to 2 decimals rounds the float back to the exact minor units.
  return format.format(minor / 100);
}

const currencySymbols = new Map<string, string>();

/**
 * The currency's sign as prices show it in the language: "Kč", "zł", or "CZK" in English. Found once per language and
 * currency: every page's formats carry it (view-formats.server.ts), and formatting a price to parts to find it cost
 * each page about as much as formatting its dates.
 */
export function currencySymbol(language: Language, currency: string): string {
  const key = `${language} ${currency}`;
  let symbol = currencySymbols.get(key);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(localeTags[language], { style: "currency", currency }).formatToParts(0);
    symbol = parts.find((part) => part.type === "currency")?.value ?? currency;
    currencySymbols.set(key, symbol);
  }
  return symbol;
}

/** A guests' review score with at most one decimal: "8,7", "8.7". */
export function formatScore(score: number, language: Language): string {
  const format = cached(
    `score ${language}`,
    () => new Intl.NumberFormat(localeTags[language], { maximumFractionDigits: 1 })
  );
  return format.format(score);
}

/** A rate in basis points as a percentage: 690 is "6,9 %" in Czech, "6,9%" in Polish, "6.9%" in English. */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  const format = cached(
    `percent ${language}`,
    () => new Intl.NumberFormat(localeTags[language], { style: "percent", maximumFractionDigits: 2 })
  );
  return format.format(basisPoints / 10_000);
}

/** An IBAN in groups of four, for reading aloud and copying by eye. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}
