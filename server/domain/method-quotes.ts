/**
 * The ways to pay side by side (issue 33): what an order would cost paid by each method alone, priced by the same
 * rules as the order itself, so the comparison a customer reads before choosing is the price they then get.
 */

import { priceHotelOrder, type HotelOrderPricingInput } from "./hotel-order";
import { paymentMethodsFor, type PaymentMethodInfo } from "./payment-methods";
import { priceVoucherOrder, type VoucherOrderInput } from "./voucher-order";

export interface MethodQuote {
  readonly methodId: string;
  /** Minor units: the method's service fee on what it would pay. */
  readonly serviceFee: number;
  /** Minor units: everything the order would cost the customer. */
  readonly total: number;
  /** Minor units of free credits the method would earn (a card-issuer promotion). */
  readonly bonus: number;
  /** Minor units: the value a voucher bought this way would hold (a voucher purchase only). */
  readonly voucherValue?: number;
}

/** What paying one method alone gives: its quote's figures, or nothing when that method cannot pay the order. */
type PriceAlone = (methodId: string) => Omit<MethodQuote, "methodId"> | undefined;

/**
 * Each method's quote, cheapest first: the lowest total, then the lowest fee (a voucher bought with its fees included
 * costs the same total with every method, and holds more the lower the fee), then the order the variant offers them.
 */
function quotesOf(methods: readonly PaymentMethodInfo[], priceAlone: PriceAlone): MethodQuote[] {
  return methods
    .flatMap((method) => {
      const figures = priceAlone(method.id);
      return figures ? [{ methodId: method.id, ...figures }] : [];
    })
    .sort((a, b) => a.total - b.total || a.serviceFee - b.serviceFee);
}

/**
 * A stay's order paid by each method alone, after its vouchers and coupons. A method a coupon excludes cannot pay it
 * and is not quoted; nor is any, when the vouchers leave nothing to pay online (nothing to choose between then).
 */
export function hotelMethodQuotes(input: Omit<HotelOrderPricingInput, "payments" | "lastPayment">): MethodQuote[] {
  return quotesOf(input.methods, (methodId) => {
    const result = priceHotelOrder({ ...input, payments: [], lastPayment: methodId });
    if (!result.ok) return undefined;
    const { calculation, price } = result.order;
    return calculation.outputs.length === 0
      ? undefined
      : { serviceFee: calculation.serviceFee, total: price.total, bonus: calculation.bonus };
  });
}

/** A voucher purchase paid by each method alone; a method whose fee would leave no voucher worth buying is not quoted. */
export function voucherMethodQuotes(input: Omit<VoucherOrderInput, "payments" | "lastPayment">): MethodQuote[] {
  return quotesOf(paymentMethodsFor(input.product).voucher, (methodId) => {
    const result = priceVoucherOrder({ ...input, payments: [], lastPayment: methodId });
    if (!result.ok) return undefined;
    const { price, voucherValue } = result.order;
    return { serviceFee: price.serviceFee, total: price.total, bonus: price.bonus, voucherValue };
  });
}
