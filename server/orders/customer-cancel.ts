import type { Database } from "../db/database";
import { cancellationDeadline, cancelRefusal, orderCancellationValue } from "../domain/order-lifecycle";
import { findHotelOrder, lockedHotelOrder, saveCancelledByCustomer, type StoredOrder } from "../stores/orders";
import type { ProductKey } from "../domain/products";
import { enqueueBookingCancel } from "./order-jobs";
import { requestedOwnHotelOrder } from "./order-lookup";
import { readableHotelOrder, type ReadableHotelOrder } from "./readable-order";
import { giveRefundVoucher } from "./refund-voucher";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";

/**
 * The customer cancels an order before its deadline (SPEC §4): irreversible. Everything paid (vouchers' credit
 * included) less the cancellation fees becomes one new value voucher; what was still owed is no longer owed; the
 * booking with the provider is cancelled by a job; the customer gets an e-mail. Asking again for an order the
 * customer already cancelled answers the same order (a double click, a reload of the confirmation).
 */
export async function cancelOrderByCustomer(db: Database, orderId: string, now: Date): Promise<StoredOrder> {
  return db.transaction(async (tx) => {
    const order = await lockedHotelOrder(tx, orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === "cancelled_by_user") return order;
    const refusal = cancelRefusal(
      { status: order.status, bookingStatus: order.bookingStatus, deadline: cancellationDeadline(order.summary.rooms) },
      now
    );
    if (refusal) throw new Refused({ kind: "cancel_refused", reason: refusal });

    const value = orderCancellationValue(order);
    await saveCancelledByCustomer(tx, orderId, now);
    if (order.bookingStatus === "active") await enqueueBookingCancel(tx, orderId, now);
    // Nothing paid, or nothing left after the fees: the status page confirms it, and there is no voucher to send.
    if (value > 0) {
      const paid = order.payments.filter((payment) => payment.status === "paid").map((payment) => payment.id);
      await giveRefundVoucher(tx, order, paid, value, now);
    }
    return (await findHotelOrder(tx, orderId))!;
  });
}

/** The customer, proved by the order's owner key, cancels their hotel order; answers it as they see it, and when. */
export async function cancelOwnOrder(
  deps: Pick<UseCaseDeps, "db" | "config" | "now">,
  product: ProductKey,
  orderId: string,
  ownerKey: string
): Promise<{ cancelled: ReadableHotelOrder; now: Date }> {
  const { id } = await requestedOwnHotelOrder(deps, product, orderId, ownerKey);
  const now = deps.now();
  const order = await cancelOrderByCustomer(deps.db, id, now);
  return { cancelled: readableHotelOrder(order, deps.config, now, "customer"), now };
}
