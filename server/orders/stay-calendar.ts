/**
 * A booked stay's calendar file (server/documents/stay-calendar.ts), made from the stored order: what the status page
 * offers to download and the booking's confirmation e-mail carries. Which orders have one is the domain's rule
 * (documentsOf: while the hotel holds the room).
 */

import type { Config } from "../config";
import { calendarContentType, stayCalendarText, type StayCalendar } from "../documents/stay-calendar";
import { documentTranslator } from "../documents/texts";
import type { StoredOrder } from "../stores/orders";
import { orderStatusUrl } from "./shop-links";
import { shopNames } from "./supplier";

/** What the calendar's event says of the order, made at `now`. */
export function stayCalendarOf(order: StoredOrder, config: Config, now: Date): StayCalendar {
  const { hotel, stay } = order.summary;
  const { streetNumber, postalCode, city, country } = hotel.address;
  const town = [postalCode, city].map((part) => part.trim()).filter(Boolean);
  return {
    // The order's id: it never changes, so every copy of the file is the same event. Not the shop's host, which
    // differs by variant and configuration and would make a copy fetched elsewhere an event of its own.
    uid: `stay-${order.id}`,
    brand: shopNames[order.product],
    orderNumber: order.orderNumber,
    ...(order.bookingRef ? { bookingReference: order.bookingRef } : {}),
    hotel: {
      name: hotel.name,
      address: [streetNumber.trim(), town.join(" "), country.trim()].filter(Boolean),
      ...(hotel.coordinates ? { coordinates: hotel.coordinates } : {}),
    },
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    // Without the owner key: a calendar's events are synced and shared with others, and that key changes the order
    // (decision 041); the page itself reads it all.
    statusUrl: orderStatusUrl(config, order),
    madeAt: now,
  };
}

/** The stay's .ics file in the order's language ("pobyt-26000042.ics"), made at `now`. */
export function stayCalendarFile(
  order: StoredOrder,
  config: Config,
  now: Date
): { fileName: string; contentType: string; content: Uint8Array } {
  const language = order.language;
  return {
    fileName: documentTranslator(language)("fileName.stay-calendar", { number: order.orderNumber }),
    contentType: calendarContentType,
    content: new TextEncoder().encode(stayCalendarText(stayCalendarOf(order, config, now), language)),
  };
}
