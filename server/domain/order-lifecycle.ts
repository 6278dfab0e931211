import { calendarDateIn, dayNumber, zonedInstant } from "../../shared/calendar-date";
import type { BookingStatus, OrderStatus, PaymentStatus } from "./order-status";
import { isFinalOrderStatus } from "./order-status";
import { isMoneyReceived } from "./payment-methods";

/**
 * The two deadlines of a hotel order and what passing them means (SPEC §4): the customer pays what is still owed
 * online by the pay-by deadline, or the shop cancels the order and gives back what was paid; the customer may cancel
 * until the cancellation deadline, which yields a voucher worth what was paid less the cancellation fees.
 * The reasoning is in docs/decisions/010-order-lifecycle.md.
 */

/** How many days after the day of ordering a customer has to pay a benefit card, a card or a transfer. */
export const PAY_WITHIN_DAYS = 3;
/** However close the stay or the free cancellation's end, a customer gets at least this long to pay. */
export const MIN_PAY_WINDOW_MS = 60 * 60_000;

const MINUTE_MS = 60_000;

/**
 * When an order must be paid in full, a time a person can keep: the end of a day (23:59) in the market's time zone,
 * three days after the day of ordering. It comes sooner when it must: no later than the end of the day two days
 * before check-in (the hotel needs a paid booking before the guest's arrival day), no later than the first room's
 * free cancellation ends (after that, an unpaid order could no longer be cancelled free of charge; cut to the
 * minute). Whatever those say, never sooner than an hour after ordering (to the next whole minute), so a
 * last-minute order can still be paid. Always a whole minute, since it is stated to the minute.
 */
export function payByDeadline(
  createdAt: Date,
  checkIn: string,
  freeCancellationUntil: readonly (string | undefined)[],
  timeZone: string
): Date {
  const orderDay = dayNumber(calendarDateIn(createdAt, timeZone));
  const checkInDay = dayNumber(checkIn);
  if (orderDay === undefined || checkInDay === undefined) {
    throw new RangeError(`no pay-by deadline for an order made ${createdAt.toISOString()} for check-in "${checkIn}"`);
  }
  const endOfDay = (day: number) => zonedInstant(day, 23, 59, timeZone).getTime();
  const limits = [
    endOfDay(orderDay + PAY_WITHIN_DAYS),
    endOfDay(checkInDay - 2),
    ...freeCancellationUntil.flatMap((until) => (until ? [floorToMinute(Date.parse(until))] : [])),
  ];
  return new Date(Math.max(earliestPayBy(createdAt), Math.min(...limits)));
}

/** However soon the other limits fall: an hour after ordering, to the next whole minute. */
function earliestPayBy(createdAt: Date): number {
  return Math.ceil((createdAt.getTime() + MIN_PAY_WINDOW_MS) / MINUTE_MS) * MINUTE_MS;
}

/**
 * When an order with no stay (a voucher) must be paid in full: as a hotel order, by the end of the third day after the
 * day of ordering, and never sooner than an hour after ordering; no check-in or cancellation brings it forward.
 */
export function payByDeadlineWithoutStay(createdAt: Date, timeZone: string): Date {
  const orderDay = dayNumber(calendarDateIn(createdAt, timeZone))!;
  const endOfDay = zonedInstant(orderDay + PAY_WITHIN_DAYS, 23, 59, timeZone).getTime();
  return new Date(Math.max(earliestPayBy(createdAt), endOfDay));
}

function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * The last moment the customer may cancel through the shop: when the first of the rooms stops being free to cancel.
 * Undefined when a room cannot be cancelled free of charge at all, or the order has no rooms.
 */
export function cancellationDeadline(rooms: readonly { freeCancellationUntil?: string }[]): Date | undefined {
  if (rooms.length === 0 || rooms.some((room) => !room.freeCancellationUntil)) return undefined;
  return new Date(Math.min(...rooms.map((room) => Date.parse(room.freeCancellationUntil!))));
}

/** Why an order cannot be cancelled now; undefined when it can. */
export type CancelRefusal = "final" | "deadline_passed" | "booking_in_progress";

/**
 * A live order may be cancelled until its deadline. While the shop is booking the room (pending), the booking's
 * outcome is not known yet, so the customer is asked to try again in a moment; a stay already over, or cancelled on
 * the portal, has nothing left to cancel.
 */
export function cancelRefusal(
  order: { status: OrderStatus; bookingStatus: BookingStatus; deadline: Date | undefined },
  now: Date
): CancelRefusal | undefined {
  if (isFinalOrderStatus(order.status) || order.bookingStatus === "cancelled" || order.bookingStatus === "completed") {
    return "final";
  }
  if (!order.deadline || now.getTime() >= order.deadline.getTime()) return "deadline_passed";
  if (order.bookingStatus === "pending") return "booking_in_progress";
  return undefined;
}

/**
 * What the shop keeps when an order is cancelled: the benefit providers' service fee (the providers keep it) and
 * the cancellation insurance (its cover has been given).
 */
export function cancellationFees(price: { serviceFee: number; insurance: number }): number {
  return price.serviceFee + price.insurance;
}

/** What a cancellation gives back as a voucher: what was paid (vouchers' credit included) less the fees, never below nothing. */
export function cancellationVoucherValue(paid: number, fees: number): number {
  for (const [what, amount] of [
    ["paid amount", paid],
    ["cancellation fees", fees],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} ${amount} is not an amount >= 0`);
  }
  return Math.max(0, paid - fees);
}

/** What cancelling the order gives back as a voucher: what it paid less its cancellation fees (SPEC §4). */
export function orderCancellationValue(order: {
  payments: readonly { status: PaymentStatus; value: number }[];
  summary: { price: { serviceFee: number; insurance: number } };
}): number {
  return cancellationVoucherValue(paidAmount(order.payments), cancellationFees(order.summary.price));
}

/** The sum of an order's paid payments, vouchers' credit included. */
export function paidAmount(payments: readonly { status: PaymentStatus; value: number }[]): number {
  return payments.reduce((sum, p) => (p.status === "paid" ? sum + p.value : sum), 0);
}

export interface ExpiringPayment {
  readonly id: string;
  readonly methodId: string;
  readonly value: number;
  readonly status: PaymentStatus;
  /** Paid through a gateway, which can send the money back to where it came from. */
  readonly atGateway: boolean;
}

/** How an order that was not paid in time gives back what it received. */
export interface ExpiryPlan {
  readonly status: Extract<OrderStatus, "cancelled_automatically" | "refunded_automatically">;
  /** Paid at a gateway: refunded there, to the card or benefit account it came from. */
  readonly refundAtGateway: readonly string[];
  /** Paid by transfer: no gateway sends it back, so it becomes a voucher of this value (0: none). */
  readonly voucherValue: number;
}

/**
 * An order still owing money at its pay-by deadline is cancelled. Vouchers' credit returns to its vouchers (the
 * caller releases it); money paid at a gateway goes back through the gateway; a paid transfer becomes a voucher.
 * No fees are kept: the shop, not the customer, ended the order. Refunded automatically when any money goes back.
 */
export function expiryPlan(payments: readonly ExpiringPayment[]): ExpiryPlan {
  const paid = payments.filter(isMoneyReceived);
  const refundAtGateway = paid.filter((p) => p.atGateway).map((p) => p.id);
  const voucherValue = paid.filter((p) => !p.atGateway).reduce((sum, p) => sum + p.value, 0);
  return {
    status: paid.length > 0 ? "refunded_automatically" : "cancelled_automatically",
    refundAtGateway,
    voucherValue,
  };
}

/** Whether an order still owes money online: the pay-by deadline applies only then. */
export function owesPayment(status: OrderStatus): boolean {
  return status === "waiting" || status === "partially_paid";
}

/**
 * Stays paid later online or at the property are booked as soon as the order is in: the hotel, not the shop, waits
 * for that money. Every other stay is booked once the order is paid in full (a transfer only once it has arrived).
 */
export function booksBeforePayment(timing: "online_now" | "online_later" | "at_property"): boolean {
  return timing !== "online_now";
}
