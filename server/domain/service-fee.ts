/**
 * The service fee the shop adds to what a benefit provider pays (SPEC §9), in basis points of that provider's share.
 * The rates are the markets' published ones: a provider the Polish texts name without a percentage charges nothing
 * there, since a fee the customer was never told of cannot be charged. Card and transfer carry no fee. Why the fee
 * falls only on method shares, and how it rounds, is in docs/decisions/006-pricing-and-rounding.md.
 */

import { basisPointsOfPercent } from "./money";
import type { PaymentMethodInfo } from "./payment-methods";
import type { ProductKey } from "./products";

type FeeTable = ReadonlyMap<string, number>;

const czechFees: FeeTable = new Map([
  ["up_card", basisPointsOfPercent(6.9)],
  ["edenred_card", basisPointsOfPercent(5.9)],
  ["edenred_cafeteria", basisPointsOfPercent(5.9)],
  ["pluxee_cafeteria", basisPointsOfPercent(10)],
  ["benefit_systems", basisPointsOfPercent(10)],
]);

/** Pluxee and Benefit Systems are absent: the Polish texts state no percentage for them. */
const polishFees: FeeTable = new Map([
  ["up_card", basisPointsOfPercent(6.9)],
  ["edenred_card", basisPointsOfPercent(5.9)],
  ["edenred_cafeteria", basisPointsOfPercent(5.9)],
]);

/** The Pluxee white label sells in the Czech market, at the Czech rates. */
const feesByProduct: Record<ProductKey, FeeTable> = {
  DZB_CZ: czechFees,
  DZB_PL: polishFees,
  DZB_WL_PLUXEE_CZ: czechFees,
};

/** The fee rate of a method in a variant; 0 for card, transfer and any method without a stated rate. */
export function serviceFeeBasisPoints(product: ProductKey, methodId: string): number {
  return feesByProduct[product].get(methodId) ?? 0;
}

/**
 * The method that pays the rest of a new preview until the customer picks one: the first offered method with the
 * lowest fee rate. The customer sees the price before choosing, and that price must not carry a fee they did not
 * choose (the offer's order puts the benefit providers, which do carry one, first).
 */
export function defaultRestMethod(product: ProductKey, methods: readonly PaymentMethodInfo[]): string | undefined {
  let cheapest: PaymentMethodInfo | undefined;
  for (const method of methods) {
    if (!cheapest || serviceFeeBasisPoints(product, method.id) < serviceFeeBasisPoints(product, cheapest.id)) {
      cheapest = method;
    }
  }
  return cheapest?.id;
}
