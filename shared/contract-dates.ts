import { timestampFromMs, timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import { utcDateOf, utcMidnightOf } from "./calendar-date";

/**
 * Calendar dates as the contract carries them, for the api and the web alike: a stay date is the instant 00:00 UTC of
 * its day, and a timestamp stands for its UTC day whatever its time of day.
 */
export function timestampOfDate(date: string): Timestamp {
  return timestampFromMs(utcMidnightOf(date));
}

/** The calendar date a timestamp stands for, or "" when it is unset (a link without dates). */
export function dateOfTimestamp(timestamp: Timestamp | undefined): string {
  return timestamp ? utcDateOf(timestampMs(timestamp)) : "";
}
