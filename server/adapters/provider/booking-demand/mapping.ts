/**
 * Mapping Booking.com's answers to the shop's plain data (the domain's hotel offer).
 */

import { productIdPattern } from "../../../../shared/input-limits";
import type { BookingAccommodation, BookingCharge, BookingPhoto, BookingProduct, TranslatedString } from "./shapes";
import {
  dealKinds,
  type DealKind,
  type ExtraCharge,
  type PaymentTiming,
  type Photo,
  type ProviderHotel,
  type ProviderProduct,
  type ProviderRoom,
  unsellableReason,
  type UnsellableReason,
} from "../../../domain/hotel-offer";
import type { Logger } from "../../../logging/logger";
import { ProviderError, type ProviderLanguage } from "../hotel-provider";
import type { ChargeKind, ReferenceData } from "./reference-data";

/** Booking.com takes lowercase IETF tags; English is asked for as British English, the portal's default. */
export const API_LANGUAGE: Record<ProviderLanguage, string> = { cs: "cs", pl: "pl", en: "en-gb" };
export const FALLBACK_LANGUAGE = "en-gb";

const DEAL_KINDS: ReadonlySet<string> = new Set<DealKind>(dealKinds);

export const PAYMENT_TIMINGS: Record<BookingProduct["policies"]["payment"]["timings"][number], PaymentTiming> = {
  pay_online_now: "online_now",
  pay_online_later: "online_later",
  pay_at_the_property: "at_property",
};

interface Place {
  readonly city?: string;
  readonly country?: string;
}

export async function placeOf(
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

export function toHotel(
  accommodation: BookingAccommodation,
  hotelId: string,
  language: string,
  place: Place
): ProviderHotel {
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

/**
 * Why a product Booking.com offers is left out: the shop cannot sell it (the domain's reasons), its id is not the
 * contract's shape, a charge on top cannot be told to the visitor, or the hotel's content does not describe its room.
 */
type DropReason = UnsellableReason | "product_id_shape" | "extra_charge_unshowable" | "room_undescribed";

/**
 * Products grouped by room in Booking.com's order, with Booking.com's numbers as they are (decision 051). Each product
 * left out is logged with its reason: an operator must be able to tell "the hotel had nothing" from "the shop refused".
 */
export function toRooms(
  products: readonly BookingProduct[],
  accommodation: BookingAccommodation,
  chargeKinds: ReadonlyMap<number, ChargeKind>,
  language: string,
  log: Logger
): ProviderRoom[] {
  const described = describedRooms(accommodation, language);
  const rooms = new Map<number, RoomDescription & { products: ProviderProduct[] }>();
  const drop = (product: BookingProduct, reason: DropReason) =>
    log.warn(
      { provider: "booking-demand-api", hotelId: accommodation.id, productId: product.id, reason },
      "product left out"
    );
  for (const product of products) {
    const room = described.get(product.room);
    if (room === undefined) {
      drop(product, "room_undescribed");
      continue;
    }
    const mapped = toProduct(product, chargeKinds);
    if (typeof mapped === "string") {
      drop(product, mapped);
      continue;
    }
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

/** The product as the shop sells it, or why it is left out. */
function toProduct(product: BookingProduct, chargeKinds: ReadonlyMap<number, ChargeKind>): ProviderProduct | DropReason {
  // Booking.com documents product ids as opaque text; only the contract's shape can be ordered through the shop.
  if (!productIdPattern.test(product.id)) return "product_id_shape";
  const extraCharges = toExtraCharges(product.price.extra_charges?.excluded ?? [], chargeKinds);
  if (extraCharges === undefined) return "extra_charge_unshowable";
  const deals = dealKindsOf(product.deal?.tags ?? []);
  const paymentTimings = product.policies.payment.timings.map((timing) => PAYMENT_TIMINGS[timing]);
  // `book` is the price Booking.com requires travellers be shown; the deal's public price is the same price before it.
  const discountedPrice = product.price.book;
  const publicPrice = product.deal?.public_price ?? discountedPrice;
  const { cancellation, meal_plan: mealPlan } = product.policies;
  const unavailableReason = orderability(paymentTimings);
  const mapped: ProviderProduct = {
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
  return unsellableReason(mapped) ?? mapped;
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
export function orderability(timings: readonly PaymentTiming[]): "not_payable_online" | undefined {
  return timings.some((timing) => timing !== "at_property") ? undefined : "not_payable_online";
}

/**
 * The charges on top of `book`: `excluded` ones. `included` charges are already inside the price, and `conditional`
 * ones may never apply, so neither is a charge on top. Undefined when one cannot be shown: a charge without a name or
 * a computable amount (`incalculable`) cannot be told to the visitor, and hiding it would understate the price.
 */
function toExtraCharges(
  charges: readonly BookingCharge[],
  kinds: ReadonlyMap<number, ChargeKind>
): ExtraCharge[] | undefined {
  const mapped: ExtraCharge[] = [];
  for (const charge of charges) {
    const kind = kinds.get(charge.charge);
    const amount = charge.total_amount;
    const percentage = charge.mode === "percentage" ? charge.percentage ?? undefined : undefined;
    if (kind === undefined || amount === undefined || amount === null) return undefined;
    if (percentage !== undefined && percentage > 100) return undefined;
    mapped.push({
      ...kind,
      ...(percentage !== undefined && { percentage }),
      amount,
      // Not applicable (null) means the property collects it.
      chargeableOnline: charge.chargeable_online === true,
    });
  }
  return mapped;
}

/** The text in the asked language, else British English, else Booking.com's own fallback, else any. */
export function inLanguage(text: TranslatedString | undefined, language: string): string | undefined {
  if (text === undefined) return undefined;
  const candidates = [text[language], text[FALLBACK_LANGUAGE], text["fallback"], ...Object.values(text)];
  return candidates
    .map((candidate) => candidate?.trim())
    .find((candidate) => candidate !== undefined && candidate !== "");
}

export function languagesFor(language: string): string[] {
  return [...new Set([language, FALLBACK_LANGUAGE])];
}
