import { timestampDate, timestampFromMs, type Timestamp } from "@bufbuild/protobuf/wkt";

/**
 * Stay dates are calendar dates (YYYY-MM-DD); the contract carries them as timestamps at 00:00 UTC of that day.
 * Working in UTC keeps the date the same whatever time zone the server runs in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  // Date.parse rolls 2027-02-30 over to March; a real date survives the round trip.
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text);
}

export function timestampOfDate(date: string): Timestamp {
  return timestampFromMs(Date.parse(`${date}T00:00:00Z`));
}

/** The calendar date a timestamp stands for, or "" when it is unset (a link without dates). */
export function dateOfTimestamp(timestamp: Timestamp | undefined): string {
  return timestamp ? timestampDate(timestamp).toISOString().slice(0, 10) : "";
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);
}
