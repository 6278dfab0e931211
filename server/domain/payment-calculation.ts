/**
 * How what is paid online with an order is split over discount vouchers, credit vouchers and payment methods.
 *
 * 1. `due` is the order's online price: the products paid online and the cancellation insurance.
 * 2. Discount vouchers ("unit" vouchers, coupons) come first, in the order the codes were given: each takes its fixed
 *    `bonus` plus `bonusPercent` of `due` (half up), together never more than `due`. A coupon limited to some methods
 *    (`allowedMethodIds`) is refused unless every method that will be charged is among them. A voucher that removes
 *    the business fee makes every method's service fee 0. One that removes the transaction fee changes nothing: the
 *    shop charges no transaction fee; the flag is kept in the entry for the day it does.
 * 3. Credit vouchers come next, in code order: each pays as much of what is still due as it holds.
 * 4. Payment methods pay what is left: the explicit parts first, each its `value`, then `lastPayment` the rest. Each
 *    method is charged its share plus the service fee on that share; voucher-covered amounts never carry a fee.
 * 5. The card issuer's promotion adds free credits on what the card is charged; they are earned, not deducted.
 * Unknown or unusable codes are listed and otherwise ignored. Why this order, and how amounts round, is in
 * docs/decisions/006-pricing-and-rounding.md.
 */

import { cardPromotionBonus } from "./card-promotion";
import { basisPointsOfPercent, shareOf } from "./money";
import type { PaymentMethodInfo } from "./payment-methods";
import type { ProductKey } from "./products";
import { serviceFeeBasisPoints } from "./service-fee";

export type InvalidVoucherReason = "not_found" | "inactive" | "expired" | "used_up" | "other";

export interface CreditVoucher {
  readonly id: string;
  readonly code: string;
  /** Minor units the voucher still holds. */
  readonly available: number;
}

export interface UnitVoucher {
  readonly id: string;
  readonly code: string;
  /** Minor units off. */
  readonly bonus: number;
  /** Percent (0..100, may be fractional) of what is due, off. */
  readonly bonusPercent: number;
  readonly removeBusinessFee: boolean;
  readonly removeTransactionFee: boolean;
  /** The methods a coupon may be used with; null for any. */
  readonly allowedMethodIds: readonly string[] | null;
}

export type VoucherLookup =
  | { readonly kind: "credit"; readonly voucher: CreditVoucher }
  | { readonly kind: "unit"; readonly voucher: UnitVoucher }
  | { readonly kind: "invalid"; readonly code: string; readonly reason: InvalidVoucherReason };

export interface PaymentPartInput {
  readonly methodId: string;
  /** The share of the price this method pays, minor units, before its fee. */
  readonly value: number;
}

export interface CalculationInput {
  readonly product: ProductKey;
  readonly due: number;
  /** In the order the codes were given. */
  readonly vouchers: readonly VoucherLookup[];
  readonly payments: readonly PaymentPartInput[];
  /** "" when not given. */
  readonly lastPayment: string;
  /** The variant's methods for hotel orders. */
  readonly methods: readonly PaymentMethodInfo[];
  /** Market date YYYY-MM-DD. */
  readonly today: string;
}

export interface CreditUse {
  readonly voucherId: string;
  readonly code: string;
  readonly available: number;
  readonly willBeUsed: number;
}

export interface UnitUse {
  readonly voucherId: string;
  readonly code: string;
  /** Minor units it takes off. */
  readonly bonus: number;
  readonly bonusPercent: number;
  readonly removeBusinessFee: boolean;
  readonly removeTransactionFee: boolean;
}

export interface PaymentOutput {
  readonly methodId: string;
  /** The part of the price it pays. */
  readonly share: number;
  readonly fee: number;
  /** share + fee: what the method is charged. */
  readonly value: number;
  /** Promotion credits earned. */
  readonly bonus: number;
  readonly bonusPercent: number;
}

export interface PaymentCalculation {
  readonly invalid: readonly { readonly code: string; readonly reason: InvalidVoucherReason }[];
  readonly credits: readonly CreditUse[];
  readonly units: readonly UnitUse[];
  readonly outputs: readonly PaymentOutput[];
  /** Σ unit bonuses taken off. */
  readonly discount: number;
  /** Σ credits willBeUsed. */
  readonly creditUsed: number;
  /** Σ output fees. */
  readonly serviceFee: number;
  /** Σ output promotion bonuses (free credits earned, not taken off the price). */
  readonly bonus: number;
  /** Σ output values: what the methods are charged. */
  readonly charged: number;
}

export type CalculationProblemKind =
  | "payment_exceeds_total"
  | "last_payment_missing"
  | "method_unavailable"
  | "method_repeated"
  | "coupon_not_for_payment_type";

export interface CalculationProblem {
  readonly kind: CalculationProblemKind;
  /** The request field at fault, as the contract names it: `payments[1].value`, `last_payment`, `voucher_codes[0]`. */
  readonly field: string;
  /** For payment_exceeds_total: by how much the parts so far exceed what is left to pay, in minor units. */
  readonly excess?: number;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; problem: CalculationProblem };

function refuse(
  kind: CalculationProblemKind,
  field: string,
  excess?: number
): { ok: false; problem: CalculationProblem } {
  return { ok: false, problem: excess === undefined ? { kind, field } : { kind, field, excess } };
}

function requireAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} ${amount} is not minor units >= 0`);
}

/**
 * A code given twice names one voucher, which applies once: otherwise a credit voucher would pay twice from the same
 * balance. Each voucher keeps the index of its first code, for the field of a problem.
 */
function distinctVouchers(lookups: readonly VoucherLookup[]) {
  const seen = new Set<string>();
  const credits: CreditVoucher[] = [];
  const units: { voucher: UnitVoucher; index: number }[] = [];
  lookups.forEach((lookup, index) => {
    if (lookup.kind === "invalid" || seen.has(lookup.voucher.id)) return;
    seen.add(lookup.voucher.id);
    if (lookup.kind === "credit") credits.push(lookup.voucher);
    else units.push({ voucher: lookup.voucher, index });
  });
  return { credits, units };
}

function applyDiscounts(due: number, vouchers: readonly UnitVoucher[]): UnitUse[] {
  let left = due;
  return vouchers.map((voucher) => {
    // Every percentage is of the whole `due`, not of what earlier vouchers left, so the code order changes only
    // which voucher is cut short when together they would take more than is due.
    const wanted = Math.max(0, voucher.bonus) + shareOf(due, basisPointsOfPercent(voucher.bonusPercent));
    const taken = Math.min(wanted, left);
    left -= taken;
    return {
      voucherId: voucher.id,
      code: voucher.code,
      bonus: taken,
      bonusPercent: voucher.bonusPercent,
      removeBusinessFee: voucher.removeBusinessFee,
      removeTransactionFee: voucher.removeTransactionFee,
    };
  });
}

function applyCredits(due: number, vouchers: readonly CreditVoucher[]): CreditUse[] {
  let left = due;
  return vouchers.map((voucher) => {
    const willBeUsed = Math.min(Math.max(0, voucher.available), left);
    left -= willBeUsed;
    return { voucherId: voucher.id, code: voucher.code, available: voucher.available, willBeUsed };
  });
}

/** The share of `remaining` each chosen method pays, in the order given; shares of 0 are dropped. */
function methodShares(input: CalculationInput, remaining: number): Outcome<PaymentPartInput[]> {
  const offered = new Set(input.methods.map((m) => m.id));
  const chosen = new Set<string>();
  const shares: PaymentPartInput[] = [];
  let paid = 0;
  for (const [i, part] of input.payments.entries()) {
    requireAmount(part.value, `payments[${i}].value`);
    if (!offered.has(part.methodId)) return refuse("method_unavailable", `payments[${i}].method_id`);
    if (chosen.has(part.methodId)) return refuse("method_repeated", `payments[${i}].method_id`);
    chosen.add(part.methodId);
    paid += part.value;
    // Checked part by part, so the first part alone may not exceed the total (SPEC §5) and the culprit is named.
    if (paid > remaining) return refuse("payment_exceeds_total", `payments[${i}].value`, paid - remaining);
    if (part.value > 0) shares.push({ methodId: part.methodId, value: part.value });
  }
  const rest = remaining - paid;
  if (input.lastPayment !== "") {
    if (!offered.has(input.lastPayment)) return refuse("method_unavailable", "last_payment");
    if (chosen.has(input.lastPayment)) return refuse("method_repeated", "last_payment");
    if (rest > 0) shares.push({ methodId: input.lastPayment, value: rest });
  } else if (rest > 0) {
    return refuse("last_payment_missing", "last_payment");
  }
  return { ok: true, value: shares };
}

/** A coupon limited to some methods refuses an order that charges any other method (SPEC §5). */
function couponRefusal(
  units: readonly { voucher: UnitVoucher; index: number }[],
  shares: readonly PaymentPartInput[]
): { index: number } | undefined {
  return units.find(
    ({ voucher: { allowedMethodIds: allowed } }) =>
      allowed !== null && shares.some((share) => !allowed.includes(share.methodId))
  );
}

function sumOf(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}

/** What a method is charged for its share: the share, its service fee (none once a voucher removed the fees). */
function methodOutput(
  product: ProductKey,
  methodId: string,
  share: number,
  feeRemoved: boolean,
  today: string
): PaymentOutput {
  const fee = feeRemoved ? 0 : shareOf(share, serviceFeeBasisPoints(product, methodId));
  const promotion = cardPromotionBonus(methodId, share + fee, today);
  return { methodId, share, fee, value: share + fee, bonus: promotion.bonus, bonusPercent: promotion.bonusPercent };
}

export function calculatePayment(
  input: CalculationInput
): { ok: true; calculation: PaymentCalculation } | { ok: false; problem: CalculationProblem } {
  requireAmount(input.due, "due");
  const invalid = input.vouchers.flatMap((lookup) =>
    lookup.kind === "invalid" ? [{ code: lookup.code, reason: lookup.reason }] : []
  );
  const vouchers = distinctVouchers(input.vouchers);
  const units = applyDiscounts(
    input.due,
    vouchers.units.map((u) => u.voucher)
  );
  const discount = sumOf(units.map((u) => u.bonus));
  const credits = applyCredits(input.due - discount, vouchers.credits);
  const creditUsed = sumOf(credits.map((c) => c.willBeUsed));

  const shares = methodShares(input, input.due - discount - creditUsed);
  if (!shares.ok) return shares;
  const refused = couponRefusal(vouchers.units, shares.value);
  if (refused) return refuse("coupon_not_for_payment_type", `voucher_codes[${refused.index}]`);

  const feeRemoved = units.some((u) => u.removeBusinessFee);
  const outputs = shares.value.map(({ methodId, value: share }) =>
    methodOutput(input.product, methodId, share, feeRemoved, input.today)
  );
  return {
    ok: true,
    calculation: {
      invalid,
      credits,
      units,
      outputs,
      discount,
      creditUsed,
      serviceFee: sumOf(outputs.map((o) => o.fee)),
      bonus: sumOf(outputs.map((o) => o.bonus)),
      charged: sumOf(outputs.map((o) => o.value)),
    },
  };
}

/**
 * The split when the visitor states what they pay rather than what they buy (a voucher bought "fees included"): each
 * explicit part's value is what its method is charged, `lastPayment` is charged the rest of `total`, and the fee is
 * taken out of each charge instead of added to it. A method's fee is the rule's fee (shareOf, above) on the largest
 * share its charge can carry with that fee; the haléř or grosz the rounding may leave over stays in the share, so
 * the methods are charged exactly `total` and never a fee above the rule's on what they pay. No vouchers: what is
 * bought this way is itself a voucher.
 */
export function calculateChargedPayment(
  input: Omit<CalculationInput, "due" | "vouchers"> & { readonly total: number }
): { ok: true; calculation: PaymentCalculation } | { ok: false; problem: CalculationProblem } {
  requireAmount(input.total, "total");
  const charges = methodShares({ ...input, due: input.total, vouchers: [] }, input.total);
  if (!charges.ok) return charges;
  const outputs = charges.value.map(({ methodId, value: charged }) => {
    const fee = feeWithin(input.product, methodId, charged);
    const promotion = cardPromotionBonus(methodId, charged, input.today);
    return { methodId, share: charged - fee, fee, value: charged, bonus: promotion.bonus, bonusPercent: promotion.bonusPercent };
  });
  return {
    ok: true,
    calculation: {
      invalid: [],
      credits: [],
      units: [],
      outputs,
      discount: 0,
      creditUsed: 0,
      serviceFee: sumOf(outputs.map((o) => o.fee)),
      bonus: sumOf(outputs.map((o) => o.bonus)),
      charged: sumOf(outputs.map((o) => o.value)),
    },
  };
}

/** The fee a charge of `charged` carries: the rule's fee on the largest share whose charge is not above it. */
export function feeWithin(product: ProductKey, methodId: string, charged: number): number {
  return shareOf(largestShareWithin(product, methodId, charged), serviceFeeBasisPoints(product, methodId));
}

/** The largest share of a price a method can pay when it may be charged at most `charged`, its fee included. */
export function largestShareWithin(product: ProductKey, methodId: string, charged: number): number {
  requireAmount(charged, "charged");
  const basisPoints = serviceFeeBasisPoints(product, methodId);
  const chargeOf = (share: number) => share + shareOf(share, basisPoints);
  // Never above the answer: this share's fee is at most charged − share before rounding, and rounding half up cannot
  // pass that whole number. The fee's rounding may leave room for a haléř or two more.
  let share = Math.floor((charged * 10_000) / (10_000 + basisPoints));
  while (chargeOf(share + 1) <= charged) share += 1;
  return share;
}

/**
 * The unpaid part of an order moved to another method (after a declined or cancelled try at a gateway, SPEC §4): it
 * pays the same share of the price, and the new method is charged that share plus its own service fee, by the rules
 * above. The share is read back from what the old method is charged: its fee grows with the share, so one share only
 * gives each amount.
 */
export interface PaymentSwitch {
  readonly product: ProductKey;
  /** The variant's methods for hotel orders. */
  readonly methods: readonly PaymentMethodInfo[];
  /** The payment to move: its method and what that method is charged. */
  readonly from: { readonly methodId: string; readonly value: number };
  readonly to: string;
  /** The methods of the order's other payments: a method pays one part of an order only. */
  readonly otherMethodIds: readonly string[];
  /** A voucher of the order removed the service fees. */
  readonly feeRemoved: boolean;
  /** The methods each coupon of the order is limited to (null: any). */
  readonly couponLimits: readonly (readonly string[] | null)[];
  /** Market date YYYY-MM-DD. */
  readonly today: string;
}

/** The methods an unpaid part may move to: any other method of the variant the order does not use yet. */
export function switchTargets(
  methods: readonly PaymentMethodInfo[],
  fromMethodId: string,
  otherMethodIds: readonly string[]
): PaymentMethodInfo[] {
  return methods.filter((m) => m.kind !== "voucher" && m.id !== fromMethodId && !otherMethodIds.includes(m.id));
}

/** What the moved part was charged (`previous`, read back) and what it is charged now (`output`). */
export function switchPayment(
  input: PaymentSwitch
): { ok: true; previous: PaymentOutput; output: PaymentOutput } | { ok: false; problem: CalculationProblem } {
  if (!input.methods.some((m) => m.id === input.to)) return refuse("method_unavailable", "method_id");
  if (!switchTargets(input.methods, input.from.methodId, input.otherMethodIds).some((m) => m.id === input.to)) {
    return refuse("method_repeated", "method_id");
  }
  if (input.couponLimits.some((allowed) => allowed !== null && !allowed.includes(input.to))) {
    return refuse("coupon_not_for_payment_type", "method_id");
  }
  const { product, from, feeRemoved, today } = input;
  const share = shareOfCharged(product, from.methodId, from.value, feeRemoved);
  return {
    ok: true,
    previous: methodOutput(product, from.methodId, share, feeRemoved, today),
    output: methodOutput(product, input.to, share, feeRemoved, today),
  };
}

/** The share a method's charge pays: the one share whose charge (share plus fee) is `charged`. */
export function shareOfCharged(product: ProductKey, methodId: string, charged: number, feeRemoved: boolean): number {
  requireAmount(charged, "charged");
  if (feeRemoved) return charged;
  const basisPoints = serviceFeeBasisPoints(product, methodId);
  const chargeOf = (share: number) => share + shareOf(share, basisPoints);
  // The charge grows with the share: the first share charged at least `charged` is the one, or none is.
  let share = Math.floor((charged * 10_000) / (10_000 + basisPoints));
  while (chargeOf(share) < charged) share += 1;
  if (chargeOf(share) !== charged) throw new RangeError(`${charged} is no charge of ${methodId}`);
  return share;
}
