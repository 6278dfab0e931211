/**
 * Dates and deadlines as the customer reads them, one function each for the status page, the e-mails and the
 * documents alike, so a deadline is stated the same wherever it appears. The month is named as Intl names it in a
 * date ("12 maja", the genitive, never the bare "maj"); Node's bundled ICU makes that the same on every server.
 * Everything here runs on the server: the browser only ever shows the finished text.
 */

import type { Language } from "../route-table";
import { utcMidnightOf } from "../calendar-date";
import { localeTags } from "./locale-tags";

const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
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
