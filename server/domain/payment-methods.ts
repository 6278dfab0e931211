import type { ProductKey } from "./products";

/**
 * Which payment methods each variant offers, for hotel orders and for voucher orders.
 * The reasoning is in docs/decisions/002-payment-methods-per-variant.md.
 */

export type PaymentMethodKind = "bank_transfer" | "payment_card" | "benefit_provider" | "voucher";

export interface PaymentMethodInfo {
  /** Stable id stored with payments and sent by the web; never renamed. */
  readonly id: string;
  readonly kind: PaymentMethodKind;
  /** English label for logs; visitors see the text of `translationCode`. */
  readonly label: string;
  readonly translationCode: string;
}

/**
 * The ids rules single out: a transfer is sent by hand and books the stay only once the money arrives, the card has
 * the issuer's promotion, and a voucher's credit is money the shop already holds.
 */
export const methodIds = { transfer: "transfer", paymentCard: "payment_card", voucher: "voucher" } as const;

/** A payment that brought money in: paid, more than nothing, and not a voucher's credit. */
export function isMoneyReceived(payment: { status: string; methodId: string; value: number }): boolean {
  return payment.status === "paid" && payment.methodId !== methodIds.voucher && payment.value > 0;
}

function method(id: string, kind: PaymentMethodKind, label: string): PaymentMethodInfo {
  return { id, kind, label, translationCode: `payment_method.${id}` };
}

const edenredCard = method("edenred_card", "benefit_provider", "Edenred card");
const edenredCafeteria = method("edenred_cafeteria", "benefit_provider", "Edenred cafeteria");
const pluxeeCafeteria = method("pluxee_cafeteria", "benefit_provider", "Pluxee cafeteria");
const upCard = method("up_card", "benefit_provider", "Up card");
const benefitSystems = method("benefit_systems", "benefit_provider", "Benefit Systems");
const paymentCard = method(methodIds.paymentCard, "payment_card", "Payment card");
const transfer = method(methodIds.transfer, "bank_transfer", "Bank transfer");

/**
 * How a voucher's credit appears among an order's payments. It is not offered in the method lists: vouchers are
 * applied by their codes (`voucher_codes`), never chosen as a method.
 */
export const voucherCredit = method(methodIds.voucher, "voucher", "Voucher");

/** Benefit providers first: paying with benefits is why visitors come; card and transfer settle the rest. */
const hotelMethods: Record<ProductKey, readonly PaymentMethodInfo[]> = {
  DZB_CZ: [edenredCard, edenredCafeteria, pluxeeCafeteria, upCard, benefitSystems, paymentCard, transfer],
  DZB_PL: [pluxeeCafeteria, edenredCard, upCard, benefitSystems, paymentCard, transfer],
  DZB_WL_PLUXEE_CZ: [pluxeeCafeteria, paymentCard, transfer],
};

/**
 * Vouchers are sold only where the site shows the voucher page (not in the Polish variant), and they are paid
 * with the same methods as stays: none of them is itself a voucher, so a voucher never buys a voucher.
 */
const voucherMethods: Record<ProductKey, readonly PaymentMethodInfo[]> = {
  DZB_CZ: hotelMethods.DZB_CZ,
  DZB_PL: [],
  DZB_WL_PLUXEE_CZ: hotelMethods.DZB_WL_PLUXEE_CZ,
};

export function paymentMethodsFor(product: ProductKey): {
  hotel: readonly PaymentMethodInfo[];
  voucher: readonly PaymentMethodInfo[];
} {
  return { hotel: hotelMethods[product], voucher: voucherMethods[product] };
}

/** The method an order's payment was made with, offered or not (a voucher's credit). */
export function paymentMethodById(product: ProductKey, id: string): PaymentMethodInfo | undefined {
  return id === voucherCredit.id ? voucherCredit : hotelMethods[product].find((m) => m.id === id);
}
