/**
 * Calendar arithmetic for the simulator, on the domain's day numbers: weekdays and seasons price a night, and
 * cancellation deadlines fall at a wall-clock time in the hotel's time zone.
 */

import { calendarDateIn, DAY_MS, dayNumber } from "../../domain/calendar-date";

/** 0 is Sunday, 5 Friday, 6 Saturday. */
export function weekday(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}

/** Month 1 to 12 and day of month. */
export function monthDay(day: number): { month: number; dayOfMonth: number } {
  const date = new Date(day * DAY_MS);
  return { month: date.getUTCMonth() + 1, dayOfMonth: date.getUTCDate() };
}

/** The calendar date an instant falls on in a time zone, as a day number. */
export function localDay(instant: Date, timeZone: string): number {
  return dayNumber(calendarDateIn(instant, timeZone)) ?? Number.NaN;
}

/** The instant of a wall-clock time on a day in a time zone, e.g. 23:59 in Prague on the day before check-in. */
export function localInstant(day: number, hour: number, minute: number, timeZone: string): Date {
  const wallClock = day * DAY_MS + (hour * 60 + minute) * 60_000;
  const firstGuess = wallClock - offsetMs(new Date(wallClock), timeZone);
  // The offset at the guess is the right one unless a daylight-saving switch lies between the two instants.
  return new Date(wallClock - offsetMs(new Date(firstGuess), timeZone));
}

/** How far a time zone's clocks run ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  // "GMT+02:00", "GMT-03:30", or plain "GMT" for UTC itself.
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -minutes : minutes) * 60_000;
}
