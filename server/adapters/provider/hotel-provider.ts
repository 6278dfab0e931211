/**
 * What the shop needs from a hotel provider (the booking portal): turn a hotel page link into the provider's hotel
 * id, tell which rooms a hotel offers for a stay and at what price, book the rooms a customer paid for and cancel
 * such a booking. Two implementations: the deterministic
 * simulator (the embedded default) and the Booking.com Demand API v3 adapter; configuration picks one.
 *
 * Everything here is plain data. Money is an integer of minor units (haléře, grosze) in the currency asked for;
 * dates of a stay are calendar dates (YYYY-MM-DD), instants are `Date`s.
 */

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

export interface Photo {
  /** Absolute https URL, or a root-relative path for photos the shop serves itself. */
  readonly standardUrl: string;
  readonly largeUrl: string;
}

export interface ProviderHotel {
  readonly hotelId: string;
  readonly name: string;
  /** The hotel page on the portal. */
  readonly url: string;
  readonly coordinates?: { readonly latitude: number; readonly longitude: number };
  readonly address: {
    readonly streetNumber: string;
    readonly city: string;
    /** The country's name in the search's language, ready to show ("Česko", "Polska"). */
    readonly country: string;
    readonly postalCode: string;
  };
  readonly rating: {
    /** 0 or more. */
    readonly numberOfReviews: number;
    /** 0 to 10. */
    readonly reviewScore: number;
    /** 0 to 5. */
    readonly stars: number;
  };
  readonly photos: { readonly main?: Photo; readonly other: readonly Photo[] };
}

export type MealPlanKind = "no_plan" | "breakfast_included" | "half_board" | "full_board" | "all_inclusive";
export type MealKind = "breakfast" | "lunch" | "dinner";
export const dealKinds = [
  "black_friday",
  "limited_time_deal",
  "logged_in_deal",
  "mobile_rate",
  "seasonal_deal",
  "genius",
] as const;
export type DealKind = (typeof dealKinds)[number];
/** When a product is paid: with the order, online closer to the stay, or at the property. */
export type PaymentTiming = "online_now" | "online_later" | "at_property";
export type UnavailableReason = "card_payment_not_supported" | "not_payable_online";

/** The kinds of charge the shop names itself in the visitor's language (shared/i18n/messages: `chargeTypes`). */
export const chargeTypes = ["city_tax", "service_charge"] as const;
export type ChargeType = (typeof chargeTypes)[number];

export interface ExtraCharge {
  /** What the provider calls it, e.g. "City tax": shown where the charge has no type the shop names itself. */
  readonly name: string;
  readonly type?: ChargeType;
  /** 0 to 100 when the charge is a share of the price; absent for a fixed charge. */
  readonly percentage?: number;
  /** Minor units for the whole stay. */
  readonly amount: number;
  /** Paid online with the order; otherwise at the property. */
  readonly chargeableOnline: boolean;
}

export interface MaximumOccupancy {
  readonly adults: number;
  /** Adults and children together. */
  readonly total: number;
  /** Children whose age lies in a band take a child's place; older children count as adults. */
  readonly children: readonly { readonly total: number; readonly fromAge: number; readonly toAge: number }[];
}

/** One bookable offer for a room: a rate with its board, price and conditions, for the whole stay. */
export interface ProviderProduct {
  /** Shaped digits_digits. */
  readonly productId: string;
  readonly numberAvailableAtThisPrice: number;
  /** Absent when the product cannot be cancelled free of charge. */
  readonly freeCancellationUntil?: Date;
  /** Minor units for one room of this product for the whole stay, before and after the deals. */
  readonly publicPrice: number;
  readonly discountedPrice: number;
  /** At most 5. */
  readonly deals: readonly DealKind[];
  readonly extraCharges: readonly ExtraCharge[];
  readonly mealPlan: { readonly plan: MealPlanKind; readonly meals: readonly MealKind[] };
  readonly maximumOccupancy: MaximumOccupancy;
  /** At least one. */
  readonly paymentTimings: readonly PaymentTiming[];
  /** Set when the product cannot be ordered through the shop. */
  readonly unavailableReason?: UnavailableReason;
}

export interface ProviderRoom {
  readonly roomId: string;
  readonly name: string;
  readonly photo?: Photo;
  readonly products: readonly ProviderProduct[];
}

export interface ProviderAvailability {
  /** The provider's id of this answer, exactly 25 characters. */
  readonly requestId: string;
  readonly answeredAt: Date;
  readonly hotel: ProviderHotel;
  /** Never empty: a hotel with nothing to offer is a `nothing_available` error. */
  readonly rooms: readonly ProviderRoom[];
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
  constructor(readonly kind: ProviderErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderError";
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

/** How many rooms of each product a booking asks for (a product booked twice is listed twice). */
export function roomCounts(productIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const productId of productIds) counts.set(productId, (counts.get(productId) ?? 0) + 1);
  return counts;
}
