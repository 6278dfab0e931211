import type { Database } from "../db/database";
import { booksBeforePayment } from "../domain/order-lifecycle";
import { isFinalOrderStatus, type OrderStatus, type PaymentStatus } from "../domain/order-status";
import { attemptStateAfter, paymentStatusOfAttempts } from "../domain/payment-gateways";
import { isMoneyReceived } from "../domain/payment-methods";
import {
  lockedOrderIdByNumber,
  saveWaitingTransfersPaid,
  settleOrderStatus,
  type AnyStoredOrder,
} from "../stores/orders";
import { lockAttemptForReport, saveAttemptState, savePaymentStatus } from "../stores/payment-attempts";
import { enqueueJobs, type EnqueueJobInput } from "../jobs/queue";
import { bookingJob, orderMailJob, voucherIssueJob } from "./order-jobs";

/**
 * What follows from an order's payments, inside the transaction that changed them: the order's status, the booking
 * once it is paid (or the voucher a voucher order bought), and an e-mail for each payment received. Answers the order
 * as it now stands. Every path that changes a payment (a gateway's report, a transfer seen on the account) ends here,
 * at `now`; an order's creation inserts the status its payments give and enqueues the same jobs.
 */
export async function settleOrder(db: Database, orderId: string, now: Date): Promise<AnyStoredOrder> {
  const order = await settleOrderStatus(db, orderId, now);
  await enqueueJobs(db, settlementJobs(order, now));
  return order;
}

/** The work an order's settled payments call for (settleOrder). */
export function settlementJobs(order: AnyStoredOrder, now: Date): EnqueueJobInput[] {
  const jobs: EnqueueJobInput[] = [];
  if (order.status === "paid") {
    // Paid in full: the stay is booked (unless it was booked at ordering), the voucher bought is issued.
    if (order.kind === "voucher") jobs.push(voucherIssueJob(order.id, now));
    else if (!booksBeforePayment(order.summary.timing)) jobs.push(bookingJob(order.id, now));
  }
  for (const payment of order.payments) {
    // Vouchers' credit is taken at ordering and needs no receipt; the confirmation lists it.
    if (isMoneyReceived(payment)) {
      jobs.push(orderMailJob({ kind: "payment_received", orderId: order.id, paymentId: payment.id }, now));
    }
  }
  return jobs;
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
 * Records what a gateway reported of a try, and settles its order, in one transaction under the order's row lock,
 * so that a return and a status answer arriving together apply one after the other. The try moves only forward (the
 * domain's rule); the payment's status follows its tries and the order's status its payments. A cancelled order
 * keeps its payments as the cancellation left them. Only the tries at the payment's own gateway count: a payment
 * moved to another method (OrderPaymentChange) keeps its earlier, failed tries, and a late report of one of those
 * must not speak for the new method.
 */
export async function recordAttemptState(
  db: Database,
  attemptId: string,
  reported: PaymentStatus,
  now: Date
): Promise<AttemptChange> {
  return db.transaction(async (tx) => {
    const locked = await lockAttemptForReport(tx, attemptId);
    const { tries, paymentStatus: paymentBefore } = locked;
    const current = tries.find((t) => t.id === attemptId);
    if (!current) {
      // A try of the method the payment had before it moved: it ended before the move, so there is nothing to record.
      return {
        attempt: locked.attempt.state,
        changed: false,
        payment: paymentBefore,
        order: locked.orderStatus,
        paidTwice: false,
      };
    }

    // Read again under the lock: another report may have moved the try since it was first read.
    const before = current.state;
    const after = attemptStateAfter(before, reported);
    const live = !isFinalOrderStatus(locked.orderStatus);
    const paidBefore = paymentStatusOfAttempts(tries.map((t) => t.state)) === "paid";
    const states = tries.map((t) => (t.id === attemptId ? after : t.state));
    // A cancelled order keeps its payments as the cancellation left them, but money it had received can still go
    // back through the gateway (a refund of a paid payment), and the payment then says so.
    const paymentStatus = live || paymentBefore === "paid" ? paymentStatusOfAttempts(states) : paymentBefore;

    if (after !== before) await saveAttemptState(tx, attemptId, after, now);
    if (paymentStatus !== paymentBefore) await savePaymentStatus(tx, locked.paymentId, paymentStatus, now);
    return {
      attempt: after,
      changed: after !== before,
      payment: paymentStatus,
      order: (await settleOrder(tx, locked.orderId, now)).status,
      paidTwice: after === "paid" && before !== "paid" && (paidBefore || !live),
    };
  });
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
    const orderId = await lockedOrderIdByNumber(tx, number);
    if (!orderId) return undefined;
    const paid = await saveWaitingTransfersPaid(tx, orderId, now);
    const { status } = await settleOrder(tx, orderId, now);
    return { orderId, paid, status };
  });
}
