/**
 * The payment part of the reservation form as plain data: voucher codes typed in one field, the method that pays the
 * rest, and the amounts typed for the other methods. Amounts are read into integers of minor units straight from the
 * digits (never through a float), so 1 500,50 is exactly 150050 haléře or grosze. Free of zod: the schema that uses
 * these lives in reservation-form.server.ts.
 */

/** The amount field of a payment method, named the way conform reads nested objects. */
export function amountName(methodId: string): string {
  return `amount.${methodId}`;
}

/** The field for what a benefit card holds, which the cheapest split is planned with. */
export function balanceName(methodId: string): string {
  return `balance.${methodId}`;
}

/** The name of the button that takes the cheapest split proposed for the balances typed. */
export const TAKE_SPLIT = "takeSplit";

/** The name of the button that has one method pay the whole order (its value), a row of the ways to pay compared. */
export const PAY_WITH = "payWith";

/** Every kind of space a keyboard or a copied price brings: space, no-break space, narrow no-break space. */
const spaces = /[\s\u00a0\u202f]/g;
/** A currency written after (or before) the amount, as prices are shown: "1 500 Kč", "199 zł", "PLN 199". */
const currencyMarks = /^(kč|czk|zł|pln)|(kč|czk|zł|pln)$/i;

/**
 * An amount typed in the currency's major units, as minor units: "1500", "1 500", "1500,5", "1 500,50 Kč",
 * "1500.50", or with thousands marked the other way round ("1.500,50", "1,500.50", "1,500,000"). Null when it is not
 * such an amount. A lone mark followed by three digits ("1.500", "1,500") is a thousands separator in one language
 * and a decimal mark in another, so it is refused rather than guessed.
 */
export function parseAmount(text: string): number | null {
  const compact = text.replace(spaces, "").replace(currencyMarks, "");
  const match = /^(\d+|\d{1,3}([.,])\d{3}(?:\2\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, grouped, separator, decimalMark, fraction = ""] = match;
  const lone = grouped.split(/[.,]/).length === 2;
  if (separator !== undefined && (decimalMark === separator || (decimalMark === undefined && lone))) return null;
  const whole = grouped.replace(/[.,]/g, "");
  // Nine digits before the mark is more than any stay costs, and keeps the sum a safe integer.
  if (whole.length > 9) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Minor units as the amount field shows them again: "1500", or "1500,50" with a decimal comma where the language uses one. */
export function formatAmountInput(minor: number, decimalMark: "," | "."): string {
  const whole = Math.trunc(minor / 100);
  const fraction = minor % 100;
  return fraction === 0 ? String(whole) : `${whole}${decimalMark}${String(fraction).padStart(2, "0")}`;
}

/**
 * The codes typed into the one voucher field: separated by spaces, commas, semicolons or lines, upper-cased (coupon
 * codes are capitals, value vouchers digits), each once, in the order typed.
 */
export function splitVoucherCodes(text: string): string[] {
  const codes = text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

export type PaymentPartInput = { methodId: string; minor: number };

export type PaymentFormValues = {
  voucherCodes: string[];
  lastPayment: string;
  /** The parts with an amount, in the order the methods are offered; the method paying the rest has none. */
  payments: PaymentPartInput[];
};

/**
 * The payment request a form asks for: the rest-paying method, and every other offered method the customer gave a
 * positive amount. An amount typed for the method that pays the rest is ignored, since that method pays whatever is
 * left. `amounts` are already parsed; methods not offered are dropped, so a crafted form cannot name one.
 */
export function paymentFormValues(
  fields: { voucherCodes?: string; lastPayment?: string; amounts: Readonly<Record<string, number | undefined>> },
  offeredMethodIds: readonly string[]
): PaymentFormValues {
  const lastPayment = fields.lastPayment ?? "";
  const payments = offeredMethodIds.flatMap((methodId) => {
    const minor = fields.amounts[methodId];
    return methodId !== lastPayment && minor !== undefined && minor > 0 ? [{ methodId, minor }] : [];
  });
  return { voucherCodes: splitVoucherCodes(fields.voucherCodes ?? ""), lastPayment, payments };
}
