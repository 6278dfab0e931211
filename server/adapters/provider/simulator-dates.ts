/**
 * Calendar arithmetic for the simulator, on the domain's day numbers: weekdays and seasons price a night, and a
 * search's dates are read in the hotel's time zone.
 */

import { calendarDateIn, DAY_MS, dayNumber } from "../../../shared/calendar-date";

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
