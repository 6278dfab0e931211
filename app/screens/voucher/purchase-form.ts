/**
 * The voucher purchase screen as the browser sees it (issue 15, SPEC §3 voucher purchase form): the offer and the
 * price, already formatted by the loader, and the form's field names. Free of zod and of the generated contract's
 * code: this module reaches the browser, the schema (purchase-form.server.ts) does not.
 */
import type { MethodQuoteView, PaymentMethodView, PaymentOutputView } from "~/order/reservation-view";
import type { VoucherDesign } from "../../../shared/voucher-designs";
import type { VoucherPriceView } from "~/order/voucher-order-view";

/** The value choice of a custom amount; a preset's choice is its whole units ("3000"). */
export const CUSTOM_VALUE = "custom";

/** How the amount is read (VoucherFeeMode): the voucher's value plus the fees, or the total with the fees in it. */
export const feeModes = ["value_plus_fees", "fees_included"] as const;
export type FeeModeName = (typeof feeModes)[number];

/** The gift's recipient (PresentFor), each with its label's key among the customer's. */
export const recipientFields = [
  ["recipientFirstName", "reservation.customer.firstName"],
  ["recipientLastName", "reservation.customer.lastName"],
  ["recipientEmail", "reservation.customer.email"],
  ["recipientMobile", "reservation.customer.mobile"],
  ["recipientStreet", "reservation.customer.street"],
  ["recipientStreetNumber", "reservation.customer.streetNumber"],
  ["recipientPostalCode", "reservation.customer.postalCode"],
  ["recipientCity", "reservation.customer.city"],
  ["recipientCountry", "reservation.customer.country"],
] as const;

/** The fields a change of which re-prices the purchase: the value, how fees count, the extra service, the split. */
export function isPurchasePriceField(name: string): boolean {
  return (
    name === "value" ||
    name === "customValue" ||
    name === "feeMode" ||
    name === "extraService" ||
    name === "lastPayment" ||
    name.startsWith("amount.")
  );
}

/** What the form offers, from the api's preview: the same on every re-price. */
export type PurchaseOfferView = {
  /** Each preset as its choice's value (whole units) and its label ("3 000 Kč"). */
  presets: { choice: string; label: string }[];
  /** The bounds of a voucher's value, formatted. */
  minValue: string;
  maxValue: string;
  /** What the extra service costs; null where it is not offered. */
  extraServicePrice: string | null;
  designs: readonly VoucherDesign[];
  methods: PaymentMethodView[];
  currencySymbol: string;
};

/** The purchase as last priced (VoucherPriceBreakdown): what the voucher holds and what the visitor pays. */
export type PurchasePriceView = VoucherPriceView & {
  /** The same in minor units: the order is placed only at the total the customer saw. */
  totalMinor: number;
  outputs: PaymentOutputView[];
  quotes: MethodQuoteView[];
};
