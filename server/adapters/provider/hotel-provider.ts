/**
 * What the shop needs from a hotel provider (the booking portal): turn a hotel page link into the provider's hotel
 * id, tell which rooms a hotel offers for a stay and at what price, book the rooms a customer paid for and cancel
 * such a booking. Two implementations: the deterministic
 * simulator (the embedded default) and the Booking.com Demand API v3 adapter; configuration picks one.
 *
 * Everything here is plain data. Money is an integer of minor units (haléře, grosze) in the currency asked for;
 * dates of a stay are calendar dates (YYYY-MM-DD), instants are `Date`s. What an offer is made of (hotel, rooms,
 * products, charges) is the domain's vocabulary (domain/hotel-offer.ts), which every adapter answers in.
 */

import type { ProviderAvailability } from "../../domain/hotel-offer";
import type { CurrencyCode } from "../../domain/products";

/** A hotel page on the booking portal, as `parseBookingLink` reads it. */
export interface HotelLink {
  /** Lowercase two-letter country code from the path, e.g. "cz". */
  readonly countryCode: string;
  /** Lowercase hotel slug, e.g. "hotel-paris-prague". */
  readonly slug: string;
  /** https://www.booking.com/hotel/{cc}/{slug}.html */
  readonly url: string;
}

/** A share link from the portal's app, as `parseBookingLink` reads it. */
export interface ShareLink {
  /** The code after "Share-", e.g. "AbC123x". */
  readonly code: string;
  /** https://www.booking.com/Share-{code} */
  readonly url: string;
}

/** The language the provider should describe the hotel in. */
export type ProviderLanguage = "cs" | "pl" | "en";

export interface StaySearch {
  readonly hotelId: string;
  /** The link the hotel id was resolved from, when the shop knows it; the simulator names its hotels after it. */
  readonly link?: HotelLink;
  /** YYYY-MM-DD, a calendar date in the hotel's own time zone. */
  readonly checkIn: string;
  /** YYYY-MM-DD, after checkIn. */
  readonly checkOut: string;
  readonly rooms: number;
  readonly adults: number;
  /** One age (0 to 17) per child. */
  readonly childrenAges: readonly number[];
  /** Prices come back in this currency: the market currency of the shop variant. */
  readonly currency: CurrencyCode;
  readonly language: ProviderLanguage;
}

/**
 * Why the provider could not answer, each with its own message for the customer (SPEC §8):
 * - `property_not_found`: the link names no property the provider knows;
 * - `hotel_not_found`: the hotel id is unknown to the provider;
 * - `hotel_unavailable`: the hotel exists but cannot be booked through the shop;
 * - `nothing_available`: nothing is free in the chosen term;
 * - `date_not_bookable`: the provider takes no bookings for these dates at all (too far ahead, too long a stay);
 * - `booking_refused`: the provider will not make (or cancel) a booking: the rooms sold out, the stay costs more than
 *   the shop sold it for, or the provider said no; final, asking again gets the same answer;
 * - `timeout`: the provider did not answer before the deadline;
 * - `failed`: anything else (an outage, a refused request, an answer we cannot read).
 */
export type ProviderErrorKind =
  | "property_not_found"
  | "hotel_not_found"
  | "hotel_unavailable"
  | "nothing_available"
  | "date_not_bookable"
  | "booking_refused"
  | "timeout"
  | "failed";

/** Who the booking is for, as the order form gave it. */
export interface BookingBooker {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  /** Two-letter country code of the booker's address, lowercase, e.g. "cz"; may be empty when unknown. */
  readonly countryCode: string;
}

export interface BookingRequest {
  /**
   * The shop's order id (UUID). The provider keeps at most one booking per reference: asking again with the same
   * reference answers the booking already made, never a second one.
   */
  readonly reference: string;
  readonly hotelId: string;
  /** YYYY-MM-DD */
  readonly checkIn: string;
  readonly checkOut: string;
  readonly adults: number;
  readonly childrenAges: readonly number[];
  /** One entry per room; a product booked twice is listed twice. */
  readonly productIds: readonly string[];
  readonly currency: CurrencyCode;
  readonly language: ProviderLanguage;
  /**
   * What the shop sold the rooms for (sum of their discounted prices), minor units: the provider refuses to book when
   * the stay now costs more.
   */
  readonly expectedPrice: number;
  readonly booker: BookingBooker;
  /** The customer's note for the hotel; may be empty. */
  readonly remarks: string;
}

export interface ProviderBooking {
  /** The provider's id of the booking (the portal's order id); what a cancellation names. */
  readonly bookingRef: string;
}

export class ProviderError extends Error {
  /** The HTTP status of the provider's answer that the failure was read from, if it answered one. */
  readonly httpStatus?: number;

  constructor(readonly kind: ProviderErrorKind, message: string, options?: { cause?: unknown; httpStatus?: number }) {
    super(message, options);
    this.name = "ProviderError";
    this.httpStatus = options?.httpStatus;
  }
}

export interface HotelProvider {
  /** For logs and the info panel, e.g. "simulator" or "booking-demand-api". */
  readonly name: string;
  /**
   * The provider's id of the hotel a page link shows. Throws a ProviderError: `property_not_found` when the link
   * names no property, `timeout` when the signal aborts, `failed` otherwise.
   */
  resolveHotel(link: HotelLink, signal: AbortSignal): Promise<string>;
  /**
   * The absolute address a share link leads to (a hotel page with its search, if the link is any good); the caller
   * reads it. Throws a ProviderError: `property_not_found` when the share link leads nowhere, `timeout` when the
   * signal aborts, `failed` otherwise.
   */
  resolveShareLink(share: ShareLink, signal: AbortSignal): Promise<string>;
  /**
   * The rooms and products free for the stay. Throws a ProviderError for every failure; `timeout` when the signal
   * aborts before the provider answers.
   */
  availability(search: StaySearch, signal: AbortSignal): Promise<ProviderAvailability>;
  /**
   * Books the rooms. Idempotent on `request.reference`. Throws ProviderError: `booking_refused` when the provider will
   * not book (sold out, dearer, refused) — final, do not retry; `timeout`/`failed` for transient trouble — worth
   * retrying.
   */
  book(request: BookingRequest, signal: AbortSignal): Promise<ProviderBooking>;
  /**
   * Cancels a booking made by `book`. Cancelling an already cancelled booking succeeds. Throws ProviderError
   * `timeout`/`failed` on transient trouble, `booking_refused` when the provider refuses to cancel.
   */
  cancelBooking(bookingRef: string, signal: AbortSignal): Promise<void>;
}

/** The search that finds the offer being booked: one room per product entry, the party as the order gave it. */
export function staySearchOf(request: BookingRequest): StaySearch {
  return {
    hotelId: request.hotelId,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    rooms: request.productIds.length,
    adults: request.adults,
    childrenAges: request.childrenAges,
    currency: request.currency,
    language: request.language,
  };
}

/** How many rooms of each product a booking asks for (a product booked twice is listed twice). */
export function roomCounts(productIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const productId of productIds) counts.set(productId, (counts.get(productId) ?? 0) + 1);
  return counts;
}
