/**
 * The hotel provider backed by the Booking.com Demand API v3.1 (https://demandapi.booking.com/3.1).
 *
 * Documentation the requests and answers follow (shapes in ./shapes.ts):
 * - the v3.1 OpenAPI description, https://developers.booking.com/demand/docs/open-api/demand-api: POST
 *   /accommodations/availability, /accommodations/details, /accommodations/constants, /common/locations/cities and
 *   /common/locations/countries, their request and response schemas and examples;
 * - https://developers.booking.com/demand/docs/accommodations/accommodation-v3.1-quick-guide (booker, guests, extras);
 * - https://developers.booking.com/demand/docs/development-guide/authentication (`Authorization: Bearer <token>` and
 *   `X-Affiliate-Id` on every request);
 * - https://developers.booking.com/demand/docs/support/error-handling/about-errors, .../http-4xx-scenarios and
 *   .../error-codes (error body `{ request_id, errors: [{ id, message }] }`, 401/403 for credentials);
 * - https://developers.booking.com/demand/docs/development-guide/error-handling (rate limiting: past the partner's
 *   limit every request gets 429 for one minute);
 * - for booking: the same OpenAPI description's /orders/preview, /orders/create, /orders/details,
 *   /orders/details/accommodations and /orders/cancel (read as archived at
 *   https://github.com/api-evangelist/booking-com/blob/main/openapi/_original/booking-com-demand-api-3-1-openapi.yml),
 *   https://developers.booking.com/demand/docs/orders-api/order-preview-create (preview, then create with its
 *   `order_token`), https://developers.booking.com/demand/docs/orders-api/orders-faqs (the token lives 15 minutes;
 *   guests' name and email per product), https://developers.booking.com/demand/docs/payments/models/partner-collects
 *   and .../payments/payments-methods (a partner that has charged the traveller pays Booking.com with a virtual card),
 *   https://developers.booking.com/demand/docs/migration-guide/v3.2/orders/orders-cancel-v3.2 (the v3.1 cancel body
 *   `{ order, reason }` and its answer `{ data: { status } }`).
 *
 * Booking once per reference: /orders/create has no idempotency key or header. Its `accommodation.label` is free text
 * that /orders/details/accommodations gives back, and /orders/details lists orders by check-in date, so `book` first
 * reads the labels of the orders checking in that day and answers the order labelled with the reference, if any,
 * before it creates one. Limits: two calls for the same reference at the same moment can still both create (the
 * caller must not run them in parallel), and an order Booking.com has created but does not list yet is not found.
 *
 * Checking the price: the preview prices products by `base` (without the charges the law wants shown in the price)
 * and `total` (with every charge), not by the availability's `book` the shop sold them at, so `book` asks for the
 * offer again and compares `book` prices before it previews.
 *
 * Where the documentation is silent, the choices made here (each explained where it is made):
 * - which error ids mean "dates not bookable" or "unknown accommodation": the error codes page lists only generic ids
 *   (missing_parameter, conflicting_parameters…), so a 400 or 404 is read by the parameter its errors name;
 * - a hotel the content endpoint knows but the availability endpoint refuses is "hotel_unavailable" (closed, or not
 *   open to our affiliate account);
 * - the order endpoints document no error ids for "sold out", "price changed" or "refused": any 4xx but credentials,
 *   timeout and rate limit is read as Booking.com's final refusal (`bookingErrorKind`);
 * - nor what cancelling a cancelled order answers: a refused cancellation of an order whose details show it
 *   cancelled counts as done;
 * - the booker's address is only its country (the shop asks for no more); a hotel whose details say
 *   `booker_address_required` may refuse such an order;
 * - the city and country come as ids and codes; their names are looked up once and kept for the process's life.
 *
 * Product ids in the documented examples have five or six digit groups ("1000420_95127794_2_0_0"); the contract
 * takes any underscore-joined digit groups (`productIdPattern`), and drops others ("tpi-…") like any other product it
 * cannot carry.
 */

import { createHash } from "node:crypto";
import type * as z from "zod";
import { productIdPattern } from "../../../../shared/input-limits";
import type { CurrencyCode } from "../../../domain/products";
import {
  accommodationOrdersAnswer,
  availabilityAnswer,
  cancelAnswer,
  chargeTypesAnswer,
  citiesAnswer,
  countriesAnswer,
  createAnswer,
  detailsAnswer,
  errorAnswer,
  orderListAnswer,
  previewAnswer,
  type BookingAccommodation,
  type BookingAvailability,
  type BookingCharge,
  type BookingErrorAnswer,
  type BookingPhoto,
  type BookingPreview,
  type BookingProduct,
  type TranslatedString,
} from "./shapes";
import { resolveHotelIdFromPage } from "./page-resolver";
import {
  dealKinds,
  type DealKind,
  type ExtraCharge,
  type PaymentTiming,
  type Photo,
  type ProviderAvailability,
  type ProviderHotel,
  type ProviderProduct,
  type ProviderRoom,
} from "../../../domain/hotel-offer";
import {
  ProviderError,
  type BookingRequest,
  type HotelProvider,
  type ProviderBooking,
  type ProviderErrorKind,
  type ProviderLanguage,
  roomCounts,
  type StaySearch,
} from "../hotel-provider";

export interface BookingDemandApiOptions {
  /** E.g. "https://demandapi.booking.com/3.1". */
  readonly baseUrl: string;
  readonly token: string;
  /** Seven digits. */
  readonly affiliateId: string;
  /** The portal whose hotel pages resolve links; "https://www.booking.com" unless a test points elsewhere. */
  readonly portalUrl?: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  /** The longest Retry-After a 429 may ask for and still be waited out, once; 5 seconds unless set. */
  readonly maxRetryAfterMs?: number;
  /**
   * Issues the virtual card Booking.com charges for one booking: the shop has taken the customer's money and pays
   * Booking.com with a card its payment provider funds for exactly that charge. Without it, `book` can only create
   * orders whose preview requires no payment method.
   */
  readonly issueCard?: (charge: CardCharge, signal: AbortSignal) => Promise<PaymentCard>;
}

/** What one booking costs online, for the card that pays it. */
export interface CardCharge {
  /** The shop's order id the booking is for. */
  readonly reference: string;
  readonly currency: CurrencyCode;
  /** Minor units. */
  readonly amount: number;
}

export interface PaymentCard {
  readonly cardholder: string;
  readonly number: string;
  readonly cvc: string;
  /** YYYY-MM */
  readonly expiryDate: string;
}

/**
 * The caller's signal says when to give up but not how much time is left, and the api's provider deadline is 20 s by
 * default; a few seconds of waiting still leaves room for the retried request. Booking.com's documented block lasts a
 * minute, which no visitor waits out, so such a 429 fails at once.
 */
const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

const DEFAULT_PORTAL_URL = "https://www.booking.com";

/** Booking.com takes lowercase IETF tags; English is asked for as British English, the portal's default. */
const API_LANGUAGE: Record<ProviderLanguage, string> = { cs: "cs", pl: "pl", en: "en-gb" };
const FALLBACK_LANGUAGE = "en-gb";

/** Prices and taxes shown depend on the booker's country; each market currency belongs to one market. */
const BOOKER_COUNTRY: Record<CurrencyCode, string> = { CZK: "cz", PLN: "pl" };

/**
 * The contract's bounds on a product (SPEC, hotel.proto RoomProduct): a product outside them cannot be described to
 * the browser, so it is left out rather than bent to fit; a clamped number would promise rooms or beds that are not
 * there.
 */
const CONTRACT = {
  minAvailableAtThisPrice: 5,
  minAdults: 2,
  minTotalGuests: 4,
  minChildAge: 2,
  maxChildAge: 12,
  maxDeals: 5,
} as const;

/** The contract's request id length (SPEC, RequestMeta.id). */
const REQUEST_ID_LENGTH = 25;

const DEAL_KINDS: ReadonlySet<string> = new Set<DealKind>(dealKinds);

const PAYMENT_TIMINGS: Record<BookingProduct["policies"]["payment"]["timings"][number], PaymentTiming> = {
  pay_online_now: "online_now",
  pay_online_later: "online_later",
  pay_at_the_property: "at_property",
};

export function createBookingDemandApiProvider(options: BookingDemandApiOptions): HotelProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const client = createClient({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    token: options.token,
    affiliateId: options.affiliateId,
    fetch: fetchImpl,
    now,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
  });
  const deps: Deps = { client, reference: createReferenceData(client), now, issueCard: options.issueCard };
  const portal = { portalUrl: options.portalUrl ?? DEFAULT_PORTAL_URL, fetch: fetchImpl };
  return {
    name: "booking-demand-api",
    resolveHotel: (link, signal) => resolveHotelIdFromPage(link, portal, signal),
    availability: (search, signal) => findAvailability(deps, search, signal),
    book: (request, signal) => bookStay(deps, request, signal),
    cancelBooking: (bookingRef, signal) => cancelOrder(client, bookingRef, signal),
  };
}

interface Deps {
  readonly client: Client;
  readonly reference: ReferenceData;
  readonly now: () => Date;
  readonly issueCard: BookingDemandApiOptions["issueCard"];
}

// ---------------------------------------------------------------------------------------------------------------
// Availability: the hotel's content and its priced products, asked for in parallel.
// ---------------------------------------------------------------------------------------------------------------

async function findAvailability(deps: Deps, search: StaySearch, signal: AbortSignal): Promise<ProviderAvailability> {
  const accommodation = accommodationId(search.hotelId);
  const language = API_LANGUAGE[search.language];
  const [details, offer, chargeNames] = await Promise.all([
    settle(fetchAccommodation(deps.client, accommodation, language, signal)),
    settle(fetchOffer(deps.client, accommodation, search, signal)),
    settle(deps.reference.chargeNames(language, signal)),
  ]);
  const priced = details instanceof ProviderError ? offer : refusedKnownHotel(offer);
  if (details instanceof ProviderError || priced instanceof ProviderError || chargeNames instanceof ProviderError) {
    throw mostTelling([details, priced, chargeNames]);
  }
  const answeredAt = deps.now();
  if (priced.data.currency !== search.currency) {
    throw new ProviderError("failed", `Booking.com priced in ${priced.data.currency}, not ${search.currency}`);
  }
  const rooms = toRooms(priced.data.products ?? [], details, chargeNames, language);
  if (rooms.length === 0) {
    // Products the contract cannot carry are as good as none for the visitor.
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
function accommodationId(hotelId: string): number {
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

function fetchOffer(
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

// ---------------------------------------------------------------------------------------------------------------
// Mapping the answers to the shop's plain data.
// ---------------------------------------------------------------------------------------------------------------

interface Place {
  readonly city?: string;
  readonly country?: string;
}

async function placeOf(
  reference: ReferenceData,
  accommodation: BookingAccommodation,
  language: string,
  signal: AbortSignal
): Promise<Place> {
  const { city, country } = accommodation.location;
  const [cityName, countryName] = await Promise.all([
    city === undefined ? undefined : reference.cityName(city, language, signal),
    country === undefined ? undefined : reference.countryName(country, language, signal),
  ]);
  // The country code still names the country when its name is missing from the list.
  return { city: cityName, country: countryName ?? country?.toUpperCase() };
}

function toHotel(accommodation: BookingAccommodation, hotelId: string, language: string, place: Place): ProviderHotel {
  const name = inLanguage(accommodation.name, language);
  if (name === undefined) throw new ProviderError("failed", `Booking.com gave hotel ${hotelId} no name`);
  const { location, rating } = accommodation;
  return {
    hotelId,
    name,
    url: pageAddress(accommodation.url),
    ...(location.coordinates && {
      coordinates: { latitude: location.coordinates.latitude, longitude: location.coordinates.longitude },
    }),
    // The contract has no "unknown": an absent part of the address is empty, as the provider gave it.
    address: {
      streetNumber: inLanguage(location.address, language) ?? "",
      city: place.city ?? "",
      country: place.country ?? "",
      postalCode: location.postal_code ?? "",
    },
    // A hotel without reviews or stars has no score (null); 0 is the contract's "none".
    rating: {
      numberOfReviews: rating?.number_of_reviews ?? 0,
      reviewScore: rating?.review_score ?? 0,
      stars: rating?.stars ?? 0,
    },
    photos: hotelPhotos(accommodation.photos ?? []),
  };
}

/** The details url carries the affiliate id and search parameters; the contract wants the page itself. */
function pageAddress(url: string): string {
  const page = new URL(url);
  page.search = "";
  page.hash = "";
  return page.toString();
}

function hotelPhotos(photos: readonly BookingPhoto[]): ProviderHotel["photos"] {
  const main = photos.find((photo) => photo.main_photo === true);
  return {
    ...(main && { main: toPhoto(main) }),
    other: photos.filter((photo) => photo !== main).map(toPhoto),
  };
}

/** Room photos come in no particular order; the flagged main one, else the first, shows the room. */
function roomPhoto(photos: readonly BookingPhoto[]): Photo | undefined {
  const photo = photos.find((candidate) => candidate.main_photo === true) ?? photos[0];
  return photo && toPhoto(photo);
}

/** `standard` is Booking.com's photo at most 500 px wide, `large` at most 1280 px. */
function toPhoto(photo: BookingPhoto): Photo {
  return { standardUrl: photo.url.standard, largeUrl: photo.url.large };
}

/** Products grouped by room in Booking.com's order; a room the content does not describe cannot be shown. */
function toRooms(
  products: readonly BookingProduct[],
  accommodation: BookingAccommodation,
  chargeNames: ReadonlyMap<number, string>,
  language: string
): ProviderRoom[] {
  const described = describedRooms(accommodation, language);
  const rooms = new Map<number, RoomDescription & { products: ProviderProduct[] }>();
  for (const product of products) {
    const room = described.get(product.room);
    const mapped = toProduct(product, chargeNames);
    if (room === undefined || mapped === undefined) continue;
    const entry = rooms.get(product.room) ?? { ...room, products: [] };
    entry.products.push(mapped);
    rooms.set(product.room, entry);
  }
  return [...rooms.values()];
}

type RoomDescription = Omit<ProviderRoom, "products">;

function describedRooms(accommodation: BookingAccommodation, language: string): Map<number, RoomDescription> {
  const rooms = new Map<number, RoomDescription>();
  for (const room of accommodation.rooms ?? []) {
    const name = inLanguage(room.name, language);
    if (name === undefined) continue;
    const photo = roomPhoto(room.photos ?? []);
    rooms.set(room.id, { roomId: String(room.id), name, ...(photo && { photo }) });
  }
  return rooms;
}

/** The product as the shop sells it, or undefined when the contract cannot carry it. */
function toProduct(product: BookingProduct, chargeNames: ReadonlyMap<number, string>): ProviderProduct | undefined {
  // Booking.com documents product ids as opaque text; only the contract's shape can be ordered through the shop.
  if (!productIdPattern.test(product.id)) return undefined;
  const extraCharges = toExtraCharges(product.price.extra_charges?.excluded ?? [], chargeNames);
  if (extraCharges === undefined) return undefined;
  const deals = dealKindsOf(product.deal?.tags ?? []);
  const paymentTimings = product.policies.payment.timings.map((timing) => PAYMENT_TIMINGS[timing]);
  // `book` is the price Booking.com requires travellers be shown; the deal's public price is the same price before it.
  const discountedPrice = product.price.book;
  const publicPrice = product.deal?.public_price ?? discountedPrice;
  if (!withinContract(product, deals, paymentTimings, publicPrice)) return undefined;
  const { cancellation, meal_plan: mealPlan } = product.policies;
  const unavailableReason = orderability(paymentTimings);
  return {
    productId: product.id,
    numberAvailableAtThisPrice: product.number_available_at_this_price,
    ...(cancellation.type === "free_cancellation" &&
      cancellation.free_cancellation_until && {
        freeCancellationUntil: new Date(cancellation.free_cancellation_until),
      }),
    publicPrice,
    discountedPrice,
    deals,
    extraCharges,
    mealPlan: { plan: mealPlan.plan, meals: [...mealPlan.meals] },
    maximumOccupancy: {
      adults: product.maximum_occupancy.adults,
      total: product.maximum_occupancy.total,
      children: (product.maximum_occupancy.children ?? []).map((band) => ({
        total: band.total,
        fromAge: band.from_age,
        toAge: band.to_age,
      })),
    },
    paymentTimings,
    ...(unavailableReason && { unavailableReason }),
  };
}

function withinContract(
  product: BookingProduct,
  deals: readonly DealKind[],
  paymentTimings: readonly PaymentTiming[],
  publicPrice: number
): boolean {
  const occupancy = product.maximum_occupancy;
  return (
    product.number_available_at_this_price >= CONTRACT.minAvailableAtThisPrice &&
    occupancy.adults >= CONTRACT.minAdults &&
    occupancy.total >= CONTRACT.minTotalGuests &&
    (occupancy.children ?? []).every(
      (band) => band.from_age >= CONTRACT.minChildAge && band.to_age <= CONTRACT.maxChildAge
    ) &&
    deals.length <= CONTRACT.maxDeals &&
    paymentTimings.length > 0 &&
    // A "deal" that raises the price is no deal the shop can show.
    publicPrice >= product.price.book
  );
}

/** Deals the contract names, once each; a tag Booking.com adds later is dropped until the contract knows it. */
function dealKindsOf(tags: readonly string[]): DealKind[] {
  return [...new Set(tags)].filter((tag): tag is DealKind => DEAL_KINDS.has(tag));
}

/**
 * The shop takes the customer's money itself (benefit cards, personal cards, transfers) and pays Booking.com online
 * when it books. A product Booking.com lets pay only at the property would make the guest pay the hotel again, so
 * the shop cannot sell it; it is still listed, marked, so the visitor sees why it cannot be chosen. Booking.com's
 * online timings are charged to a card, which the shop always pays with, so "card_payment_not_supported" never
 * applies here.
 */
function orderability(timings: readonly PaymentTiming[]): "not_payable_online" | undefined {
  return timings.some((timing) => timing !== "at_property") ? undefined : "not_payable_online";
}

/**
 * The charges on top of `book`: `excluded` ones. `included` charges are already inside the price, and `conditional`
 * ones may never apply, so neither is a charge on top. Undefined when one cannot be shown: a charge without a name or
 * a computable amount (`incalculable`) cannot be told to the visitor, and hiding it would understate the price.
 */
function toExtraCharges(
  charges: readonly BookingCharge[],
  names: ReadonlyMap<number, string>
): ExtraCharge[] | undefined {
  const mapped: ExtraCharge[] = [];
  for (const charge of charges) {
    const name = names.get(charge.charge);
    const amount = charge.total_amount;
    const percentage = charge.mode === "percentage" ? charge.percentage ?? undefined : undefined;
    if (name === undefined || amount === undefined || amount === null) return undefined;
    if (percentage !== undefined && percentage > 100) return undefined;
    mapped.push({
      name,
      ...(percentage !== undefined && { percentage }),
      amount,
      // Not applicable (null) means the property collects it.
      chargeableOnline: charge.chargeable_online === true,
    });
  }
  return mapped;
}

/** The text in the asked language, else British English, else Booking.com's own fallback, else any. */
function inLanguage(text: TranslatedString | undefined, language: string): string | undefined {
  if (text === undefined) return undefined;
  const candidates = [text[language], text[FALLBACK_LANGUAGE], text["fallback"], ...Object.values(text)];
  return candidates
    .map((candidate) => candidate?.trim())
    .find((candidate) => candidate !== undefined && candidate !== "");
}

function languagesFor(language: string): string[] {
  return [...new Set([language, FALLBACK_LANGUAGE])];
}

// ---------------------------------------------------------------------------------------------------------------
// Booking: look for an order already made for the reference, check the offer, preview, create. Cancelling.
// ---------------------------------------------------------------------------------------------------------------

/** The orders Booking.com lists per request; pages beyond the last of these mean the lookup cannot be trusted. */
const ORDERS_PER_PAGE = 100;
const MAX_ORDER_PAGES = 20;

const CANCEL_REASON = "Cancelled by the shop that booked it on behalf of the traveller.";

/** `OrderCreatePaymentInput`, as far as the shop pays: online, with a virtual card or with no method named. */
interface OrderPayment {
  readonly timing: "pay_online_now" | "pay_online_later";
  readonly method?: "card";
  readonly card?: {
    readonly cardholder: string;
    readonly number: string;
    readonly cvc: string;
    readonly expiry_date: string;
    readonly authentication: { readonly sca_exemption: "virtual" };
  };
}

async function bookStay(deps: Deps, request: BookingRequest, signal: AbortSignal): Promise<ProviderBooking> {
  const accommodation = bookableAccommodation(request.hotelId);
  const existing = await findOrder(deps.client, request, accommodation, signal);
  if (existing !== undefined) return { bookingRef: existing };
  await checkOffer(deps.client, request, accommodation, signal);
  const preview = await previewOrder(deps.client, request, accommodation, signal);
  const payment = await paymentFor(deps, request, preview, signal);
  const body = createBody(request, preview.data.order_token, payment);
  const created = await deps.client.post("/orders/create", body, createAnswer, signal, bookingErrorKind);
  return { bookingRef: created.data.accommodation.order };
}

/** An id Booking.com cannot know gets the same refusal however often it is asked. */
function bookableAccommodation(hotelId: string): number {
  try {
    return accommodationId(hotelId);
  } catch (error) {
    throw asBookingFailure(error);
  }
}

/**
 * The order an earlier call made for this reference, found by its label among the orders checking in on the same
 * day: /orders/create takes no idempotency key, and the order list filters by dates, not by label, so the labels are
 * read from the accommodation details of each order of that day.
 */
async function findOrder(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<string | undefined> {
  const ids = await ordersCheckingIn(client, request.checkIn, request.currency, signal);
  for (let start = 0; start < ids.length; start += ORDERS_PER_PAGE) {
    const body = { orders: ids.slice(start, start + ORDERS_PER_PAGE), currency: request.currency };
    const answer = await client.post(
      "/orders/details/accommodations",
      body,
      accommodationOrdersAnswer,
      signal,
      lookupErrorKind
    );
    const found = answer.data.find(
      (order) => order.label === request.reference && order.accommodation === accommodation
    );
    if (found !== undefined) return found.id;
  }
  return undefined;
}

async function ordersCheckingIn(
  client: Client,
  checkIn: string,
  currency: CurrencyCode,
  signal: AbortSignal
): Promise<string[]> {
  const ids: string[] = [];
  let body: object = {
    start: { from: checkIn, to: checkIn },
    currency,
    services: ["accommodations"],
    maximum_results: ORDERS_PER_PAGE,
  };
  for (let page = 0; page < MAX_ORDER_PAGES; page += 1) {
    const answer = await client.post("/orders/details", body, orderListAnswer, signal, lookupErrorKind);
    ids.push(...answer.data.map((order) => order.id));
    const next = answer.metadata?.next_page;
    if (next === undefined || next === null || next === "") return ids;
    body = { page: next };
  }
  // Creating without having seen every order of the day could book the reference twice.
  throw new ProviderError("failed", `Booking.com lists more than ${MAX_ORDER_PAGES} pages of orders for ${checkIn}`);
}

/**
 * The preview prices products without the `book` price the shop sold them at (its `base` leaves out charges that
 * `book` includes), so the offer is asked for again, as the shop's search asked for it, and compared in the same
 * terms: every room a product still offered, payable online, with rooms enough, at no more than the shop sold them for.
 */
async function checkOffer(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<void> {
  if (request.productIds.length === 0) throw refused("The booking names no room");
  const search: StaySearch = {
    hotelId: request.hotelId,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    rooms: request.productIds.length,
    adults: request.adults,
    childrenAges: request.childrenAges,
    currency: request.currency,
    language: request.language,
  };
  const offer = await fetchOffer(client, accommodation, search, signal).catch((error: unknown) => {
    throw asBookingFailure(error);
  });
  if (offer.data.currency !== request.currency) {
    throw new ProviderError("failed", `Booking.com priced in ${offer.data.currency}, not ${request.currency}`);
  }
  const products = new Map((offer.data.products ?? []).map((product) => [product.id, product]));
  let price = 0;
  for (const [productId, count] of roomCounts(request.productIds)) {
    const product = products.get(productId);
    if (product === undefined) throw refused(`Booking.com no longer offers product ${productId}`);
    const timings = product.policies.payment.timings.map((timing) => PAYMENT_TIMINGS[timing]);
    if (orderability(timings) !== undefined) throw refused(`Product ${productId} cannot be paid online`);
    if (product.number_available_at_this_price < count) throw refused(`Too few rooms of ${productId} are left`);
    price += product.price.book * count;
  }
  if (price > request.expectedPrice) {
    throw refused(`The rooms now cost ${price}, more than the ${request.expectedPrice} they were sold for`);
  }
}

async function previewOrder(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<BookingPreview> {
  const rooms = allocations(request.adults, request.childrenAges, request.productIds.length);
  const body = {
    booker: { country: BOOKER_COUNTRY[request.currency], platform: "desktop" },
    currency: request.currency,
    accommodation: {
      id: accommodation,
      checkin: request.checkIn,
      checkout: request.checkOut,
      products: request.productIds.map((id, room) => ({ id, allocation: rooms[room] })),
    },
  };
  const preview = await client.post("/orders/preview", body, previewAnswer, signal, bookingErrorKind);
  // Booking.com previews a product that cannot hold its guests, naming who does not fit; it would not take them.
  if (preview.data.accommodation.products.some((product) => product.occupancy_mismatch)) {
    throw refused("Booking.com says the guests do not fit the rooms");
  }
  return preview;
}

/**
 * The guests split over the rooms as the shop's search priced them: adults as evenly as can be (each room needs one),
 * children dealt round the rooms in turn.
 */
function allocations(
  adults: number,
  childrenAges: readonly number[],
  rooms: number
): { number_of_adults: number; children: number[] }[] {
  if (adults < rooms) throw refused(`${adults} adults cannot take ${rooms} rooms`);
  return Array.from({ length: rooms }, (_, room) => ({
    number_of_adults: Math.floor(adults / rooms) + (room < adults % rooms ? 1 : 0),
    children: childrenAges.filter((_, child) => child % rooms === room),
  }));
}

/**
 * The shop has taken the customer's money, so it pays Booking.com online, now when it may: with a virtual card its
 * payment provider issues for the exact charge (the documented "partners collect the payment" flow), or with no
 * method at all where the preview requires none. A preview requiring a card with no issuer configured is the shop's
 * configuration to fix, after which the booking can be tried again, so it fails rather than refuses.
 */
async function paymentFor(
  deps: Deps,
  request: BookingRequest,
  preview: BookingPreview,
  signal: AbortSignal
): Promise<OrderPayment> {
  const online = preview.data.accommodation.general_policies?.payment;
  const timing: OrderPayment["timing"] | undefined = online?.pay_online_now
    ? "pay_online_now"
    : online?.pay_online_later
    ? "pay_online_later"
    : undefined;
  if (timing === undefined) throw refused("Booking.com takes no online payment for this order");
  const methodRequired = online?.[timing]?.method_required === true;
  if (deps.issueCard === undefined) {
    if (methodRequired) throw new ProviderError("failed", "Booking.com needs a payment card; no card issuer is set");
    return { timing };
  }
  const charge: CardCharge = {
    reference: request.reference,
    currency: request.currency,
    amount: chargeableOnline(preview, request.currency),
  };
  const card = await deps.issueCard(charge, signal).catch((error: unknown) => {
    throw signal.aborted ? timeoutFailure("the card issuer") : asProviderError(error);
  });
  return {
    timing,
    method: "card",
    card: {
      cardholder: card.cardholder,
      number: card.number,
      cvc: card.cvc,
      expiry_date: card.expiryDate,
      // A virtual card has no holder to authenticate; the documented exemption for it.
      authentication: { sca_exemption: "virtual" },
    },
  };
}

/** What Booking.com charges online for the whole order, in the shop's currency, minor units. */
function chargeableOnline(preview: BookingPreview, currency: CurrencyCode): number {
  const { currency: currencies, price } = preview.data.accommodation;
  const amounts = price?.chargeable_online;
  const amount =
    currencies.booker === currency
      ? amounts?.booker_currency
      : currencies.accommodation === currency
      ? amounts?.accommodation_currency
      : undefined;
  if (amount === undefined || amount === null) {
    throw new ProviderError("failed", `Booking.com's preview gives no online charge in ${currency}`);
  }
  return amount;
}

/**
 * The order itself: the preview's token stands for the stay and the products; the reference goes in the label, which
 * the order details give back, so a later call finds this order instead of creating another. Every room is in the
 * booker's name, the only guest the shop knows.
 */
function createBody(request: BookingRequest, orderToken: string, payment: OrderPayment): object {
  const { booker } = request;
  const guest = { email: booker.email, name: `${booker.firstName} ${booker.lastName}`.trim() };
  const country = /^[a-z]{2}$/.test(booker.countryCode) ? booker.countryCode : BOOKER_COUNTRY[request.currency];
  const remarks = request.remarks.trim();
  return {
    order_token: orderToken,
    booker: {
      address: { country },
      email: booker.email,
      language: API_LANGUAGE[request.language],
      name: { first_name: booker.firstName, last_name: booker.lastName },
      telephone: booker.mobile,
    },
    accommodation: {
      label: request.reference,
      products: request.productIds.map((id) => ({ id, guests: [guest] })),
      ...(remarks !== "" && { remarks: { special_requests: remarks } }),
    },
    payment,
  };
}

/**
 * Booking.com documents no answer for cancelling an order twice; whatever it says, an order that its details show
 * cancelled is cancelled, which is all the shop asks.
 */
async function cancelOrder(client: Client, bookingRef: string, signal: AbortSignal): Promise<void> {
  if (!/^\d{1,30}$/.test(bookingRef)) throw refused(`"${bookingRef}" is not a Booking.com order id`);
  const body = { order: bookingRef, reason: CANCEL_REASON };
  const answer = await settle(client.post("/orders/cancel", body, cancelAnswer, signal, bookingErrorKind));
  if (!(answer instanceof ProviderError) && answer.data.status === "successful") return;
  if (answer instanceof ProviderError && answer.kind !== "booking_refused") throw answer;
  if (await isCancelled(client, bookingRef, signal)) return;
  throw answer instanceof ProviderError ? answer : refused(`Booking.com did not cancel order ${bookingRef}`);
}

async function isCancelled(client: Client, bookingRef: string, signal: AbortSignal): Promise<boolean> {
  const body = { orders: [bookingRef] };
  const answer = await client.post(
    "/orders/details/accommodations",
    body,
    accommodationOrdersAnswer,
    signal,
    lookupErrorKind
  );
  const order = answer.data.find((candidate) => candidate.id === bookingRef);
  return order !== undefined && order.status.startsWith("cancelled");
}

/**
 * For a booking, whatever Booking.com will answer the same way again (an unknown hotel, dates it does not sell) is a
 * refusal; a timeout or an outage may pass.
 */
function asBookingFailure(error: unknown): ProviderError {
  const failure = asProviderError(error);
  if (failure.kind === "timeout" || failure.kind === "failed" || failure.kind === "booking_refused") return failure;
  return new ProviderError("booking_refused", `Booking.com cannot book this: ${failure.message}`, { cause: failure });
}

function refused(message: string): ProviderError {
  return new ProviderError("booking_refused", message);
}

// ---------------------------------------------------------------------------------------------------------------
// Reference data: names Booking.com gives only by id. They change rarely (Booking.com recommends caching them), so
// each is fetched once per language and kept for the life of the process; a failed lookup is not kept.
// ---------------------------------------------------------------------------------------------------------------

interface ReferenceData {
  chargeNames(language: string, signal: AbortSignal): Promise<ReadonlyMap<number, string>>;
  cityName(city: number, language: string, signal: AbortSignal): Promise<string | undefined>;
  countryName(country: string, language: string, signal: AbortSignal): Promise<string | undefined>;
}

function createReferenceData(client: Client): ReferenceData {
  const chargeNames = new Map<string, ReadonlyMap<number, string>>();
  const placeNames = new Map<string, string | undefined>();
  return {
    chargeNames: (language, signal) =>
      remember(chargeNames, language, async () => {
        const body = { constants: ["charge_types"], languages: languagesFor(language) };
        const answer = await client.post("/accommodations/constants", body, chargeTypesAnswer, signal);
        return namesById(answer.data.charge_types, language);
      }),
    cityName: (city, language, signal) =>
      remember(placeNames, `city:${city}:${language}`, async () => {
        const body = { city, languages: languagesFor(language) };
        const answer = await client.post("/common/locations/cities", body, citiesAnswer, signal);
        return namesById(answer.data, language).get(city);
      }),
    countryName: (country, language, signal) =>
      remember(placeNames, `country:${country}:${language}`, async () => {
        const body = { country, languages: languagesFor(language) };
        const answer = await client.post("/common/locations/countries", body, countriesAnswer, signal);
        return namesById(answer.data, language).get(country);
      }),
  };
}

async function remember<T>(cache: Map<string, T>, key: string, load: () => Promise<T>): Promise<T> {
  if (cache.has(key)) return cache.get(key) as T;
  const value = await load().catch((error: unknown) => {
    throw referenceFailure(error);
  });
  cache.set(key, value);
  return value;
}

function namesById<Id>(entries: readonly { id: Id; name: TranslatedString }[], language: string): Map<Id, string> {
  const names = new Map<Id, string>();
  for (const entry of entries) {
    const name = inLanguage(entry.name, language);
    if (name !== undefined) names.set(entry.id, name);
  }
  return names;
}

/** A reference lookup that fails says nothing about the hotel or the dates, only that Booking.com failed. */
function referenceFailure(error: unknown): ProviderError {
  const failure = asProviderError(error);
  if (failure.kind === "timeout" || failure.kind === "failed") return failure;
  return new ProviderError("failed", failure.message, { cause: failure });
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: authenticated JSON POSTs, one wait on 429, error answers read into ProviderError kinds.
// ---------------------------------------------------------------------------------------------------------------

interface Client {
  /** `readError` reads an error answer's kind; the availability endpoints' reading unless told. */
  post<T>(
    endpoint: string,
    body: object,
    schema: z.ZodType<T>,
    signal: AbortSignal,
    readError?: ErrorReader
  ): Promise<T>;
}

type ErrorReader = (status: number, errors: BookingErrorAnswer["errors"]) => ProviderErrorKind;

interface ClientOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly affiliateId: string;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
  readonly maxRetryAfterMs: number;
}

function createClient(options: ClientOptions): Client {
  // Every message passes through here, so the token cannot reach a log even if an answer echoes it.
  const scrub = (text: string) => (options.token === "" ? text : text.split(options.token).join("[token]"));
  const http: Http = { ...options, scrub };
  return {
    async post(endpoint, body, schema, signal, readError = errorKind) {
      const response = await sendWithOneWait(http, endpoint, body, signal);
      if (!response.ok) throw await errorFromAnswer(http, endpoint, response, signal, readError);
      const json = await readJson(http, endpoint, response, signal);
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        throw new ProviderError(
          "failed",
          http.scrub(`Booking.com ${endpoint} answered an unexpected shape: ${issues}`)
        );
      }
      return parsed.data;
    },
  };
}

interface Http extends ClientOptions {
  readonly scrub: (text: string) => string;
}

/** Documented: past the rate limit every request is refused for a minute. One wait, if short enough, then give up. */
async function sendWithOneWait(http: Http, endpoint: string, body: object, signal: AbortSignal): Promise<Response> {
  const first = await send(http, endpoint, body, signal);
  if (first.status !== 429) return first;
  await first.body?.cancel();
  const waitMs = retryAfterMs(first.headers.get("retry-after"), http.now());
  if (waitMs === undefined || waitMs > http.maxRetryAfterMs) {
    const asked = waitMs === undefined ? "without a usable Retry-After" : `for ${Math.ceil(waitMs / 1000)} s`;
    throw new ProviderError("failed", `Booking.com ${endpoint} rate-limited the shop ${asked}`);
  }
  await sleep(waitMs, endpoint, signal);
  return send(http, endpoint, body, signal);
}

async function send(http: Http, endpoint: string, body: object, signal: AbortSignal): Promise<Response> {
  try {
    return await http.fetch(`${http.baseUrl}${endpoint}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        authorization: `Bearer ${http.token}`,
        "content-type": "application/json",
        "x-affiliate-id": http.affiliateId,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw transportFailure(http, endpoint, error, signal);
  }
}

/**
 * Retry-After is either delay seconds or an HTTP date (RFC 9110 §10.2.3), which always ends in "GMT"; anything else
 * is unusable (Date.parse would read "1.5" as a day in 2001 and retry at once).
 */
function retryAfterMs(header: string | null, now: Date): number | undefined {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /GMT$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

function sleep(ms: number, endpoint: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(timeoutFailure(endpoint));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function errorFromAnswer(
  http: Http,
  endpoint: string,
  response: Response,
  signal: AbortSignal,
  readError: ErrorReader
): Promise<ProviderError> {
  const errors = documentedErrors(await readText(http, endpoint, response, signal));
  const detail = errors.map((error) => (error.message ? `${error.id}: ${error.message}` : error.id)).join("; ");
  const message = `Booking.com ${endpoint} answered HTTP ${response.status}${detail ? ` (${detail})` : ""}`;
  return new ProviderError(readError(response.status, errors), http.scrub(message));
}

function documentedErrors(text: string): BookingErrorAnswer["errors"] {
  try {
    const parsed = errorAnswer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.errors : [];
  } catch {
    return [];
  }
}

/**
 * 401 and 403 are our credentials or contract (a configuration fault, never the visitor's), 429 here is the second
 * refusal, 5xx an outage: all "failed". A 400 or 404 is read by the parameter its errors name, because the documented
 * ids are generic: the stay dates (beyond 500 days ahead, longer than 90 nights, in the past) or the accommodation. A
 * 404 naming nothing is a wrong base URL, not a missing hotel; a missing parameter is the adapter's own fault.
 */
function errorKind(status: number, errors: BookingErrorAnswer["errors"]): ProviderErrorKind {
  if (status !== 400 && status !== 404) return "failed";
  const named = (pattern: RegExp) =>
    errors.some((error) => error.id !== "missing_parameter" && pattern.test(`${error.id} ${error.message ?? ""}`));
  if (status === 400 && named(/\bcheck_?(?:in|out)\b/i)) return "date_not_bookable";
  if (named(/\baccommodations?\b/i)) return "hotel_not_found";
  return "failed";
}

/**
 * For the order endpoints. Booking.com documents no error ids for a product sold out, a price that moved or an order
 * it will not take (the error codes page lists only generic ids), so a 4xx is its final refusal, except our
 * credentials or contract (401, 403), a timeout (408) and the rate limit (429), which a later try may get past, and a
 * 404 naming nothing, which is a wrong base URL; a 5xx is an outage.
 */
function bookingErrorKind(status: number, errors: BookingErrorAnswer["errors"]): ProviderErrorKind {
  if (status < 400 || status >= 500 || [401, 403, 408, 429].includes(status)) return "failed";
  if (status === 404 && errors.length === 0) return "failed";
  return "booking_refused";
}

/** A lookup refused says nothing of the booking itself; the shop may try again later. */
function lookupErrorKind(): ProviderErrorKind {
  return "failed";
}

async function readJson(http: Http, endpoint: string, response: Response, signal: AbortSignal): Promise<unknown> {
  const text = await readText(http, endpoint, response, signal);
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError("failed", `Booking.com ${endpoint} answered something that is not JSON`);
  }
}

async function readText(http: Http, endpoint: string, response: Response, signal: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportFailure(http, endpoint, error, signal);
  }
}

function transportFailure(http: Http, endpoint: string, error: unknown, signal: AbortSignal): ProviderError {
  if (signal.aborted) return timeoutFailure(endpoint);
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError("failed", http.scrub(`Booking.com ${endpoint} could not be reached: ${reason}`), {
    cause: error,
  });
}

function timeoutFailure(endpoint: string): ProviderError {
  return new ProviderError("timeout", `Booking.com ${endpoint} did not answer in time`);
}

function zodIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`).join("; ");
}

/** Errors that are not ProviderErrors are bugs or surprises; the visitor is told the provider failed. */
function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError("failed", `Unexpected failure: ${reason}`, { cause: error });
}

/** A promise that resolves to its value or to its failure as a ProviderError, so parallel requests all finish. */
function settle<T>(promise: Promise<T>): Promise<T | ProviderError> {
  return promise.then(
    (value) => value,
    (error: unknown) => asProviderError(error)
  );
}
