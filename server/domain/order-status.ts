/**
 * An order's status and how its reservation's progress is worded to people (SPEC §4).
 *
 * While an order is live its status follows its payments; the cancelled and refunded statuses are final and no
 * payment changes them. Every payment of a live order is owed until it is paid: one the visitor cancelled at the
 * gateway, or the bank declined, is tried again (a new attempt at the gateway), so it still stands between the
 * order and "paid". Money goes back (revoked, refunded) only when an order is cancelled, which is final.
 */

export type OrderStatus =
  | "waiting"
  | "paid"
  | "partially_paid"
  | "cancelled_by_user"
  | "cancelled_duplicate"
  | "cancelled_refund"
  | "cancelled_automatically"
  | "refunded_automatically";

export type PaymentStatus = "waiting" | "cancelled" | "rejected" | "revoked" | "refunded" | "paid";

export type BookingStatus = "active" | "cancelled" | "completed" | "error" | "pending" | "not_ordered";

export type ReservationProgress = "sent" | "awaiting_payment" | "paid" | "confirmed" | "cancelled";

const finalStatuses: ReadonlySet<OrderStatus> = new Set([
  "cancelled_by_user",
  "cancelled_duplicate",
  "cancelled_refund",
  "cancelled_automatically",
  "refunded_automatically",
]);

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return finalStatuses.has(status);
}

/**
 * The status an order takes after a change to its payments (values in minor units). Nothing left unpaid: paid, also
 * when nothing was ever to be paid online (a stay paid at the hotel, an order a coupon covers): such an order owes the
 * shop nothing, so no pay-by deadline may cancel it. No paid money: waiting. Both: partially paid. A paid payment of
 * zero value pays nothing, so it alone keeps the order waiting while other payments are due.
 */
export function orderStatusAfterPayments(
  current: OrderStatus,
  payments: readonly { status: PaymentStatus; value: number }[]
): OrderStatus {
  if (isFinalOrderStatus(current)) return current;
  // Values are never negative: a sum is 0 exactly when each of its values is.
  if (payments.every((p) => p.status === "paid" || p.value === 0)) return "paid";
  return payments.some((p) => p.status === "paid" && p.value > 0) ? "partially_paid" : "waiting";
}

/**
 * The step people see, in the order they live it (send, pay, confirmation, travel):
 * - cancelled: the order was cancelled or refunded, or the stay was cancelled (also directly on the booking portal);
 * - confirmed: the hotel holds the room (booking active, or completed once the stay is over), whatever is still to
 *   be paid later, as with a benefit card's pay-by deadline;
 * - sent: the order is in and has nothing to pay online (`hasPayments` false, e.g. paid at the property) while the
 *   room is being booked: it is never "paid", the hotel is paid at the stay. Orders are created with their payments,
 *   hence the default;
 * - paid: the money is in and the room is being booked;
 * - awaiting payment: some or all of the order's payments are still due.
 */
export function reservationProgress(
  status: OrderStatus,
  bookingStatus: BookingStatus,
  hasPayments = true
): ReservationProgress {
  if (isFinalOrderStatus(status) || bookingStatus === "cancelled") return "cancelled";
  if (bookingStatus === "active" || bookingStatus === "completed") return "confirmed";
  if (!hasPayments) return "sent";
  return status === "paid" ? "paid" : "awaiting_payment";
}

/** The booking with the hotel as worded to people: its own status, or "cancelling" while a cancellation catches up. */
export type BookingProgress = BookingStatus | "cancelling";

/**
 * Once the order is cancelled (final), the booking it made is cancelled with the provider by a job, a moment later:
 * until then the booking is still active (or being made), but it must not read "confirmed" to a customer whose
 * cancellation was accepted; and a booking never made will not be made, so it is not "not booked yet" but cancelled.
 * Every other booking status is said as it is.
 */
export function bookingProgress(status: OrderStatus, bookingStatus: BookingStatus): BookingProgress {
  if (!isFinalOrderStatus(status)) return bookingStatus;
  if (bookingStatus === "active" || bookingStatus === "pending") return "cancelling";
  return bookingStatus === "not_ordered" ? "cancelled" : bookingStatus;
}
