/**
 * What the chosen products and the cancellation insurance cost, and which part of it is paid online with the order
 * and which at the property. Amounts are minor units for one room of a product for the whole stay; an order of
 * several rooms lists each room's product. Fees, vouchers and the split over payment methods come afterwards, in
 * payment-calculation.ts.
 */

import type { ChargeType, PaymentTiming } from "./hotel-offer";
import type { CurrencyCode } from "./products";

export interface PricedCharge {
  readonly name: string;
  /** Absent in orders made before charges had types: their name is shown. */
  readonly type?: ChargeType;
  readonly percentage?: number;
  readonly amount: number;
  readonly chargeableOnline: boolean;
}

/** A chosen product as the provider offered it: one room for the whole stay. */
export interface ProductOffer {
  /** Discounted price, minor units, one room, whole stay. */
  readonly base: number;
  /** Before deals. */
  readonly publicPrice: number;
  readonly extraCharges: readonly PricedCharge[];
  readonly paymentTimings: readonly PaymentTiming[];
}

export interface ProductPrice {
  readonly base: number;
  readonly payOnline: number;
  readonly payOnSite: number;
  readonly total: number;
  readonly extraCharges: readonly PricedCharge[];
}

/** A product the shop can take money for: the provider lets it be paid online now or later, not only at the hotel. */
function isPaidOnline(offer: ProductOffer): boolean {
  return offer.paymentTimings.some((timing) => timing !== "at_property");
}

function sumOf(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}

/** A product paid online (any timing other than at_property present) pays its base and online charges online and the rest on site; a product paid only at the property pays everything on site. total = payOnline + payOnSite. */
export function productPrice(offer: ProductOffer): ProductPrice {
  const online = sumOf(offer.extraCharges.filter((c) => c.chargeableOnline).map((c) => c.amount));
  const onSite = sumOf(offer.extraCharges.filter((c) => !c.chargeableOnline).map((c) => c.amount));
  // The hotel takes a stay paid at the property in full, so even a charge marked "online" is paid there.
  const payOnline = isPaidOnline(offer) ? offer.base + online : 0;
  const payOnSite = isPaidOnline(offer) ? onSite : offer.base + online + onSite;
  return { base: offer.base, payOnline, payOnSite, total: payOnline + payOnSite, extraCharges: offer.extraCharges };
}

/** Whether every product is paid only at the property. */
export function isPayAtProperty(offers: readonly ProductOffer[]): boolean {
  return offers.every((offer) => !isPaidOnline(offer));
}

const insurancePrices: Record<CurrencyCode, number> = { CZK: 150_000, PLN: 19_900 };

/** Cancellation insurance price (SPEC §9): 1500 CZK = 150_000 minor, 199 PLN = 19_900 minor. */
export function insurancePrice(currency: CurrencyCode): number {
  return insurancePrices[currency];
}

export interface OrderPrice {
  /** Σ product base. */
  readonly base: number;
  /** Σ publicPrice (the deal's "before"). */
  readonly publicPrice: number;
  /** 0 or insurancePrice. */
  readonly insurance: number;
  /** Σ product payOnline + insurance (before any discount). */
  readonly payOnline: number;
  /** Σ product payOnSite. */
  readonly payOnSite: number;
  /** All products' charges merged by (name, percentage, chargeableOnline), amounts summed. */
  readonly extraCharges: readonly PricedCharge[];
}

/**
 * Two rooms with the same city tax show one line with the sum, as the hotel's bill will; a charge that differs in
 * its percentage or in where it is paid stays a line of its own. Lines keep the order they first appear in.
 */
function mergeCharges(charges: readonly PricedCharge[]): PricedCharge[] {
  const merged = new Map<string, PricedCharge>();
  for (const charge of charges) {
    const key = JSON.stringify([charge.name, charge.percentage ?? null, charge.chargeableOnline]);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, amount: seen.amount + charge.amount } : { ...charge });
  }
  return [...merged.values()];
}

/** The insurance is paid online with the order even when every room is paid at the property. */
export function orderPrice(offers: readonly ProductOffer[], insurance: number): OrderPrice {
  const products = offers.map(productPrice);
  return {
    base: sumOf(products.map((p) => p.base)),
    publicPrice: sumOf(offers.map((o) => o.publicPrice)),
    insurance,
    payOnline: sumOf(products.map((p) => p.payOnline)) + insurance,
    payOnSite: sumOf(products.map((p) => p.payOnSite)),
    extraCharges: mergeCharges(offers.flatMap((o) => o.extraCharges)),
  };
}
