/**
 * An availability check as the order screens show it: plain, already formatted data (the loader formats prices and
 * dates once, so the server render and the browser agree to the character), and translation keys for the labels.
 */

import type { MealPlanKey } from "../../shared/i18n/messages";

export type DealKey =
  | "black_friday"
  | "limited_time_deal"
  | "logged_in_deal"
  | "mobile_rate"
  | "seasonal_deal"
  | "genius";

export type PhotoView = { url: string; largeUrl: string };

export type HotelView = {
  name: string;
  /** The hotel page on the portal. */
  url: string;
  stars: number;
  /** Formatted in the visitor's locale; null when the hotel has no reviews yet. */
  reviewScore: string | null;
  reviewCount: number;
  address: string;
  /** The main photo first. */
  photos: PhotoView[];
};

export type StayView = {
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  adults: number;
  children: number;
  /** The query that opens step 1 prefilled with this stay, for "change the stay". */
  changeQuery: string;
};

/** The kinds of charge the shop names itself (`chargeTypes.*` messages). */
export type ChargeTypeKey = "city_tax" | "service_charge";
/** How a charge is named: by its type where the shop has a name for it, else by the provider's own name. */
export type ChargeNameView = { name: string; type: ChargeTypeKey | null };
export type ExtraChargeView = ChargeNameView & { amount: string; chargeableOnline: boolean };

export type ProductView = {
  productId: string;
  mealPlan: MealPlanKey | null;
  maxGuests: number;
  /** Who the room takes, as the provider states it: adults, and children up to an age in each band. */
  fits: { adults: number; children: { count: number; toAge: number }[] };
  /** Rooms left at this price, only when few are: the visitor is told scarcity where it is true and matters. */
  roomsLeft: number | null;
  /** For the whole stay, after deals. */
  price: string;
  /** The same in minor units, for sums: formatted text is never added up. */
  priceMinor: number;
  /** The public price, only when the deals lower it. */
  publicPrice: string | null;
  deals: DealKey[];
  /** Formatted deadline; null when the product cannot be cancelled free of charge. */
  freeCancellationUntil: string | null;
  extraCharges: ExtraChargeView[];
  /** Paid only at the property: no online payment. */
  payAtPropertyOnly: boolean;
  /** The translation key that says why the product cannot be chosen; null when it can. */
  unavailableReason: string | null;
  /** How many of it the customer may choose; 0 when it cannot be chosen. */
  maxQuantity: number;
};

export type RoomView = { roomId: string; name: string; photo: PhotoView | null; products: ProductView[] };

export type AvailabilityView = {
  availabilityId: string;
  hotel: HotelView;
  stay: StayView;
  rooms: RoomView[];
};

/** The room-choice form's field for a product's quantity. */
export function quantityName(productId: string): string {
  return `quantity.${productId}`;
}

/** The query that opens the rooms screen with these rooms chosen again: one product id per room, repeated for two. */
export function roomChoiceQuery(productIds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const productId of productIds) counts.set(productId, (counts.get(productId) ?? 0) + 1);
  return new URLSearchParams(
    [...counts].map(([productId, count]) => [quantityName(productId), String(count)])
  ).toString();
}
