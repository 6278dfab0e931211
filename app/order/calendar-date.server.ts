import { timestampFromMs, timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import { utcDateOf, utcMidnightOf } from "../../shared/calendar-date";

/** Stay dates as the contract carries them: the instant 00:00 UTC of the calendar day (see the domain's module). */

export function timestampOfDate(date: string): Timestamp {
  return timestampFromMs(utcMidnightOf(date));
}

/** The calendar date a timestamp stands for, or "" when it is unset (a link without dates). */
export function dateOfTimestamp(timestamp: Timestamp | undefined): string {
  return timestamp ? utcDateOf(timestampMs(timestamp)) : "";
}
