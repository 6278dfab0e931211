import type { Database } from "../db/database";
import { statementAccountKey, type BankStatement, type StatementEntry } from "../domain/bank-statement";
import { isFinalOrderStatus, type OrderStatus } from "../domain/order-status";
import { methodIds } from "../domain/payment-methods";
import { orderNumbersNamedBy, orderPaidBy, settleTransfers, type TransferDue } from "../domain/transfer-matching";
import { insertBankMovement, type MovementOutcome } from "../stores/bank-movements";
import {
  lockedOrder,
  ordersByNumbers,
  savePaymentPartlyPaid,
  savePaymentsPaid,
  type AnyStoredOrder,
} from "../stores/orders";
import { settleOrder } from "./payment-settlement";

/**
 * What one movement of an imported statement did:
 * - a MovementOutcome: it was new, and paid an order (paid, partly_paid, overpaid), or brought money no order owed
 *   (not_due, no_order, several_orders, other_currency), which the operator's list now shows;
 * - already_imported: an earlier import had it, and it changed nothing this time;
 * - outgoing: money the shop sent (a refund, a bank fee), which pays no order.
 */
export type ImportedOutcome = MovementOutcome | "already_imported" | "outgoing";

export interface ImportedMovement {
  readonly entry: StatementEntry;
  readonly outcome: ImportedOutcome;
  /** The order it paid or brought money for, when it names one. */
  readonly orderNumber?: string;
  /** The order's status after it. */
  readonly orderStatus?: OrderStatus;
  /** Minor units: what it paid of the order, and what the order did not owe. */
  readonly applied: number;
  readonly surplus: number;
  /** Of a partly paid order, what is still due by transfer. */
  readonly stillDue?: number;
}

/**
 * Imports a statement's movements, each in a transaction of its own under its order's row lock, so that a gateway's
 * report or the pay-by job cannot cross it, and a movement stands or falls alone. A movement imported before changes
 * nothing: `source` (a file's name, "fio") is kept with the movements it brought first.
 */
export async function importBankStatement(
  db: Database,
  statement: BankStatement,
  source: string,
  now: Date
): Promise<ImportedMovement[]> {
  const imported: ImportedMovement[] = [];
  for (const entry of statement.entries) {
    imported.push(
      entry.amount <= 0
        ? { entry, outcome: "outgoing", applied: 0, surplus: 0 }
        : await importMovement(db, { account: statementAccountKey(statement.account), entry, source }, now)
    );
  }
  return imported;
}

async function importMovement(
  db: Database,
  movement: { account: string; entry: StatementEntry; source: string },
  now: Date
): Promise<ImportedMovement> {
  const { entry } = movement;
  return db.transaction(async (tx) => {
    const named = await ordersByNumbers(tx, orderNumbersNamedBy(entry));
    const match = orderPaidBy(entry, named);
    if ("unmatched" in match) {
      const unmatched = { outcome: match.unmatched, applied: 0, surplus: entry.amount };
      const isNew = await insertBankMovement(tx, { ...movement, ...unmatched }, now);
      return isNew ? { entry, ...unmatched } : { entry, outcome: "already_imported", applied: 0, surplus: 0 };
    }

    const order = await lockedOrder(tx, match.order.id);
    if (!order) throw new Error(`order ${match.order.id} disappeared under its lock`);
    const settlement = settleTransfers(entry.amount, transfersDue(order));
    const { outcome, applied, surplus } = settlement;
    const isNew = await insertBankMovement(tx, { ...movement, outcome, orderId: order.id, applied, surplus }, now);
    const about = { entry, orderNumber: order.orderNumber };
    if (!isNew) return { ...about, outcome: "already_imported", orderStatus: order.status, applied: 0, surplus: 0 };
    if (applied === 0) return { ...about, outcome, orderStatus: order.status, applied, surplus };

    await savePaymentsPaid(tx, order.id, settlement.paid, now);
    if (settlement.split) await savePaymentPartlyPaid(tx, order.id, settlement.split, now);
    const settled = await settleOrder(tx, order.id, now);
    const stillDue = transfersDue(settled).reduce((sum, transfer) => sum + transfer.value, 0);
    return { ...about, outcome, orderStatus: settled.status, applied, surplus, ...(stillDue > 0 && { stillDue }) };
  });
}

/**
 * The order's transfers still waiting for their money, in their order in the split; none of a cancelled order,
 * whose money is returned rather than taken.
 */
function transfersDue(order: AnyStoredOrder): TransferDue[] {
  if (isFinalOrderStatus(order.status)) return [];
  return order.payments
    .filter((payment) => payment.methodId === methodIds.transfer && payment.status === "waiting")
    .map((payment) => ({ paymentId: payment.id, value: payment.value }));
}
