/**
 * Buying a value voucher (SPEC §2, §3 "voucher order preview", §9; issue 15): which variants sell them, the values
 * a visitor may choose, the two ways fees are counted, the optional extra service, and the price of the order,
 * split over payment methods by the same rules as a hotel order (payment-calculation.ts). Pure: the caller brings
 * the market date. Why the bounds and modes are what they are is in docs/decisions/027-voucher-purchase.md.
 */

import { MINOR_PER_UNIT } from "../../shared/money";
import {
  calculateChargedPayment,
  calculatePayment,
  type CalculationProblem,
  type PaymentCalculation,
  type PaymentPartInput,
} from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import { marketCurrency, type CurrencyCode, type ProductKey } from "./products";

/**
 * How the visitor's amount is read:
 * - `value_plus_fees`: the amount is the voucher's value; the order's total is the value plus the service fees;
 * - `fees_included`: the amount is the order's total; the voucher is worth it less the fees (and the extra service).
 */
export const voucherFeeModes = ["value_plus_fees", "fees_included"] as const;
export type VoucherFeeMode = (typeof voucherFeeModes)[number];

/** The values the purchase form offers, in whole units of the market currency (the same numbers in CZK and PLN). */
export const VOUCHER_PRESET_UNITS = [1_000, 3_000, 5_000] as const;

/** A voucher's value, whatever the mode, lies within these bounds (whole units of the market currency). */
export const MIN_VOUCHER_UNITS = 500;
export const MAX_VOUCHER_UNITS = 100_000;

/** The optional extra service of the purchase page, paid with the order; offered only where its price is known. */
const extraServicePrices: Partial<Record<CurrencyCode, number>> = {
  CZK: 149 * MINOR_PER_UNIT,
};

export function voucherPresets(): number[] {
  return VOUCHER_PRESET_UNITS.map((units) => units * MINOR_PER_UNIT);
}

export function voucherValueBounds(): { min: number; max: number } {
  return {
    min: MIN_VOUCHER_UNITS * MINOR_PER_UNIT,
    max: MAX_VOUCHER_UNITS * MINOR_PER_UNIT,
  };
}

/** The extra service's price in a currency; undefined where it is not offered. */
export function extraServicePrice(currency: CurrencyCode): number | undefined {
  return extraServicePrices[currency];
}

/**
 * Whether a variant sells vouchers: only where the site shows the voucher page, the Czech shop and the Czech white
 * label (SPEC §2 header rules); the Polish variant has no voucher payment methods (decision 002).
 */
export function sellsVouchers(product: ProductKey): boolean {
  return paymentMethodsFor(product).voucher.length > 0;
}

export interface VoucherOrderInput {
  readonly product: ProductKey;
  readonly feeMode: VoucherFeeMode;
  /** Minor units: the voucher's value (value_plus_fees) or the order's total (fees_included). */
  readonly amount: number;
  readonly extraService: boolean;
  /** Each part's value: its share before the fee (value_plus_fees), or what it is charged (fees_included). */
  readonly payments: readonly PaymentPartInput[];
  readonly lastPayment: string;
  /** Market date YYYY-MM-DD (the card issuer's promotion is judged on it). */
  readonly today: string;
}

export interface VoucherPriceBreakdown {
  /** The value bought. */
  readonly base: number;
  /** Free credits the promotion adds to the voucher. */
  readonly bonus: number;
  readonly serviceFee: number;
  readonly extraService: number;
  /** What the visitor pays: base + extra service + service fee. */
  readonly total: number;
}

export interface PricedVoucherOrder {
  readonly feeMode: VoucherFeeMode;
  /** The amount as entered, minor units. */
  readonly amount: number;
  readonly extraService: boolean;
  /** The value bought: what the issued voucher holds, with the bonus on top. */
  readonly voucherValue: number;
  readonly calculation: PaymentCalculation;
  readonly price: VoucherPriceBreakdown;
}

export type VoucherOrderProblem =
  | { readonly kind: "not_sold" }
  /** The amount is not whole units, or its voucher value lies outside the bounds. */
  | {
      readonly kind: "value_out_of_bounds";
      readonly min: number;
      readonly max: number;
    }
  /** Fees included: the fees and the extra service take the whole amount, and there would be no voucher left. */
  | { readonly kind: "fees_exceed_value" }
  | { readonly kind: "extra_service_unavailable" }
  | { readonly kind: "calculation"; readonly problem: CalculationProblem };

/** The voucher order priced as asked, or why it cannot be bought. */
export function priceVoucherOrder(
  input: VoucherOrderInput
): { ok: true; order: PricedVoucherOrder } | { ok: false; problem: VoucherOrderProblem } {
  const { product, feeMode, amount, today } = input;
  if (!sellsVouchers(product)) return { ok: false, problem: { kind: "not_sold" } };
  const bounds = voucherValueBounds();
  const outOfBounds = {
    ok: false as const,
    problem: { kind: "value_out_of_bounds" as const, ...bounds },
  };
  // Whole units: a value is chosen and printed in crowns, and fees included leave a voucher of whole crowns too.
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % MINOR_PER_UNIT !== 0) return outOfBounds;
  const extraPrice = extraServicePrice(marketCurrency[product]);
  if (input.extraService && extraPrice === undefined) {
    return { ok: false, problem: { kind: "extra_service_unavailable" } };
  }
  const extra = input.extraService ? extraPrice! : 0;
  const methods = paymentMethodsFor(product).voucher;
  const split = {
    product,
    payments: input.payments,
    lastPayment: input.lastPayment,
    methods,
    today,
  };

  let voucherValue: number;
  let result: ReturnType<typeof calculatePayment>;
  if (feeMode === "value_plus_fees") {
    voucherValue = amount;
    if (voucherValue < bounds.min || voucherValue > bounds.max) return outOfBounds;
    result = calculatePayment({
      ...split,
      due: voucherValue + extra,
      vouchers: [],
    });
    if (!result.ok)
      return {
        ok: false,
        problem: { kind: "calculation", problem: result.problem },
      };
  } else {
    const charged = calculateChargedPayment({ ...split, total: amount });
    if (!charged.ok)
      return {
        ok: false,
        problem: { kind: "calculation", problem: charged.problem },
      };
    result = { ok: true, calculation: feesInWholeUnits(charged.calculation) };
    voucherValue = amount - result.calculation.serviceFee - extra;
    if (voucherValue <= 0) return { ok: false, problem: { kind: "fees_exceed_value" } };
    if (voucherValue < bounds.min || voucherValue > bounds.max) return outOfBounds;
  }
  const { calculation } = result;
  return {
    ok: true,
    order: {
      feeMode,
      amount,
      extraService: input.extraService,
      voucherValue,
      calculation,
      price: {
        base: voucherValue,
        bonus: calculation.bonus,
        serviceFee: calculation.serviceFee,
        extraService: extra,
        total: calculation.charged,
      },
    },
  };
}

/**
 * Fees included: the service fees are rounded down to whole units, so that the voucher, the total less the fees and the
 * extra service, is worth whole units as a value chosen is (decision 057), and the methods are still charged exactly
 * the total entered. What is waived, less than one unit, is taken off the last methods' fees: each still carries no
 * more than its rule's fee on what it pays.
 */
function feesInWholeUnits(calculation: PaymentCalculation): PaymentCalculation {
  let waived = calculation.serviceFee % MINOR_PER_UNIT;
  const outputs = [...calculation.outputs]
    .reverse()
    .map((output) => {
      const cut = Math.min(waived, output.fee);
      waived -= cut;
      return { ...output, share: output.share + cut, fee: output.fee - cut };
    })
    .reverse();
  return { ...calculation, outputs, serviceFee: calculation.serviceFee - (calculation.serviceFee % MINOR_PER_UNIT) };
}

/** What the issued voucher holds: the value bought and the promotion's free credits. */
export function issuedVoucherValue(price: Pick<VoucherPriceBreakdown, "base" | "bonus">): number {
  return price.base + price.bonus;
}

/** A person and the address a letter to them goes to. */
export interface Addressee<Address> {
  readonly firstName: string;
  readonly lastName: string;
  readonly address?: Address;
}

/**
 * Where the extra service, the voucher printed and posted in a gift envelope, goes (decision 027): to a gift's
 * recipient when their address is given, else to the buyer's contact address.
 */
export function printedVoucherAddressee<Address>(
  buyer: Addressee<Address> & { readonly address: Address },
  recipient: Addressee<Address> | null
): Addressee<Address> & { readonly address: Address } {
  return recipient?.address ? { ...recipient, address: recipient.address } : buyer;
}
