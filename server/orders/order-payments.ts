import { and, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders, payments } from "../db/schema";
import { booksBeforePayment, owesPayment } from "../domain/order-lifecycle";
import type { OrderStatus } from "../domain/order-status";
import { findOrder, settleOrderStatus, type StoredOrder } from "../stores/orders";
import { enqueueBooking, enqueueExpiry, enqueueOrderMail } from "./order-jobs";

/**
 * What follows from an order's payments, inside the transaction that changed them: the order's status, the booking
 * once it is paid, and an e-mail for each payment received. Answers the order as it now stands. Every path that
 * changes a payment (a gateway's report, a transfer seen on the account, the order's creation) ends here, at `now`.
 */
export async function settleOrder(db: Database, orderId: string, now: Date): Promise<StoredOrder> {
  const status = await settleOrderStatus(db, orderId, now);
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  if (status === "paid" && !booksBeforePayment(order.summary.timing)) await enqueueBooking(db, orderId, now);
  for (const payment of order.payments) {
    // Vouchers' credit is taken at ordering and needs no receipt; the confirmation lists it.
    if (payment.status === "paid" && payment.methodId !== "voucher" && payment.value > 0) {
      await enqueueOrderMail(db, { kind: "payment_received", orderId, paymentId: payment.id }, now);
    }
  }
  return order;
}

/**
 * A new order, in the transaction that created it: its confirmation, its pay-by deadline's check, and the booking
 * of a stay the hotel is paid for later.
 */
export async function onOrderCreated(db: Database, order: StoredOrder, now: Date): Promise<void> {
  await enqueueOrderMail(db, { kind: "order_confirmation", orderId: order.id }, now);
  if (owesPayment(order.status) && order.payBy) await enqueueExpiry(db, order.id, order.payBy);
  if (booksBeforePayment(order.summary.timing)) await enqueueBooking(db, order.id, now);
}

/**
 * An operator saw a transfer arrive: the order's waiting transfer payments become paid and the order's status follows.
 * Answers undefined when no order has this number.
 */
export async function markTransferPaid(
  db: Database,
  number: string,
  now: Date
): Promise<{ orderId: string; paid: number; status: OrderStatus } | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number)).for("update");
    if (!order) return undefined;
    const paid = await tx
      .update(payments)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.methodId, "transfer"), eq(payments.status, "waiting")))
      .returning({ id: payments.id });
    const { status } = await settleOrder(tx, order.id, now);
    return { orderId: order.id, paid: paid.length, status };
  });
}
