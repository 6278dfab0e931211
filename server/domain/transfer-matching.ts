/**
 * What a movement on the shop's bank account pays (issue 33): a transfer names its order by the variable symbol (a
 * Czech payment's own field) or, from a Polish bank that has none, by the order number in its title, and pays the
 * order's transfers still due. Received in full: they are paid. Less: the transfers it covers are paid and the one it
 * covers in part splits into what was received, paid, and the rest, still due. More, or for an order that owes no
 * transfer, or naming no order: the money is listed for the operator, who returns it or finds its order.
 */

import type { StatementEntry } from "./bank-statement";

/**
 * Order numbers are the two-digit year and a sequence of at least six digits (order-number.ts), and a variable symbol
 * has at most ten: a title's run of 8 to 10 digits, not inside a longer one, may name an order. Shorter runs are dates,
 * amounts and house numbers.
 */
const ORDER_NUMBER_IN_TEXT = /(?<!\d)\d{8,10}(?!\d)/g;

/**
 * The order numbers an incoming movement may name, the surest first: its variable symbol, then each number of an
 * order's shape in its message, once each.
 */
export function orderNumbersNamedBy(entry: Pick<StatementEntry, "variableSymbol" | "message">): string[] {
  const named = [entry.variableSymbol, ...(entry.message?.match(ORDER_NUMBER_IN_TEXT) ?? [])];
  return [...new Set(named.filter((number): number is string => number !== undefined && number !== ""))];
}

/** A transfer payment of the order still waiting for its money. */
export interface TransferDue {
  readonly paymentId: string;
  /** Minor units, more than 0. */
  readonly value: number;
}

/**
 * What an incoming movement does to the order it names:
 * - paid: it paid every transfer due, exactly;
 * - partly_paid: it paid less than was due, which stays due;
 * - overpaid: it paid every transfer due and `surplus` more, to be returned;
 * - not_due: the order owes no transfer (already paid, cancelled, paid otherwise): all of it is surplus.
 */
export type TransferOutcome = "paid" | "partly_paid" | "overpaid" | "not_due";

export interface TransferSettlement {
  readonly outcome: TransferOutcome;
  /** The transfers it pays whole. */
  readonly paid: readonly string[];
  /** The transfer it pays in part: `received` of it is paid, the rest stays due. */
  readonly split?: { readonly paymentId: string; readonly received: number; readonly rest: number };
  /** What it applied to the order: its amount less the surplus. */
  readonly applied: number;
  /** What the order did not owe. */
  readonly surplus: number;
}

/**
 * Applies `amount` (minor units, more than 0) to the order's transfers due, in their order in the split: each is paid
 * whole while the money lasts, the next in part; what is left over is surplus.
 */
export function settleTransfers(amount: number, due: readonly TransferDue[]): TransferSettlement {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A movement pays a positive number of minor units, not ${amount}`);
  }
  const paid: string[] = [];
  let left = amount;
  for (const transfer of due) {
    if (left >= transfer.value) {
      paid.push(transfer.paymentId);
      left -= transfer.value;
      continue;
    }
    // The money ran out on this transfer, or just before it: it and those after it stay due.
    const split = left > 0 ? { paymentId: transfer.paymentId, received: left, rest: transfer.value - left } : undefined;
    return { outcome: "partly_paid", paid, ...(split && { split }), applied: amount, surplus: 0 };
  }
  if (due.length === 0) return { outcome: "not_due", paid, applied: 0, surplus: amount };
  return { outcome: left === 0 ? "paid" : "overpaid", paid, applied: amount - left, surplus: left };
}

/**
 * Why an incoming movement pays no order and is listed for the operator:
 * - no_order: it names no order of the shop (no variable symbol, no order number in its title, or one of no order);
 * - several_orders: its title names more than one order, and which it pays is the operator's call;
 * - other_currency: the order is in another currency than the money received.
 */
export type UnmatchedReason = "no_order" | "several_orders" | "other_currency";

/** The order a movement pays, among those its numbers name (orderNumbersNamedBy), or why there is none. */
export function orderPaidBy<Order extends { readonly currency: string }>(
  entry: Pick<StatementEntry, "currency">,
  named: readonly Order[]
): { order: Order } | { unmatched: UnmatchedReason } {
  if (named.length === 0) return { unmatched: "no_order" };
  if (named.length > 1) return { unmatched: "several_orders" };
  const [order] = named as [Order];
  return order.currency === entry.currency ? { order } : { unmatched: "other_currency" };
}
