/**
 * Availability: the hotel's content and its priced products, asked for in parallel.
 */

import { createHash } from "node:crypto";
import type { CurrencyCode } from "../../../domain/products";
import { availabilityAnswer, detailsAnswer, type BookingAccommodation, type BookingAvailability } from "./shapes";
import type { ProviderAvailability } from "../../../domain/hotel-offer";
import { ProviderError, type ProviderErrorKind, type StaySearch } from "../hotel-provider";
import { type Client, settle } from "./http";
import { API_LANGUAGE, languagesFor, placeOf, toHotel, toRooms } from "./mapping";
import type { Deps } from "./options";

/** Prices and taxes shown depend on the booker's country; each market currency belongs to one market. */
export const BOOKER_COUNTRY: Record<CurrencyCode, string> = { CZK: "cz", PLN: "pl" };

/** The contract's request id length (SPEC, RequestMeta.id). */
const REQUEST_ID_LENGTH = 25;

export async function findAvailability(
  deps: Deps,
  search: StaySearch,
  signal: AbortSignal
): Promise<ProviderAvailability> {
  const accommodation = accommodationId(search.hotelId);
  const language = API_LANGUAGE[search.language];
  const [details, offer, chargeKinds] = await Promise.all([
    settle(fetchAccommodation(deps.client, accommodation, language, signal)),
    settle(fetchOffer(deps.client, accommodation, search, signal)),
    settle(deps.reference.charges(language, signal)),
  ]);
  const priced = details instanceof ProviderError ? offer : refusedKnownHotel(offer);
  if (details instanceof ProviderError || priced instanceof ProviderError || chargeKinds instanceof ProviderError) {
    throw mostTelling([details, priced, chargeKinds]);
  }
  const answeredAt = deps.now();
  if (priced.data.currency !== search.currency) {
    throw new ProviderError("failed", `Booking.com priced in ${priced.data.currency}, not ${search.currency}`);
  }
  const rooms = toRooms(priced.data.products ?? [], details, chargeKinds, language, deps.log);
  if (rooms.length === 0) {
    // Products the shop cannot sell are as good as none for the visitor; each was logged with its reason.
    throw new ProviderError(
      "nothing_available",
      `Booking.com offers nothing the shop can sell in hotel ${accommodation}`
    );
  }
  const place = await placeOf(deps.reference, details, language, signal);
  return {
    requestId: shopRequestId(priced.request_id),
    answeredAt,
    hotel: toHotel(details, search.hotelId, language, place),
    rooms,
  };
}

/** Booking.com hotel ids are positive integers; anything else cannot name one of its hotels. */
export function accommodationId(hotelId: string): number {
  if (!/^[1-9]\d{0,11}$/.test(hotelId)) {
    throw new ProviderError("hotel_not_found", `"${hotelId}" is not a Booking.com hotel id`);
  }
  return Number(hotelId);
}

async function fetchAccommodation(
  client: Client,
  accommodation: number,
  language: string,
  signal: AbortSignal
): Promise<BookingAccommodation> {
  const body = { accommodations: [accommodation], extras: ["photos", "rooms"], languages: languagesFor(language) };
  const answer = await client.post("/accommodations/details", body, detailsAnswer, signal);
  const found = answer.data.find((candidate) => candidate.id === accommodation);
  // The details endpoint filters: an id it does not know simply yields no entry.
  if (found === undefined) throw new ProviderError("hotel_not_found", `Booking.com knows no hotel ${accommodation}`);
  return found;
}

export function fetchOffer(
  client: Client,
  accommodation: number,
  search: StaySearch,
  signal: AbortSignal
): Promise<BookingAvailability> {
  const body = {
    accommodation,
    booker: { country: BOOKER_COUNTRY[search.currency], platform: "desktop" },
    checkin: search.checkIn,
    checkout: search.checkOut,
    currency: search.currency,
    extras: ["extra_charges"],
    guests: {
      number_of_adults: search.adults,
      number_of_rooms: search.rooms,
      children: [...search.childrenAges],
    },
  };
  return client.post("/accommodations/availability", body, availabilityAnswer, signal);
}

/**
 * The content endpoint knows the hotel, so the availability endpoint refusing it as unknown means the hotel exists
 * but cannot be booked (closed, or not open to this affiliate account); the documentation names no error for this.
 */
function refusedKnownHotel<T>(offer: T | ProviderError): T | ProviderError {
  if (!(offer instanceof ProviderError) || offer.kind !== "hotel_not_found") return offer;
  return new ProviderError("hotel_unavailable", `The hotel cannot be booked: ${offer.message}`, { cause: offer });
}

/** When several requests fail, the failure that tells the visitor most; a timeout or outage hides the rest. */
const FAILURE_ORDER: readonly ProviderErrorKind[] = [
  "timeout",
  "failed",
  "hotel_not_found",
  "property_not_found",
  "hotel_unavailable",
  "date_not_bookable",
  "nothing_available",
  "booking_refused",
];

/** Called with at least one failure among the outcomes. */
function mostTelling(outcomes: readonly unknown[]): ProviderError {
  const rank = (failure: ProviderError) => FAILURE_ORDER.indexOf(failure.kind);
  return outcomes
    .filter((outcome): outcome is ProviderError => outcome instanceof ProviderError)
    .reduce((best, failure) => (rank(failure) < rank(best) ? failure : best));
}

/** Booking.com's request ids are 26-character ULIDs; the contract wants 25, so longer or shorter ids are hashed. */
function shopRequestId(bookingRequestId: string): string {
  if (bookingRequestId.length === REQUEST_ID_LENGTH) return bookingRequestId;
  return createHash("sha256").update(bookingRequestId).digest("hex").slice(0, REQUEST_ID_LENGTH);
}
