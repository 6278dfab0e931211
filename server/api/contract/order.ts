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
  type PaymentOutputSchema,
  type PaymentSchema,
} from "../../../gen/dzb/shop/v1/payment_pb";
import type { ProviderAvailability } from "../../domain/hotel-offer";
import { dueOnline, type HotelPriceBreakdown } from "../../domain/hotel-price";
import type { PricedHotelOrder } from "../../domain/hotel-order";
import {
  type BookingProgress as DomainBookingProgress,
  type BookingStatus as DomainBookingStatus,
  type OrderStatus as DomainOrderStatus,
  type PaymentStatus as DomainPaymentStatus,
  type ReservationProgress as DomainReservationProgress,
} from "../../domain/order-status";
import type {
  InvalidVoucherReason as DomainInvalidReason,
  PaymentCalculation,
  PaymentOutput,
} from "../../domain/payment-calculation";
import { insurancePrice, type ProductPrice } from "../../domain/pricing";
import type { CurrencyCode } from "../../domain/products";
import type { GatewayType as DomainGatewayType } from "../../domain/payment-gateways";
import type { AnyDocumentKind } from "../../domain/order-documents";
import type {
  ReadableDocument,
  ReadableHotelOrder,
  ReadablePayment,
  TransferDetails,
} from "../../orders/readable-order";
import { orderedRoom, type AnyStoredOrder, type OrderedRoom, type StoredPayment } from "../../stores/orders";
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
    paymentOutputs: calculation.outputs.map((output) => toPaymentOutput(output, currency)),
  };
}

/** What one method is charged, and the part of it that is its fee. */
export function toPaymentOutput(
  output: PaymentOutput,
  currency: CurrencyCode
): MessageInitShape<typeof PaymentOutputSchema> {
  return {
    methodId: output.methodId,
    value: moneyOf(output.value, currency),
    bonus: moneyOf(output.bonus, currency),
    bonusPercent: output.bonusPercent,
    serviceFee: moneyOf(output.fee, currency),
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

function toTransferDetails(transfer: TransferDetails, payment: StoredPayment, currency: CurrencyCode) {
  return {
    bankTransfer: {
      bankAccount: transfer.account.display,
      iban: transfer.account.iban,
      variableSymbol: transfer.variableSymbol,
      amount: moneyOf(payment.value, currency),
    },
    ...(transfer.qrImage !== undefined ? { qrCode: transfer.qrImage } : {}),
  };
}

export function toPayment(
  readable: ReadablePayment,
  order: Pick<AnyStoredOrder, "product" | "currency">
): MessageInitShape<typeof PaymentSchema> {
  const { payment, method, gateway, transfer } = readable;
  return {
    paymentId: payment.id,
    value: moneyOf(payment.value, order.currency),
    status: paymentStatuses[payment.status],
    method: method ? toPaymentMethod(method, order.product) : { methodId: payment.methodId, name: payment.methodId },
    ...(gateway ? { gateway: { type: contractGatewayType[gateway] } } : {}),
    ...(transfer ? toTransferDetails(transfer, payment, order.currency) : {}),
    ...optionalTimestamp("payBy", readable.payBy),
    ...(readable.refundVoucherCode !== undefined ? { refundVoucherCode: readable.refundVoucherCode } : {}),
    alternatives: readable.alternatives.map((method) => toPaymentMethod(method, order.product)),
    payableNow: readable.payableNow,
  };
}

/** Each document of an order as the contract names it. */
export const contractDocumentTypes: Record<AnyDocumentKind, DocumentType> = {
  "payment-request": DocumentType.PAYMENT_REQUEST,
  invoice: DocumentType.INVOICE,
  "credit-note": DocumentType.CREDIT_NOTE,
  terms: DocumentType.TERMS,
  "stay-calendar": DocumentType.STAY_CALENDAR,
  voucher: DocumentType.VOUCHER,
  "voucher-card": DocumentType.VOUCHER_CARD,
  receipt: DocumentType.RECEIPT,
};

/** Each document with where it is downloaded. */
export function contractDocuments(documents: readonly ReadableDocument[]) {
  return documents.map(({ kind, url }) => ({ type: contractDocumentTypes[kind], url }));
}

/** A hotel order as its reader sees it (orders/readable-order.ts). */
export function toHotelOrder(readable: ReadableHotelOrder): MessageInitShape<typeof HotelOrderSchema> {
  const { order } = readable;
  const { summary, currency } = order;
  const { stay } = summary;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderedBy: order.email,
    total: moneyOf(order.total, currency),
    status: orderStatuses[order.status],
    progress: reservationProgresses[readable.progress],
    bookingProgress: bookingProgresses[readable.bookingProgress],
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
    payments: readable.payments.map((payment) => toPayment(payment, order)),
    rooms: summary.rooms.map((room) => toOrderProduct(room, currency)),
    serviceFee: moneyOf(summary.price.serviceFee, currency),
    noteForHotel: order.customer.noteForHotel,
    documents: contractDocuments(readable.documents),
    price: toBreakdown(summary.price, currency),
    createdAt: timestampFromDate(order.createdAt),
    bookOnlyAfterPayment: summary.bookOnlyAfterPayment,
    ...optionalTimestamp("cancellableUntil", readable.cancellableUntil),
    ...(readable.cancellationVoucherValue === undefined
      ? {}
      : { cancellationVoucherValue: moneyOf(readable.cancellationVoucherValue, currency) }),
    ...optionalTimestamp("payBy", readable.payBy),
    ...(order.replacedBy ? { replacedBy: { orderId: order.replacedBy.id, orderNumber: order.replacedBy.orderNumber } } : {}),
    ...(order.refundVoucher
      ? {
          refundVoucher: {
            code: readable.refundVoucherCode,
            value: moneyOf(order.refundVoucher.value, currency),
            validTo: timestampOfDate(order.refundVoucher.validTo),
          },
        }
      : {}),
  };
}

export function optionalTimestamp<K extends string>(key: K, date: Date | undefined) {
  return (date ? { [key]: timestampFromDate(date) } : {}) as Partial<Record<K, ReturnType<typeof timestampFromDate>>>;
}
