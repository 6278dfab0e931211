import type { Database } from "../db/database";
import { enqueueJob, type EnqueueJobInput } from "../jobs/queue";
import type { OrderMailKind } from "./order-mail";

/**
 * The durable work an order calls for, enqueued in the same transaction as the change that calls for it (the
 * transactional outbox): a crash after the commit loses none of it, and a rollback sends none of it. Each job has a
 * dedupe key (its kind and what it is about), so asking twice (a replayed return, a retried request) books once and
 * mails once. `now` is the caller's clock: the job is due then.
 */
export const orderJobKinds = {
  booking: "order-booking",
  bookingCancel: "order-booking-cancel",
  expiry: "order-expiry",
  gatewayRefund: "order-gateway-refund",
  mail: "order-mail",
  voucherIssue: "voucher-issue",
} as const;

/** Books the order's rooms with the provider; once per order, ever. */
export function bookingJob(orderId: string, now: Date): EnqueueJobInput {
  return {
    kind: orderJobKinds.booking,
    payload: { orderId },
    runAt: now,
    dedupeKey: `${orderJobKinds.booking}:${orderId}`,
  };
}

/** Issues the voucher a voucher order bought, once it is paid in full; once per order, ever. */
export function voucherIssueJob(orderId: string, now: Date): EnqueueJobInput {
  return {
    kind: orderJobKinds.voucherIssue,
    payload: { orderId },
    runAt: now,
    dedupeKey: `${orderJobKinds.voucherIssue}:${orderId}`,
  };
}

/** Cancels the order's booking with the provider. */
export async function enqueueBookingCancel(db: Database, orderId: string, now: Date): Promise<void> {
  await enqueueJob(db, {
    kind: orderJobKinds.bookingCancel,
    payload: { orderId },
    runAt: now,
    dedupeKey: `${orderJobKinds.bookingCancel}:${orderId}`,
  });
}

/** Cancels the order at its pay-by deadline if it still owes money then. */
export function expiryJob(orderId: string, payBy: Date): EnqueueJobInput {
  return {
    kind: orderJobKinds.expiry,
    payload: { orderId },
    runAt: payBy,
    dedupeKey: `${orderJobKinds.expiry}:${orderId}`,
  };
}

/** Gives a payment of a cancelled order back through its gateway (or as a voucher when the gateway will not). */
export async function enqueueGatewayRefund(db: Database, paymentId: string, now: Date): Promise<void> {
  await enqueueJob(db, {
    kind: orderJobKinds.gatewayRefund,
    payload: { paymentId },
    runAt: now,
    dedupeKey: `${orderJobKinds.gatewayRefund}:${paymentId}`,
  });
}

export interface OrderMailPayload {
  kind: OrderMailKind;
  orderId: string;
  /** The payment a "payment received" mail is about. */
  paymentId?: string;
  /** The voucher a cancellation gave, or a voucher order bought. */
  voucherId?: string;
  /** Set when an operator sends a voucher's mail again (ISO instant): a new message, not the first one repeated. */
  resentAt?: string;
}

/** One e-mail about an order; the same mail about the same thing is only ever sent once. */
export async function enqueueOrderMail(db: Database, mail: OrderMailPayload, now: Date): Promise<void> {
  await enqueueJob(db, orderMailJob(mail, now));
}

export function orderMailJob(mail: OrderMailPayload, now: Date): EnqueueJobInput {
  const about = [mail.paymentId ?? mail.voucherId, mail.resentAt].filter(Boolean).join(":");
  return {
    kind: orderJobKinds.mail,
    payload: mail,
    runAt: now,
    dedupeKey: `${orderJobKinds.mail}:${mail.kind}:${mail.orderId}${about ? `:${about}` : ""}`,
  };
}
