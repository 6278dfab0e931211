/**
 * A hotel's offer for a stay, in the shop's own terms: the hotel, its rooms and the products (rates) each room is
 * sold at, with their prices, charges, board, occupancy and payment timings. The provider adapters translate their
 * answers into it (adapters/provider/hotel-provider.ts), and the domain's rules read it, so these words belong to
 * the domain rather than to any adapter.
 *
 * Plain data: money is an integer of minor units in the currency the offer was asked in, instants are `Date`s.
 */

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
 * Why the shop cannot sell a product a provider offers, or undefined when it can (decision 051). The numbers are the
 * provider's as they are: one room left, a single room, a band for babies are all sold. What is refused is what no
 * customer could order or see truthfully: nothing left, a room for nobody, guests or ages that contradict each other,
 * no way to pay, a "deal" that raises the price.
 */
export type UnsellableReason =
  | "none_left"
  | "no_adults"
  | "total_below_adults"
  | "child_band_invalid"
  | "no_payment_timing"
  | "deal_raises_price"
  | "too_many_deals";

/** The contract's limit on the deals one price carries. */
export const MAX_DEALS = 5;

export function unsellableReason(product: ProviderProduct): UnsellableReason | undefined {
  const occupancy = product.maximumOccupancy;
  if (product.numberAvailableAtThisPrice < 1) return "none_left";
  if (occupancy.adults < 1) return "no_adults";
  if (occupancy.total < occupancy.adults) return "total_below_adults";
  if (occupancy.children.some((band) => band.total < 0 || band.fromAge < 0 || band.toAge < band.fromAge))
    return "child_band_invalid";
  if (product.paymentTimings.length === 0) return "no_payment_timing";
  if (product.publicPrice < product.discountedPrice) return "deal_raises_price";
  if (product.deals.length > MAX_DEALS) return "too_many_deals";
  return undefined;
}
