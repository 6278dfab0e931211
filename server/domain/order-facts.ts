import { cancellationDeadline, cancelRefusal, owesPayment } from "./order-lifecycle";
import {
  bookingProgress,
  reservationProgress,
  type BookingProgress,
  type BookingStatus,
  type OrderStatus,
  type PaymentStatus,
  type ReservationProgress,
} from "./order-status";
import { switchTargets } from "./payment-calculation";
import { isPayableNow, isSwitchable } from "./payment-gateways";
import { methodIds, paymentMethodsFor, type PaymentMethodInfo } from "./payment-methods";
import type { ProductKey } from "./products";

/**
 * What an order's answers say about it beyond what is stored, derived once here from its state at a given time:
 * until when it may be cancelled, by when it must be paid, and per payment where it may move and whether it is paid
 * at its gateway now. The contract only says these in its words.
 */

interface FactsPayment {
  readonly id: string;
  readonly methodId: string;
  readonly status: PaymentStatus;
}

interface FactsOrderBase<P extends FactsPayment> {
  readonly product: ProductKey;
  readonly status: OrderStatus;
  readonly payBy: Date | null;
  readonly payments: readonly P[];
}

export interface FactsHotelOrder<P extends FactsPayment = FactsPayment> extends FactsOrderBase<P> {
  readonly kind: "hotel";
  readonly bookingStatus: BookingStatus;
  readonly summary: { readonly rooms: readonly { readonly freeCancellationUntil?: string }[] };
}

export interface FactsVoucherOrder<P extends FactsPayment = FactsPayment> extends FactsOrderBase<P> {
  readonly kind: "voucher";
}

export interface PaymentFacts<P extends FactsPayment = FactsPayment> {
  readonly payment: P;
  /** The methods the unpaid payment may move to (OrderPaymentChange checks its tries again, under the order's lock). */
  readonly alternatives: readonly PaymentMethodInfo[];
  /** Whether it may be paid at its gateway now (PaymentStart). */
  readonly payableNow: boolean;
  /** The deadline of a payment still owed online. */
  readonly payBy: Date | undefined;
}

export interface OrderFacts<P extends FactsPayment = FactsPayment> {
  /** The deadline of an order that still owes money online. */
  readonly payBy: Date | undefined;
  /** Each payment with its facts, in the order of the order's payments. */
  readonly payments: readonly PaymentFacts<P>[];
}

export interface HotelOrderFacts<P extends FactsPayment = FactsPayment> extends OrderFacts<P> {
  readonly progress: ReservationProgress;
  readonly bookingProgress: BookingProgress;
  /** The cancellation deadline, while the customer may still cancel (or may in a moment, once the booking is made). */
  readonly cancellableUntil: Date | undefined;
}

export function hotelOrderFacts<P extends FactsPayment>(order: FactsHotelOrder<P>, now: Date): HotelOrderFacts<P> {
  return {
    ...orderFacts(order),
    progress: reservationProgress(order.status, order.bookingStatus, order.payments.length > 0),
    bookingProgress: bookingProgress(order.status, order.bookingStatus),
    cancellableUntil: cancellableUntil(order, now),
  };
}

export function orderFacts<P extends FactsPayment>(order: FactsHotelOrder<P> | FactsVoucherOrder<P>): OrderFacts<P> {
  return {
    payBy: owesPayment(order.status) ? order.payBy ?? undefined : undefined,
    payments: order.payments.map((payment) => ({
      payment,
      alternatives: alternativesOf(order, payment),
      payableNow: isPayableNow(payment.methodId, payment.status, order.status),
      payBy: paymentPayBy(order, payment),
    })),
  };
}

/** A payment still owed online has the order's deadline; the credit of vouchers is never owed. */
function paymentPayBy(order: FactsOrderBase<FactsPayment>, payment: FactsPayment): Date | undefined {
  const owed = payment.status !== "paid" && payment.methodId !== methodIds.voucher && owesPayment(order.status);
  return owed ? order.payBy ?? undefined : undefined;
}

function alternativesOf(order: FactsHotelOrder | FactsVoucherOrder, payment: FactsPayment): PaymentMethodInfo[] {
  // OrderPaymentChange moves hotel orders' payments only (decision 027).
  if (order.kind !== "hotel" || !owesPayment(order.status) || !isSwitchable(payment.methodId, payment.status, [])) return [];
  const others = order.payments.filter((p) => p.id !== payment.id).map((p) => p.methodId);
  return switchTargets(paymentMethodsFor(order.product).hotel, payment.methodId, others);
}

function cancellableUntil(order: FactsHotelOrder, now: Date): Date | undefined {
  const deadline = cancellationDeadline(order.summary.rooms);
  const refusal = cancelRefusal({ status: order.status, bookingStatus: order.bookingStatus, deadline }, now);
  return refusal === undefined || refusal === "booking_in_progress" ? deadline : undefined;
}
