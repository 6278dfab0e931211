import { GatewayUnavailableError, type PaymentGateways } from "../adapters/gateways/payment-gateway";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { expiryPlan, owesPayment } from "../domain/order-lifecycle";
import { gatewayOfMethod } from "../domain/payment-gateways";
import { isMoneyReceived } from "../domain/payment-methods";
import type { JobContext } from "../jobs/worker";
import { cancelOrder, findOrder, lockedOrder, savePaidPaymentRefunded } from "../stores/orders";
import { paidAttemptOf } from "../stores/payment-attempts";
import { recordAttemptState } from "./payment-settlement";
import { enqueueBookingCancel, enqueueGatewayRefund, enqueueOrderMail } from "./order-jobs";
import { giveRefundVoucher } from "./refund-voucher";

/**
 * The pay-by deadline's job: an order that still owes money then is cancelled by the shop, and everything it received
 * goes back (SPEC §4 "cancelled automatically", "refunded automatically"; the plan is the domain's expiryPlan).
 */

export interface ExpiryDeps {
  db: Database;
  gateways: PaymentGateways;
  now: Clock;
}

/** Thrown while the order's room is being booked: the job runs again once the provider has answered. */
export class BookingInFlightError extends Error {}

export async function expireOrder(deps: ExpiryDeps, orderId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order || !owesPayment(order.status) || now < order.payBy) return;
    if (order.bookingStatus === "pending") throw new BookingInFlightError(`order ${orderId} is being booked`);

    const plan = expiryPlan(
      order.payments.map((p) => ({ ...p, atGateway: gatewayOfMethod(p.methodId) !== undefined }))
    );
    // Waiting payments end; vouchers' credit goes back onto the vouchers it came from.
    await cancelOrder(tx, orderId, plan.status, null, now);
    // A paid transfer becomes a voucher of its own.
    const givenBack = order.payments.filter(
      (p) => isMoneyReceived(p) && !plan.refundAtGateway.includes(p.id)
    );
    for (const payment of givenBack) await savePaidPaymentRefunded(tx, payment.id, now);
    for (const paymentId of plan.refundAtGateway) await enqueueGatewayRefund(tx, paymentId, now);
    if (order.bookingStatus === "active") await enqueueBookingCancel(tx, orderId, now);
    if (plan.voucherValue > 0) {
      const intoVoucher = givenBack.map((payment) => payment.id);
      await giveRefundVoucher(tx, order, intoVoucher, plan.voucherValue, now);
    } else await enqueueOrderMail(tx, { kind: "cancelled_unpaid", orderId }, now);
  });
}

/**
 * Gives a cancelled order's gateway payment back through the gateway that took it. When the gateway still refuses
 * on the job's last try, the money is given back as a voucher instead: the customer must not wait on it forever.
 */
export async function refundGatewayPayment(deps: ExpiryDeps, paymentId: string, job: JobContext): Promise<void> {
  const paid = await paidAttemptOf(deps.db, paymentId);
  if (!paid?.attempt.gatewayRef || paid.status !== "paid") return;
  try {
    const state = await deps.gateways[paid.attempt.gateway].refund(paid.attempt.gatewayRef, paid.value);
    await recordAttemptState(deps.db, paid.attempt.id, state, deps.now());
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError) || job.attempt < job.maxAttempts) throw error;
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const order = await findOrder(tx, paid.orderId);
      if (!order) return;
      await savePaidPaymentRefunded(tx, paymentId, now);
      await giveRefundVoucher(tx, order, [paymentId], paid.value, now);
    });
  }
}
