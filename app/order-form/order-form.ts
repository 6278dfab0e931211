/**
 * What the browser knows of an order form, the reservation's and the voucher purchase's alike. Free of zod on purpose:
 * this module reaches the browser, the schemas (order-form.server.ts and each screen's) do not.
 */

/**
 * An order form as typed (the reservation's, the voucher purchase's), in the shape conform echoes it: `amount` nested
 * by method id, a ticked box "on".
 */
export type OrderFormValues = {
  [name: string]: string | Record<string, string> | undefined;
  amount?: Record<string, string>;
  balance?: Record<string, string>;
};

export type ReservationFormValues = OrderFormValues;

/** The fields a change of which re-prices the order: vouchers, the split, the cards' balances and the insurance. */
export function isPaymentField(name: string): boolean {
  return (
    name === "voucherCodes" ||
    name === "lastPayment" ||
    name === "cancellationInsurance" ||
    name.startsWith("amount.") ||
    name.startsWith("balance.")
  );
}
