import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { bankMovements, orders } from "../db/schema";
import type { StatementEntry } from "../domain/bank-statement";
import type { TransferOutcome, UnmatchedReason } from "../domain/transfer-matching";

/** What an imported movement did: the order it paid and how, or why it paid none. */
export type MovementOutcome = TransferOutcome | UnmatchedReason;

export interface NewBankMovement {
  readonly account: string;
  readonly entry: StatementEntry;
  readonly source: string;
  readonly outcome: MovementOutcome;
  readonly orderId?: string;
  readonly applied: number;
  readonly surplus: number;
}

/** An imported movement with money the shop did not expect, as the operator's list shows it. */
export interface MovementToResolve {
  readonly id: string;
  readonly account: string;
  readonly reference: string;
  readonly bookedOn: string;
  readonly amount: number;
  readonly currency: string;
  readonly variableSymbol: string | null;
  readonly message: string | null;
  readonly counterpartyName: string | null;
  readonly counterpartyAccount: string | null;
  readonly outcome: MovementOutcome;
  readonly orderNumber: string | null;
  readonly surplus: number;
}

/**
 * Keeps the movement unless one with its reference on its account was imported before: answers whether it is new.
 * Run before anything the movement pays is saved, in the same transaction, so a movement imported twice at once pays
 * once (the second insert waits for the first's transaction, then finds it).
 */
export async function insertBankMovement(db: Database, movement: NewBankMovement, now: Date): Promise<boolean> {
  const { entry } = movement;
  const inserted = await db
    .insert(bankMovements)
    .values({
      account: movement.account,
      reference: entry.reference,
      bookedOn: entry.bookedOn,
      amount: entry.amount,
      currency: entry.currency,
      variableSymbol: entry.variableSymbol ?? null,
      message: entry.message ?? null,
      counterpartyName: entry.counterpartyName ?? null,
      counterpartyAccount: entry.counterpartyAccount ?? null,
      source: movement.source,
      outcome: movement.outcome,
      orderId: movement.orderId ?? null,
      applied: movement.applied,
      surplus: movement.surplus,
      importedAt: now,
    })
    .onConflictDoNothing({ target: [bankMovements.account, bankMovements.reference] })
    .returning({ id: bankMovements.id });
  return inserted.length > 0;
}

/** The movements that paid no order or more than it owed, not yet resolved, oldest first. */
export async function movementsToResolve(db: Database): Promise<MovementToResolve[]> {
  const rows = await db
    .select({
      id: bankMovements.id,
      account: bankMovements.account,
      reference: bankMovements.reference,
      bookedOn: bankMovements.bookedOn,
      amount: bankMovements.amount,
      currency: bankMovements.currency,
      variableSymbol: bankMovements.variableSymbol,
      message: bankMovements.message,
      counterpartyName: bankMovements.counterpartyName,
      counterpartyAccount: bankMovements.counterpartyAccount,
      outcome: bankMovements.outcome,
      orderNumber: orders.orderNumber,
      surplus: bankMovements.surplus,
    })
    .from(bankMovements)
    .leftJoin(orders, eq(orders.id, bankMovements.orderId))
    .where(and(isNull(bankMovements.resolvedAt), gt(bankMovements.surplus, 0)))
    .orderBy(asc(bankMovements.bookedOn), asc(bankMovements.importedAt));
  return rows.map((row) => ({ ...row, outcome: row.outcome as MovementOutcome }));
}

/** The operator returned or placed the movement's surplus; answers false when no such movement waits for that. */
export async function saveMovementResolved(db: Database, id: string, now: Date): Promise<boolean> {
  const resolved = await db
    .update(bankMovements)
    .set({ resolvedAt: now })
    .where(and(eq(bankMovements.id, id), isNull(bankMovements.resolvedAt), gt(bankMovements.surplus, 0)))
    .returning({ id: bankMovements.id });
  return resolved.length > 0;
}
