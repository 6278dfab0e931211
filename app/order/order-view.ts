/**
 * A created hotel order as the status page shows it: plain, already formatted data, and keys for the states the
 * texts name (the contract's own names of them). Free of the generated contract's code, so the page's code in the
 * browser stays small.
 */
import type { BookingProgress, OrderStatus } from "../../gen/dzb/shop/v1/order_pb";
import type { PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import type { ContractName } from "~/contract-name";
import type { HotelView, StayView } from "~/order/availability-view";
import type { ChosenRoomView, PaymentMethodView, PriceView } from "~/order/reservation-view";


export type OrderStatusKey =
  | ContractName<typeof OrderStatus>
  /** Paid (nothing is owed online) because the stay is paid at the hotel: said as such, never "paid". */
  | "AT_PROPERTY";

export type PaymentStatusKey = ContractName<typeof PaymentStatus>;

/** CANCELLING: the order is cancelled and its booking is being cancelled with the hotel. */
export type BookingStatusKey = ContractName<typeof BookingProgress>;

/** SPEC §4: the reservation as worded to users. */
export const progressSteps = ["sent", "awaitingPayment", "paid", "confirmed"] as const;
export type ProgressStep = (typeof progressSteps)[number];

export type TransferView = { bankAccount: string; iban: string; variableSymbol: string; amount: string };

export type PaymentView = {
  paymentId: string;
  method: PaymentMethodView;
  amount: string;
  status: PaymentStatusKey | null;
  /** Formatted deadline of a payment not yet made (benefit cards may be paid later). */
  payBy: string | null;
  /** A card or benefit payment the visitor can pay (or try again) now, at its gateway. */
  payableAtGateway: boolean;
  /** After its gateway declined it or the visitor cancelled there: the methods it may be paid with instead. */
  alternatives: PaymentMethodView[];
  transfer: TransferView | null;
  /** The transfer's QR code, a PNG data URL. */
  qrCode: string | null;
  /** What this payment paid became this voucher (a cancellation) rather than going back: its code. */
  refundVoucherCode: string | null;
};

/**
 * The documents an order can offer for download, in the order they are listed; also the `:document` of their route.
 * Which of them an order has is the api's to say (HotelOrder.documents): the page lists only those. The stay's
 * calendar file is no paper to list: the page offers it as a link of its own.
 */
export const documentKinds = [
  "payment-request",
  "invoice",
  "credit-note",
  "terms",
  "stay-calendar",
  "voucher",
  "voucher-card",
  "receipt",
] as const;
export type DocumentKind = (typeof documentKinds)[number];

export type OrderView = {
  orderId: string;
  orderNumber: string;
  orderedBy: string;
  createdAt: string | null;
  status: OrderStatusKey | null;
  /** The progress steps this order goes through: one with nothing to pay online skips the payment steps. */
  steps: ProgressStep[];
  /** How many of `steps` are done; the next one is where the reservation stands. */
  stepsDone: number;
  cancelled: boolean;
  bookingStatus: BookingStatusKey | null;
  /** The hotel provider's reference, once the stay is booked. */
  bookingReference: string | null;
  hotel: HotelView;
  stay: StayView;
  childrenAges: number[];
  rooms: ChosenRoomView[];
  price: PriceView;
  payments: PaymentView[];
  noteForHotel: string;
  /** The order's papers (PDFs). */
  documents: Exclude<DocumentKind, "stay-calendar">[];
  /** Whether the stay can be added to a calendar (an .ics file): the api offers it while the hotel holds the room. */
  stayCalendar: boolean;
  /** While the customer may cancel: the formatted deadline. */
  cancellableUntil: string | null;
  /** While the customer may cancel: what the voucher a cancellation now would give is worth, formatted. */
  cancellationValue: { amount: string; nothing: boolean } | null;
  /** The customer's later order of the same stay that replaced this one. */
  replacedBy: { orderId: string; orderNumber: string } | null;
  /** What a cancellation gave back. */
  refundVoucher: { code: string; value: string; validTo: string } | null;
  bookOnlyAfterPayment: boolean;
};
