import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  BookingProgress,
  BookingStatus,
  DocumentType,
  OrderStatus,
  ReservationProgress,
  type HotelOrderPreviewSchema,
  type HotelOrderSchema,
  type HotelPriceBreakdownSchema,
  type OrderProductSchema,
} from "../../../gen/dzb/shop/v1/order_pb";
import {
  InvalidVoucherReason,
  GatewayType,
  PaymentStatus,
  type PaymentCalculationSchema,
  type PaymentSchema,
} from "../../../gen/dzb/shop/v1/payment_pb";
import type { ProviderAvailability } from "../../domain/hotel-offer";
import { receivingAccount, type Config } from "../../config";
import { dueOnline, type HotelPriceBreakdown } from "../../domain/hotel-price";
import type { PricedHotelOrder } from "../../domain/hotel-order";
import { orderTransfer } from "../../domain/transfer-payment";
import {
  bookingProgress,
  reservationProgress,
  type BookingProgress as DomainBookingProgress,
  type BookingStatus as DomainBookingStatus,
  type OrderStatus as DomainOrderStatus,
  type PaymentStatus as DomainPaymentStatus,
  type ReservationProgress as DomainReservationProgress,
} from "../../domain/order-status";
import {
  switchTargets,
  type InvalidVoucherReason as DomainInvalidReason,
  type PaymentCalculation,
} from "../../domain/payment-calculation";
import { methodIds, paymentMethodById, paymentMethodsFor } from "../../domain/payment-methods";
import { insurancePrice, type ProductPrice } from "../../domain/pricing";
import type { CurrencyCode } from "../../domain/products";
import {
  gatewayOfMethod,
  isPayableNow,
  isSwitchable,
  type GatewayType as DomainGatewayType,
} from "../../domain/payment-gateways";
import { cancellationDeadline, cancelRefusal, owesPayment } from "../../domain/order-lifecycle";
import { documentsOf, type AnyDocumentKind } from "../../domain/order-documents";
import { orderDocumentUrl } from "../../orders/shop-links";
import { transferQr } from "../../payments/transfer-qr";
import {
  orderedRoom,
  type AnyStoredOrder,
  type OrderedRoom,
  type StoredOrder,
  type StoredPayment,
} from "../../stores/orders";
import { timestampOfDate } from "../../../shared/contract-dates";
import { toDeal, toExtraCharge, toHotelDetail, toMealPlan, toTimingType } from "./hotel";
import { moneyOf } from "../../../shared/money";
import { toPaymentMethod } from "./payment-method";

/** Priced orders and created orders as the contract's messages. */

const invalidReasons: Record<DomainInvalidReason, InvalidVoucherReason> = {
  not_found: InvalidVoucherReason.NOT_FOUND,
  inactive: InvalidVoucherReason.INACTIVE,
  expired: InvalidVoucherReason.EXPIRED,
  used_up: InvalidVoucherReason.USED_UP,
  other: InvalidVoucherReason.OTHER,
};

export const contractGatewayType: Record<DomainGatewayType, GatewayType> = {
  CSOB: GatewayType.CSOB,
  PLUXEE: GatewayType.PLUXEE,
  EDENRED: GatewayType.EDENRED,
};

const paymentStatuses: Record<DomainPaymentStatus, PaymentStatus> = {
  waiting: PaymentStatus.WAITING,
  cancelled: PaymentStatus.CANCELLED,
  rejected: PaymentStatus.REJECTED,
  revoked: PaymentStatus.REVOKED,
  refunded: PaymentStatus.REFUNDED,
  paid: PaymentStatus.PAID,
};

export const orderStatuses: Record<DomainOrderStatus, OrderStatus> = {
  waiting: OrderStatus.WAITING,
  paid: OrderStatus.PAID,
  partially_paid: OrderStatus.PARTIALLY_PAID,
  cancelled_by_user: OrderStatus.CANCELLED_BY_USER,
  cancelled_duplicate: OrderStatus.CANCELLED_DUPLICATE,
  cancelled_refund: OrderStatus.CANCELLED_REFUND,
  cancelled_automatically: OrderStatus.CANCELLED_AUTOMATICALLY,
  refunded_automatically: OrderStatus.REFUNDED_AUTOMATICALLY,
};

const bookingStatuses: Record<DomainBookingStatus, BookingStatus> = {
  active: BookingStatus.ACTIVE,
  cancelled: BookingStatus.CANCELLED,
  completed: BookingStatus.COMPLETED,
  error: BookingStatus.ERROR,
  pending: BookingStatus.PENDING,
  not_ordered: BookingStatus.NOT_ORDERED,
};

const reservationProgresses: Record<DomainReservationProgress, ReservationProgress> = {
  sent: ReservationProgress.SENT,
  awaiting_payment: ReservationProgress.AWAITING_PAYMENT,
  paid: ReservationProgress.PAID,
  confirmed: ReservationProgress.CONFIRMED,
  cancelled: ReservationProgress.CANCELLED,
};

const bookingProgresses: Record<DomainBookingProgress, BookingProgress> = {
  active: BookingProgress.ACTIVE,
  cancelled: BookingProgress.CANCELLED,
  completed: BookingProgress.COMPLETED,
  error: BookingProgress.ERROR,
  pending: BookingProgress.PENDING,
  not_ordered: BookingProgress.NOT_ORDERED,
  cancelling: BookingProgress.CANCELLING,
};

function toProductPrice(price: ProductPrice, currency: CurrencyCode) {
  return {
    base: moneyOf(price.base, currency),
    payOnline: moneyOf(price.payOnline, currency),
    payOnSite: moneyOf(price.payOnSite, currency),
    total: moneyOf(price.total, currency),
    extraCharges: price.extraCharges.map((charge) => toExtraCharge(charge, currency)),
  };
}

export function toBreakdown(
  price: HotelPriceBreakdown,
  currency: CurrencyCode
): MessageInitShape<typeof HotelPriceBreakdownSchema> {
  return {
    ...toProductPrice(price, currency),
    payOnline: moneyOf(dueOnline(price), currency),
    bonus: moneyOf(price.bonus, currency),
    serviceFee: moneyOf(price.serviceFee, currency),
    discount: moneyOf(price.discount, currency),
    insurance: moneyOf(price.insurance, currency),
  };
}

export function toPaymentCalculation(
  calculation: PaymentCalculation,
  currency: CurrencyCode
): MessageInitShape<typeof PaymentCalculationSchema> {
  return {
    vouchersUsage: {
      invalidVouchers: calculation.invalid.map((v) => ({ code: v.code, reason: invalidReasons[v.reason] })),
      creditEntries: calculation.credits.map((c) => ({
        voucherId: c.voucherId,
        code: c.code,
        available: moneyOf(c.available, currency),
        willBeUsed: moneyOf(c.willBeUsed, currency),
      })),
      unitEntries: calculation.units.map((u) => ({
        voucherId: u.voucherId,
        code: u.code,
        bonus: moneyOf(u.bonus, currency),
        bonusPercent: u.bonusPercent,
        removeBusinessFee: u.removeBusinessFee,
        removeTransactionFee: u.removeTransactionFee,
      })),
    },
    paymentOutputs: calculation.outputs.map((o) => ({
      methodId: o.methodId,
      value: moneyOf(o.value, currency),
      bonus: moneyOf(o.bonus, currency),
      bonusPercent: o.bonusPercent,
      serviceFee: moneyOf(o.fee, currency),
    })),
  };
}

export function toOrderPreview(
  order: PricedHotelOrder,
  answer: ProviderAvailability,
  currency: CurrencyCode
): MessageInitShape<typeof HotelOrderPreviewSchema> {
  return {
    requestMeta: { id: answer.requestId, timestamp: timestampFromDate(answer.answeredAt) },
    products: order.products.map((priced) => toOrderProduct(orderedRoom(priced), currency)),
    deal: {
      publicPrice: moneyOf(order.deal.publicPrice, currency),
      discountedPrice: moneyOf(order.deal.discountedPrice, currency),
      // The deals of the chosen rooms, each named once and at most five, as the contract allows.
      deals: [...new Set(order.products.flatMap(({ chosen }) => chosen.product.deals))].slice(0, 5).map(toDeal),
    },
    paymentCalculation: toPaymentCalculation(order.calculation, currency),
    price: toBreakdown(order.price, currency),
    bookOnlyAfterPayment: order.bookOnlyAfterPayment,
    isPayAtProperty: order.isPayAtProperty,
    insurancePrice: moneyOf(insurancePrice(currency), currency),
  };
}

function toOrderProduct(room: OrderedRoom, currency: CurrencyCode): MessageInitShape<typeof OrderProductSchema> {
  return {
    roomId: room.roomId,
    productId: room.productId,
    name: room.name,
    mealPlan: toMealPlan(room.mealPlan),
    price: toProductPrice(room.price, currency),
    freeCancellationUntil: room.freeCancellationUntil
      ? timestampFromDate(new Date(room.freeCancellationUntil))
      : undefined,
    paymentTimings: room.paymentTimings.map(toTimingType),
  };
}

/**
 * What a transfer payment needs to be paid: the shop's account, the order number as variable symbol, and a QR, the
 * one kept when the payment became a transfer (rendered here only for a payment made before codes were kept).
 */
function toTransferDetails(order: AnyStoredOrder, payment: StoredPayment, config: Config) {
  const account = receivingAccount(config, order.currency);
  const transfer = orderTransfer(order, payment.value, account);
  return {
    bankTransfer: {
      bankAccount: account.display,
      iban: account.iban,
      variableSymbol: transfer.variableSymbol,
      amount: moneyOf(payment.value, order.currency),
    },
    // Only a transfer still to be paid needs scanning.
    ...(payment.status === "waiting" ? { qrCode: transferQr(transfer, payment.transferQr).image } : {}),
  };
}

/**
 * Who reads an answer about an order: its customer, who proved it with the order's owner key, or anyone who has the
 * order's id (decision 041). A refund voucher's code is money, so only the customer reads it.
 */
export type OrderReader = "customer" | "anyone";

export function toPayment(
  order: AnyStoredOrder,
  payment: StoredPayment,
  config: Config,
  reader: OrderReader
): MessageInitShape<typeof PaymentSchema> {
  const method = paymentMethodById(order.product, payment.methodId);
  const gateway = gatewayOfMethod(payment.methodId);
  return {
    paymentId: payment.id,
    value: moneyOf(payment.value, order.currency),
    status: paymentStatuses[payment.status],
    method: method ? toPaymentMethod(method, order.product) : { methodId: payment.methodId, name: payment.methodId },
    ...(gateway ? { gateway: { type: contractGatewayType[gateway] } } : {}),
    ...(method?.kind === "bank_transfer" ? toTransferDetails(order, payment, config) : {}),
    // A payment still owed online has the order's deadline; the credit of vouchers is never owed.
    ...(payment.status !== "paid" && payment.methodId !== methodIds.voucher && owesPayment(order.status) && order.payBy
      ? { payBy: timestampFromDate(order.payBy) }
      : {}),
    ...(reader === "customer" && payment.refundVoucherId && payment.refundVoucherId === order.refundVoucher?.id
      ? { refundVoucherCode: order.refundVoucher.code }
      : {}),
    alternatives: alternativesOf(order, payment).map((method) => toPaymentMethod(method, order.product)),
    payableNow: isPayableNow(payment.methodId, payment.status, order.status),
  };
}

/** The methods an unpaid part may move to (OrderPaymentChange checks its tries again, under the order's lock). */
function alternativesOf(order: AnyStoredOrder, payment: StoredPayment) {
  // OrderPaymentChange moves hotel orders' payments only (decision 027).
  if (order.kind !== "hotel" || !owesPayment(order.status) || !isSwitchable(payment.methodId, payment.status, [])) return [];
  const others = order.payments.filter((p) => p.id !== payment.id).map((p) => p.methodId);
  return switchTargets(paymentMethodsFor(order.product).hotel, payment.methodId, others);
}

/** The cancellation deadline, while the customer may still cancel (or may in a moment, once the booking is made). */
function cancellableUntil(order: StoredOrder, now: Date): Date | undefined {
  const deadline = cancellationDeadline(order.summary.rooms);
  const refusal = cancelRefusal({ status: order.status, bookingStatus: order.bookingStatus, deadline }, now);
  return refusal === undefined || refusal === "booking_in_progress" ? deadline : undefined;
}

/** Each document of an order as the contract names it. */
export const contractDocumentTypes: Record<AnyDocumentKind, DocumentType> = {
  "payment-request": DocumentType.PAYMENT_REQUEST,
  invoice: DocumentType.INVOICE,
  "credit-note": DocumentType.CREDIT_NOTE,
  terms: DocumentType.TERMS,
  voucher: DocumentType.VOUCHER,
  "voucher-card": DocumentType.VOUCHER_CARD,
};

/** The documents the order has in its state (order-documents.ts), each with where it is downloaded. */
function contractDocuments(order: StoredOrder, config: Config) {
  return documentsOf(order).map((kind) => ({
    type: contractDocumentTypes[kind],
    url: orderDocumentUrl(config, order, kind),
  }));
}

export function toHotelOrder(
  order: StoredOrder,
  config: Config,
  now: Date,
  reader: OrderReader
): MessageInitShape<typeof HotelOrderSchema> {
  const { summary, currency } = order;
  const { stay } = summary;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderedBy: order.email,
    total: moneyOf(order.total, currency),
    status: orderStatuses[order.status],
    progress: reservationProgresses[reservationProgress(order.status, order.bookingStatus, order.payments.length > 0)],
    bookingProgress: bookingProgresses[bookingProgress(order.status, order.bookingStatus)],
    hotel: { name: summary.hotel.name, url: summary.hotel.url },
    hotelDetail: toHotelDetail({
      requestId: summary.requestId,
      answeredAt: new Date(summary.answeredAt),
      hotel: summary.hotel,
      rooms: [],
    }),
    booking: {
      bookingStatus: bookingStatuses[order.bookingStatus],
      timingType: toTimingType(summary.timing),
      adults: stay.adults,
      children: stay.childrenAges.length,
      checkIn: timestampOfDate(stay.checkIn),
      checkOut: timestampOfDate(stay.checkOut),
      childrenAges: [...stay.childrenAges],
      bookingReference: order.bookingRef ?? "",
    },
    payments: order.payments.map((payment) => toPayment(order, payment, config, reader)),
    rooms: summary.rooms.map((room) => toOrderProduct(room, currency)),
    serviceFee: moneyOf(summary.price.serviceFee, currency),
    noteForHotel: order.customer.noteForHotel,
    documents: contractDocuments(order, config),
    price: toBreakdown(summary.price, currency),
    createdAt: timestampFromDate(order.createdAt),
    bookOnlyAfterPayment: summary.bookOnlyAfterPayment,
    ...optionalTimestamp("cancellableUntil", cancellableUntil(order, now)),
    ...optionalTimestamp("payBy", owesPayment(order.status) ? order.payBy ?? undefined : undefined),
    ...(order.replacedBy ? { replacedBy: { orderId: order.replacedBy.id, orderNumber: order.replacedBy.orderNumber } } : {}),
    ...(order.refundVoucher
      ? {
          refundVoucher: {
            code: reader === "customer" ? order.refundVoucher.code : "",
            value: moneyOf(order.refundVoucher.value, currency),
            validTo: timestampOfDate(order.refundVoucher.validTo),
          },
        }
      : {}),
  };
}

function optionalTimestamp<K extends string>(key: K, date: Date | undefined) {
  return (date ? { [key]: timestampFromDate(date) } : {}) as Partial<Record<K, ReturnType<typeof timestampFromDate>>>;
}
