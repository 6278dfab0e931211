import { memoized } from "./memo";

/**
 * Calendar dates (YYYY-MM-DD), such as a stay's check-in: days, not instants. Arithmetic runs on day numbers (days
 * since 1970-01-01), so it needs no clock and no local time zone. The contract carries a calendar date as the
 * instant 00:00 UTC of its day, which is `dayNumber(date) * DAY_MS`.
 */

export const DAY_MS = 86_400_000;

/** The day number of a real YYYY-MM-DD date; undefined for anything else (2026-02-30, "tomorrow"). */
export function dayNumber(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return undefined;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
  // Date.UTC rolls 2026-02-30 over into March; a real date survives the round trip.
  return isoDate(day) === date ? day : undefined;
}

export function isCalendarDate(text: string): boolean {
  return dayNumber(text) !== undefined;
}

/** The YYYY-MM-DD of a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant's UTC day: how the contract's 00:00 UTC timestamps are read back. */
export function utcDateOf(ms: number): string {
  return isoDate(Math.floor(ms / DAY_MS));
}

/** The UTC midnight that stands for a calendar date in the contract. */
export function utcMidnightOf(date: string): number {
  return (dayNumber(date) ?? Number.NaN) * DAY_MS;
}

/** Nights between two real calendar dates. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return (dayNumber(checkOut) ?? Number.NaN) - (dayNumber(checkIn) ?? Number.NaN);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date an instant falls on in a time zone ("en-CA" formats as YYYY-MM-DD). */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const format = memoized(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
  );
  return format.format(instant);
}

/**
 * The instant a wall clock in a time zone shows a time of day on a day number, e.g. 23:59 in Prague. A time that
 * a daylight-saving switch skips or repeats (02:30 on the spring and autumn Sundays in Europe) resolves to one of
 * the instants around it; times near midnight, as deadlines use, are never such.
 */
export function zonedInstant(day: number, hour: number, minute: number, timeZone: string): Date {
  const wallClock = day * DAY_MS + (hour * 60 + minute) * 60_000;
  const instant = memoized(
    zonedInstants,
    `${timeZone} ${wallClock}`,
    () => {
      const firstGuess = wallClock - utcOffsetMs(new Date(wallClock), timeZone);
      // The offset at the guess is the right one unless a daylight-saving switch lies between the two instants.
      return wallClock - utcOffsetMs(new Date(firstGuess), timeZone);
    },
    ZONED_INSTANTS_KEPT
  );
  return new Date(instant);
}

/**
 * The instants zonedInstant found, kept: asking Intl for an offset costs as much as the rest of a deadline, and the
 * same few deadlines (the days of the stays being offered and ordered) are asked for again and again.
 */
const zonedInstants = new Map<string, number>();
const ZONED_INSTANTS_KEPT = 2000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far a time zone's clocks run ahead of UTC at an instant. */
export function utcOffsetMs(instant: Date, timeZone: string): number {
  const format = memoized(
    offsetFormats,
    timeZone,
    () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
  );
  const name = format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  // "GMT+02:00", "GMT-03:30", or plain "GMT" for UTC itself.
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -minutes : minutes) * 60_000;
}
