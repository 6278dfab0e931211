import { create } from "@bufbuild/protobuf";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import type { AppLoadContext } from "@remix-run/node";
import { HotelRequestSchema } from "../../gen/dzb/shop/v1/hotel_pb";
import {
  BookingProgress,
  DocumentType,
  OrderStatus,
  ReservationProgress,
  type HotelOrder,
} from "../../gen/dzb/shop/v1/order_pb";
import { PaymentMethodType, PaymentStatus, type Payment } from "../../gen/dzb/shop/v1/payment_pb";
import { utcDateOf } from "../../shared/calendar-date";
import { formatIban } from "../../shared/formats";
import { formattedStay, hotelView, stayView } from "~/order/availability-view.server";
import type { Formats } from "~/view-formats.server";
import { minorUnits } from "../../shared/money";
import {
  documentKinds,
  type DocumentKind,
  type OrderStatusKey,
  type OrderView,
  type PaymentView,
  type ProgressStep,
  progressSteps,
} from "~/order/order-view";
import { priceView, roomView } from "~/order/reservation-view.server";
import { notFound } from "~/screen.server";
import { contractName } from "~/contract-name";

/**
 * The order with this id, a stay or a voucher, and whether `ownerKey` proves the visitor its customer; an unknown id
 * is the 404 page.
 */
export async function loadOrder(context: AppLoadContext, orderId: string, ownerKey: string) {
  const { order, owner } = await context.rpc.orderDetail({ orderId, ownerKey });
  if (order.case === undefined) notFound();
  return { order, owner };
}

/** Each document an order offers, as the contract names it. */
export const documentTypes: Record<DocumentKind, DocumentType> = {
  "payment-request": DocumentType.PAYMENT_REQUEST,
  invoice: DocumentType.INVOICE,
  "credit-note": DocumentType.CREDIT_NOTE,
  terms: DocumentType.TERMS,
  "stay-calendar": DocumentType.STAY_CALENDAR,
  voucher: DocumentType.VOUCHER,
  "voucher-card": DocumentType.VOUCHER_CARD,
  receipt: DocumentType.RECEIPT,
};

export const documentKindOf = (type: DocumentType) => documentKinds.find((kind) => documentTypes[kind] === type);

/** The last step behind the customer at each stage the api names: a paid order waits for the hotel's word. */
const lastStepDone: Partial<Record<ReservationProgress, ProgressStep>> = {
  [ReservationProgress.SENT]: "sent",
  [ReservationProgress.AWAITING_PAYMENT]: "sent",
  [ReservationProgress.PAID]: "paid",
  [ReservationProgress.CONFIRMED]: "confirmed",
};

/** An order with nothing to pay online (the hotel is paid at the stay) never waits for a payment nor is "paid". */
function stepsOf(paysOnline: boolean): ProgressStep[] {
  return progressSteps.filter((step) => paysOnline || (step !== "awaitingPayment" && step !== "paid"));
}

export function paymentView(payment: Payment, formats: Formats): PaymentView {
  const method = payment.method;
  const transfer = payment.bankTransfer;
  const waiting = payment.status === PaymentStatus.WAITING;
  return {
    paymentId: payment.paymentId,
    method: {
      methodId: method?.methodId ?? "",
      translationCode: method?.translationCode ?? "",
      name: method?.name ?? "",
    },
    amount: formats.money(minorUnits(payment.value)),
    status: contractName(PaymentStatus, payment.status),
    // Every part still owed has the order's deadline, also after a failed try: the order is cancelled past it.
    payBy: payment.payBy ? formats.deadline(timestampDate(payment.payBy)) : null,
    payableAtGateway: payment.payableNow,
    transfer: transfer
      ? {
          bankAccount: transfer.bankAccount,
          iban: formatIban(transfer.iban),
          variableSymbol: transfer.variableSymbol,
          amount: formats.money(minorUnits(transfer.amount ?? payment.value)),
        }
      : null,
    qrCode: waiting && payment.qrCode?.startsWith("data:image/png;base64,") ? payment.qrCode : null,
    refundVoucherCode: payment.refundVoucherCode ?? null,
    alternatives: payment.alternatives.map(({ methodId, translationCode, name }) => ({
      methodId,
      translationCode,
      name,
    })),
  };
}

export function deadline(timestamp: Timestamp | undefined, formats: Formats): string | null {
  return timestamp ? formats.deadline(timestampDate(timestamp)) : null;
}

/** The order's status in words; an order that owes nothing online because the hotel is paid says that instead. */
function statusOf(order: HotelOrder): OrderStatusKey | null {
  const status = contractName(OrderStatus, order.status);
  const paidAtProperty = order.payments.length === 0 && minorUnits(order.price?.payOnSite) > 0;
  return status === "PAID" && paidAtProperty ? "AT_PROPERTY" : status;
}

export function orderView(order: HotelOrder, formats: Formats): OrderView {
  const done = lastStepDone[order.progress];
  const steps = stepsOf(order.payments.length > 0);
  const booking = order.booking;
  const hotelRequest = create(HotelRequestSchema, {
    checkIn: booking?.checkIn,
    checkOut: booking?.checkOut,
    rooms: order.rooms.length,
    adults: booking?.adults ?? 0,
    childrenAges: booking?.childrenAges ?? [],
  });
  const hotelDetail = order.hotelDetail;
  const hotel = hotelView(hotelDetail, formats);
  const documents = order.documents.flatMap((document) => documentKindOf(document.type) ?? []);
  const creditUsed = order.payments
    .filter((payment) => payment.method?.type === PaymentMethodType.VOUCHER)
    .reduce((sum, payment) => sum + minorUnits(payment.value), 0);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    orderedBy: order.orderedBy,
    createdAt: deadline(order.createdAt, formats),
    status: statusOf(order),
    steps,
    stepsDone: done ? steps.indexOf(done) + 1 : 0,
    cancelled: order.progress === ReservationProgress.CANCELLED,
    // The booking as the api words it to people: never "confirmed" once the order is cancelled.
    bookingStatus: booking ? contractName(BookingProgress, order.bookingProgress) : null,
    bookingReference: booking?.bookingReference || null,
    hotel: { ...hotel, name: order.hotel?.name || hotel.name, url: order.hotel?.url || hotel.url },
    stay: formattedStay(stayView({ hotelRequest, hotelDetail }), formats),
    childrenAges: booking?.childrenAges ?? [],
    rooms: order.rooms.map((room) => roomView(room, formats)),
    price: priceView(order.price, creditUsed, formats),
    payments: order.payments.map((payment) => paymentView(payment, formats)),
    noteForHotel: order.noteForHotel,
    documents: documents.filter((document) => document !== "stay-calendar"),
    stayCalendar: documents.includes("stay-calendar"),
    cancellableUntil: deadline(order.cancellableUntil, formats),
    cancellationValue: order.cancellationVoucherValue
      ? {
          amount: formats.money(minorUnits(order.cancellationVoucherValue)),
          nothing: minorUnits(order.cancellationVoucherValue) === 0,
        }
      : null,
    replacedBy: order.replacedBy
      ? { orderId: order.replacedBy.orderId, orderNumber: order.replacedBy.orderNumber }
      : null,
    refundVoucher: order.refundVoucher
      ? {
          code: order.refundVoucher.code,
          value: formats.money(minorUnits(order.refundVoucher.value)),
          validTo: order.refundVoucher.validTo
            ? formats.stayDate(utcDateOf(timestampDate(order.refundVoucher.validTo).getTime()))
            : "",
        }
      : null,
    bookOnlyAfterPayment: order.bookOnlyAfterPayment,
  };
}
