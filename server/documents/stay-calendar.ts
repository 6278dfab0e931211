/**
 * A booked stay as an iCalendar file (RFC 5545), for the customer's calendar: one event from check-in to check-out at
 * the hotel, with the booking and order numbers and the order's status page, in the order's language. Written by the
 * `ics` package, which escapes the texts and folds the long lines.
 */

import { createEvents, type EventAttributes } from "ics";
import { dayNumber, isoDate } from "../../shared/calendar-date";
import { formatDate } from "./format";
import { type DocumentLanguage, documentTranslator } from "./texts";

export interface StayCalendar {
  /**
   * The event's UID, the same every time the order's file is made: a calendar that imports it again (a second
   * download, the e-mail's copy) updates its event rather than adding another.
   */
  readonly uid: string;
  /** The shop's name in the variant, e.g. "Dovolená za benefity". */
  readonly brand: string;
  readonly orderNumber: string;
  /** The hotel provider's number of the booking, what the guest quotes at the reception; absent while unknown. */
  readonly bookingReference?: string;
  readonly hotel: {
    readonly name: string;
    /** Its address as lines, e.g. ["Dlouhá 1", "110 00 Praha", "Česko"]. */
    readonly address: readonly string[];
    readonly coordinates?: { readonly latitude: number; readonly longitude: number };
  };
  /** YYYY-MM-DD */
  readonly checkIn: string;
  /** YYYY-MM-DD */
  readonly checkOut: string;
  /** The order's status page: what the event links to. */
  readonly statusUrl: string;
  /** When the file is made, by the one clock: its DTSTAMP. */
  readonly madeAt: Date;
}

/** What a calendar file is served and attached as. */
export const calendarContentType = "text/calendar; charset=utf-8";

/**
 * The stay as the text of an .ics file: one VEVENT.
 *
 * The shop knows the stay's days but not the hotel's check-in and check-out hours (neither the simulator nor the
 * Demand API answer it keeps carries them), so the event is all-day: DTSTART and DTEND are DATE values, days of no
 * time zone, which a customer whose calendar is set to another zone (a trip planned from London or New York) sees on
 * the same days. Hours made up and written as instants (midnight in Prague) would show there on the evening before.
 * Were the hotel's hours ever kept, the event would be timed, as UTC instants computed in the market's zone
 * (marketTimeZones), right wherever they are read. An all-day DTEND is exclusive (RFC 5545 §3.6.1): it is the day after
 * check-out, so the calendar shows the departure day too, as the guest spends part of it there. The texts name check-in
 * and check-out by their dates, so nobody has to know that rule.
 */
export function stayCalendarText(stay: StayCalendar, language: DocumentLanguage): string {
  const t = documentTranslator(language);
  const description = [
    t("calendar.checkIn", { date: formatDate(stay.checkIn, language) }),
    t("calendar.checkOut", { date: formatDate(stay.checkOut, language) }),
    ...(stay.bookingReference ? [t("calendar.bookingReference", { reference: stay.bookingReference })] : []),
    t("calendar.orderNumber", { number: stay.orderNumber, brand: stay.brand }),
    t("calendar.statusPage", { url: stay.statusUrl }),
  ];
  const { coordinates } = stay.hotel;
  // DTSTAMP from the one clock: the package's own default would read the system's.
  const event: EventAttributes & { timestamp: number } = {
    uid: stay.uid,
    title: t("calendar.summary", { hotel: stay.hotel.name }),
    start: dateArray(stay.checkIn),
    end: dateArray(isoDate(dayOf(stay.checkOut) + 1)),
    location: [stay.hotel.name, ...stay.hotel.address].join(", "),
    ...(coordinates ? { geo: { lat: coordinates.latitude, lon: coordinates.longitude } } : {}),
    description: description.join("\n"),
    url: stay.statusUrl,
    status: "CONFIRMED",
    timestamp: stay.madeAt.getTime(),
  };
  const { error, value } = createEvents([event], { productId: `-//${stay.brand}//${language.toUpperCase()}` });
  if (error || !value) {
    throw new Error(`The calendar of order ${stay.orderNumber} could not be written`, { cause: error });
  }
  return value;
}

function dayOf(date: string): number {
  const day = dayNumber(date);
  if (day === undefined) throw new RangeError(`"${date}" is not a calendar date`);
  return day;
}

/** A calendar date as the package's DATE value, [year, month, day]: never read as an instant in any zone. */
function dateArray(date: string): [number, number, number] {
  const [year, month, day] = isoDate(dayOf(date)).split("-").map(Number);
  return [year!, month!, day!];
}
