import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders, paymentAttempts, payments } from "../db/schema";
import type { OrderStatus, PaymentStatus } from "../domain/order-status";
import { gatewayOfMethod, type GatewayType } from "../domain/payment-gateways";

export interface StoredAttempt {
  readonly id: string;
  readonly paymentId: string;
  readonly gateway: GatewayType;
  readonly gatewayRef: string | null;
  readonly state: PaymentStatus;
  readonly createdAt: Date;
}

function toAttempt(row: typeof paymentAttempts.$inferSelect): StoredAttempt {
  return {
    id: row.id,
    paymentId: row.paymentId,
    gateway: row.gateway as GatewayType,
    gatewayRef: row.gatewayRef,
    state: row.state as PaymentStatus,
    createdAt: row.createdAt,
  };
}

/** A new try at the gateway, recorded before the gateway is asked, so every return finds the try it belongs to. */
export async function insertAttempt(
  db: Database,
  paymentId: string,
  gateway: GatewayType,
  now: Date
): Promise<StoredAttempt> {
  const [row] = await db
    .insert(paymentAttempts)
    .values({ paymentId, gateway, state: "waiting", createdAt: now, updatedAt: now })
    .returning();
  return toAttempt(row);
}

/** The gateway's own id of the try, once the gateway has answered the start. */
export async function setAttemptRef(db: Database, attemptId: string, gatewayRef: string, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ gatewayRef, updatedAt: now })
    .where(eq(paymentAttempts.id, attemptId));
}

/** A try with the order it pays for and the amount it is for (its payment's value). */
export async function findAttempt(
  db: Database,
  attemptId: string
): Promise<(StoredAttempt & { orderId: string; value: number }) | undefined> {
  const [row] = await db
    .select({ attempt: paymentAttempts, orderId: payments.orderId, value: payments.value })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(eq(paymentAttempts.id, attemptId))
    .limit(1);
  return row && { ...toAttempt(row.attempt), orderId: row.orderId, value: row.value };
}

/** The payment's try that was paid, with the order it paid for and the payment's value and status now. */
export async function paidAttemptOf(
  db: Database,
  paymentId: string
): Promise<{ attempt: StoredAttempt; orderId: string; value: number; status: PaymentStatus } | undefined> {
  const [row] = await db
    .select({ attempt: paymentAttempts, orderId: payments.orderId, value: payments.value, status: payments.status })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(and(eq(paymentAttempts.paymentId, paymentId), eq(paymentAttempts.state, "paid")))
    .limit(1);
  return row && { ...row, attempt: toAttempt(row.attempt), status: row.status as PaymentStatus };
}

/** A try as a gateway's report finds it, read under its order's row lock. */
export interface AttemptUnderLock {
  readonly orderId: string;
  readonly orderStatus: OrderStatus;
  readonly paymentId: string;
  readonly paymentStatus: PaymentStatus;
  /**
   * The tries of the payment at the payment's own gateway, oldest first, each in its state as read under the lock:
   * a payment moved to another method (OrderPaymentChange) keeps its earlier tries, which no longer count.
   */
  readonly tries: readonly { readonly id: string; readonly state: PaymentStatus }[];
  /** The try reported on, as first read (before the lock). */
  readonly attempt: StoredAttempt;
}

/**
 * Reads a try for recording a gateway's report on it, taking the order's row lock first (the lock every change to
 * an order's payments takes), so that a return and a status answer arriving together apply one after the other.
 * Call it inside the transaction that records the report.
 */
export async function lockAttemptForReport(db: Database, attemptId: string): Promise<AttemptUnderLock> {
  const attempt = await findAttempt(db, attemptId);
  if (!attempt) throw new Error(`no payment attempt ${attemptId}`);
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, attempt.orderId))
    .for("update");
  const [payment] = await db.select().from(payments).where(eq(payments.id, attempt.paymentId));
  const tries = await db
    .select({ id: paymentAttempts.id, state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.paymentId, payment.id),
        eq(paymentAttempts.gateway, gatewayOfMethod(payment.methodId) ?? "")
      )
    )
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  return {
    orderId: attempt.orderId,
    orderStatus: order.status as OrderStatus,
    paymentId: payment.id,
    paymentStatus: payment.status as PaymentStatus,
    tries: tries.map((t) => ({ id: t.id, state: t.state as PaymentStatus })),
    attempt,
  };
}

export async function saveAttemptState(db: Database, attemptId: string, state: PaymentStatus, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ state, updatedAt: now })
    .where(eq(paymentAttempts.id, attemptId));
}

/** A payment's status; a paid one notes when it was paid, any other forgets it. */
export async function savePaymentStatus(
  db: Database,
  paymentId: string,
  status: PaymentStatus,
  now: Date
): Promise<void> {
  await db
    .update(payments)
    .set({ status, paidAt: status === "paid" ? now : null, updatedAt: now })
    .where(eq(payments.id, paymentId));
}

/** The states of a payment's tries, oldest first. */
export async function attemptStatesOf(db: Database, paymentId: string): Promise<PaymentStatus[]> {
  const rows = await db
    .select({ state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.paymentId, paymentId))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  return rows.map((row) => row.state as PaymentStatus);
}
