import { owesPayment } from "./order-lifecycle";
import { reservationProgress, type BookingStatus, type OrderStatus } from "./order-status";

/**
 * Which documents a hotel order has in its state; the reasoning is in docs/decisions/012-order-documents.md.
 * Every money document states only what the shop collects online: what the hotel collects at the property is never
 * the shop's to request, invoice or give back.
 *
 * - payment-request: while money is still owed online; says what to pay and by when, and that it is no tax document.
 * - invoice: the tax document, once everything owed online has been received; it stays after a cancellation, since
 *   a tax document once issued is corrected, never withdrawn.
 * - credit-note: corrects that invoice when the customer cancelled a paid order and got a voucher back.
 * - terms: what the customer agreed to, for every order the customer made.
 * - stay-calendar: the stay as an iCalendar file, no paper but offered as one, while the hotel holds the room.
 */
export const orderDocumentKinds = ["payment-request", "invoice", "credit-note", "terms", "stay-calendar"] as const;
export type OrderDocumentKind = (typeof orderDocumentKinds)[number];

/**
 * A voucher order's papers: its voucher, to print on A4 or as a card folded from A4, and the receipt of its payment
 * (a voucher's sale is no taxable supply, so no tax document: docs/decisions/054-voucher-purchase-receipt.md).
 */
export const voucherDocumentKinds = ["voucher", "voucher-card", "receipt"] as const;
export type VoucherDocumentKind = (typeof voucherDocumentKinds)[number];

/** Any document an order can offer, a stay's or a voucher's. */
export type AnyDocumentKind = OrderDocumentKind | VoucherDocumentKind;

export function isVoucherDocumentKind(kind: AnyDocumentKind): kind is VoucherDocumentKind {
  return (voucherDocumentKinds as readonly string[]).includes(kind);
}

/**
 * A voucher order's documents: its voucher, once issued, and the receipt, once everything was paid (the voucher is
 * issued after that, by a job). A voucher the shop cancelled cannot pay, so it is no longer offered to print; the
 * receipt stays, as the payment it confirms was received.
 */
export function voucherDocumentsOf(
  order: Pick<DocumentedOrder, "payments">,
  voucher: { readonly active: boolean } | undefined
): VoucherDocumentKind[] {
  const printable: VoucherDocumentKind[] = voucher?.active ? ["voucher", "voucher-card"] : [];
  return receivedInFull(order.payments) ? [...printable, "receipt"] : printable;
}

export interface DocumentedOrder {
  readonly status: OrderStatus;
  readonly cancelReason: string | null;
  /** Every payment of the split; `paidAt` is when it was received and stays set once a cancellation gives it back. */
  readonly payments: readonly { readonly value: number; readonly paidAt: Date | null }[];
  readonly refundVoucher: { readonly value: number } | null;
  readonly bookingStatus: BookingStatus;
}

/** What the order is paid online: its split's payments, vouchers' credit included; 0 when the hotel takes it all. */
export function onlineAmount(payments: readonly { value: number }[]): number {
  return payments.reduce((sum, payment) => sum + Math.max(0, payment.value), 0);
}

/** Whether every payment owed online was received (a cancellation that gave money back does not undo that). */
export function receivedInFull(payments: DocumentedOrder["payments"]): boolean {
  return onlineAmount(payments) > 0 && payments.every((payment) => payment.value <= 0 || payment.paidAt !== null);
}

/**
 * The order's documents, in the order they are offered: its papers, then the stay's calendar file. An order the shop
 * cancelled as it was made (a duplicate, its rooms gone or dearer; those carry a cancel reason) was never the
 * customer's and has none.
 */
export function documentsOf(order: DocumentedOrder): OrderDocumentKind[] {
  if (order.status === "cancelled_duplicate" || order.cancelReason !== null) return [];
  return [...papersOf(order), ...(stayBooked(order) ? (["stay-calendar"] as const) : [])];
}

function papersOf(order: DocumentedOrder): OrderDocumentKind[] {
  if (onlineAmount(order.payments) === 0) return ["terms"];
  if (owesPayment(order.status)) return ["payment-request", "terms"];
  if (!receivedInFull(order.payments)) return ["terms"];
  const creditNote = order.status === "cancelled_by_user" && (order.refundVoucher?.value ?? 0) > 0;
  return creditNote ? ["invoice", "credit-note", "terms"] : ["invoice", "terms"];
}

/**
 * Whether the stay belongs in the customer's calendar: when the reservation reads "confirmed" (the hotel holds the
 * room, or the stay is over), whatever is still to be paid later. Not before (the room may yet be lost, or never be
 * booked without its transfer), and not once the order or its booking is cancelled: a calendar entry for a stay
 * nobody holds would send the guest to a hotel that expects nobody.
 */
function stayBooked(order: DocumentedOrder): boolean {
  return reservationProgress(order.status, order.bookingStatus) === "confirmed";
}
