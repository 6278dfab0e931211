import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders, paymentAttempts, payments } from "../db/schema";
import { isFinalOrderStatus, type OrderStatus, type PaymentStatus } from "../domain/order-status";
import {
  attemptStateAfter,
  gatewayOfMethod,
  paymentStatusOfAttempts,
  type GatewayType,
} from "../domain/payment-gateways";
import { settleOrder } from "../orders/order-payments";

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

export interface AttemptChange {
  /** The try's state after the report: the same as before when the report could not move it. */
  readonly attempt: PaymentStatus;
  readonly changed: boolean;
  readonly payment: PaymentStatus;
  readonly order: OrderStatus;
  /** The payment was already paid by another try when this one was approved too: its money must go back. */
  readonly paidTwice: boolean;
}

/**
 * Records what a gateway reported of a try, in one transaction under the order's row lock (the lock every change to
 * an order's payments takes first), so that a return and a status answer arriving together apply one after the
 * other. The try moves only forward (the domain's rule); the payment's status follows its tries and the order's
 * status its payments. A cancelled order keeps its payments as the cancellation left them. Only the tries at the
 * payment's own gateway count: a payment moved to another method (OrderPaymentChange) keeps its earlier, failed tries,
 * and a late report of one of those must not speak for the new method.
 */
export async function recordAttemptState(
  db: Database,
  attemptId: string,
  reported: PaymentStatus,
  now: Date
): Promise<AttemptChange> {
  return db.transaction(async (tx) => {
    const attempt = await findAttempt(tx, attemptId);
    if (!attempt) throw new Error(`no payment attempt ${attemptId}`);
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, attempt.orderId))
      .for("update");
    const [payment] = await tx.select().from(payments).where(eq(payments.id, attempt.paymentId));
    const tries = await tx
      .select({ id: paymentAttempts.id, state: paymentAttempts.state })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.paymentId, payment.id),
          eq(paymentAttempts.gateway, gatewayOfMethod(payment.methodId) ?? "")
        )
      )
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
    if (!tries.some((t) => t.id === attemptId)) {
      // A try of the method the payment had before it moved: it ended before the move, so there is nothing to record.
      return {
        attempt: attempt.state,
        changed: false,
        payment: payment.status as PaymentStatus,
        order: order.status as OrderStatus,
        paidTwice: false,
      };
    }

    // Read again under the lock: another report may have moved the try since it was first read.
    const before = tries.find((t) => t.id === attemptId)!.state as PaymentStatus;
    const after = attemptStateAfter(before, reported);
    const live = !isFinalOrderStatus(order.status as OrderStatus);
    const paidBefore = paymentStatusOfAttempts(tries.map((t) => t.state as PaymentStatus)) === "paid";
    const states = tries.map((t) => (t.id === attemptId ? after : (t.state as PaymentStatus)));
    // A cancelled order keeps its payments as the cancellation left them, but money it had received can still go
    // back through the gateway (a refund of a paid payment), and the payment then says so.
    const paymentStatus =
      live || payment.status === "paid" ? paymentStatusOfAttempts(states) : (payment.status as PaymentStatus);

    if (after !== before) {
      await tx
        .update(paymentAttempts)
        .set({ state: after, updatedAt: now })
        .where(eq(paymentAttempts.id, attemptId));
    }
    if (paymentStatus !== payment.status) {
      await tx
        .update(payments)
        .set({ status: paymentStatus, paidAt: paymentStatus === "paid" ? now : null, updatedAt: now })
        .where(eq(payments.id, payment.id));
    }
    return {
      attempt: after,
      changed: after !== before,
      payment: paymentStatus,
      order: (await settleOrder(tx, attempt.orderId, now)).status,
      paidTwice: after === "paid" && before !== "paid" && (paidBefore || !live),
    };
  });
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
