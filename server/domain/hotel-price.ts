/**
 * The price breakdown a hotel order shows: what the stay costs in all, from the order's price and the split of its
 * online part. Credit vouchers pay part of the price and so leave the total as it is; discount vouchers lower it and
 * service fees raise it. The promotion's credits are earned on top and change nothing the customer pays.
 */

import type { PaymentCalculation, PaymentOutput } from "./payment-calculation";
import { methodIds } from "./payment-methods";
import type { OrderPrice, PricedCharge } from "./pricing";

export interface HotelPriceBreakdown {
  readonly base: number;
  readonly bonus: number;
  readonly discount: number;
  readonly serviceFee: number;
  readonly insurance: number;
  readonly payOnline: number;
  readonly payOnSite: number;
  readonly total: number;
  readonly extraCharges: readonly PricedCharge[];
}

/** total = payOnline − discount + serviceFee + payOnSite: everything the stay costs the customer; bonus is informational (credits earned). */
export function hotelPriceBreakdown(price: OrderPrice, calculation: PaymentCalculation): HotelPriceBreakdown {
  return {
    base: price.base,
    bonus: calculation.bonus,
    discount: calculation.discount,
    serviceFee: calculation.serviceFee,
    insurance: price.insurance,
    payOnline: price.payOnline,
    payOnSite: price.payOnSite,
    total: price.payOnline - calculation.discount + calculation.serviceFee + price.payOnSite,
    extraCharges: price.extraCharges,
  };
}

/**
 * What the customer pays online with the order: everything not paid at the property, so after the discounts and
 * with the service fees (the breakdown's payOnline is the rooms' online part and the insurance before both).
 */
export function dueOnline(price: Pick<HotelPriceBreakdown, "total" | "payOnSite">): number {
  return price.total - price.payOnSite;
}

/** Transfer payments are booked only after the money arrives: true when a transfer output has value > 0. */
export function bookOnlyAfterPayment(calculation: {
  readonly outputs: readonly Pick<PaymentOutput, "methodId" | "value">[];
}): boolean {
  return calculation.outputs.some((output) => output.methodId === methodIds.transfer && output.value > 0);
}

/**
 * The breakdown after one unpaid part moved to another method (switchPayment): the same share is paid, so only its
 * service fee, and with it the total, and the promotion's credits change.
 */
export function breakdownAfterSwitch(
  price: HotelPriceBreakdown,
  previous: PaymentOutput,
  next: PaymentOutput
): HotelPriceBreakdown {
  const feeChange = next.fee - previous.fee;
  return {
    ...price,
    serviceFee: price.serviceFee + feeChange,
    total: price.total + feeChange,
    bonus: price.bonus - previous.bonus + next.bonus,
  };
}
