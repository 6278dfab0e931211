/**
 * A hotel order's two documents, its invoice and its terms, built from the stored order alone: what was ordered and
 * at which price was written once, when the order was made, so a document fetched again months later says the same.
 * The PDFs themselves are server/documents/; this module only says what goes into them.
 */

import { receivingAccount, type Config } from "../config";
import {
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceSubject,
  invoicePdf,
} from "../documents/invoice";
import { type LocalDateTime, type TermsDocument, termsPdf } from "../documents/terms";
import { type PaymentMethodId, documentTranslator, isPaymentMethodId } from "../documents/texts";
import { cancellationDeadline, cancellationFees, owesPayment } from "../domain/order-lifecycle";
import { variableSymbolOf } from "../domain/order-number";
import { paymentMethodById, type PaymentMethodKind } from "../domain/payment-methods";
import { MARKET_TIME_ZONE, marketDate } from "../domain/stay";
import type { Address, CustomerDetails, StoredOrder, StoredPayment } from "../stores/orders";
import { siteVariants } from "../web/variants";
import { hotelStayVatScheme, invoiceSupplier, shopNames } from "./supplier";

export type OrderDocumentKind = "invoice" | "terms";

/**
 * The invoice of a hotel order: number = order number, issued on the order's day (Europe/Prague), taxable supply on
 * the same day, customer from the order (billing company with IČO/DIČ when given, else the person and the contact
 * address), subject = the stay, lines = each room at its price + cancellation insurance + service fee − discount
 * (integer minor units, adding up to order.total), payments = the order's payments, variable symbol as for the
 * transfer.
 */
export function orderInvoice(order: StoredOrder): InvoiceDocument {
  const orderedOn = marketDate(order.createdAt);
  return {
    number: order.orderNumber,
    issuedOn: orderedOn,
    // The operator's supply is the booking it makes for the customer, done the day the order is made.
    taxableSupplyOn: orderedOn,
    currency: order.currency,
    supplier: invoiceSupplier(order.product, order.language),
    customer: invoiceCustomer(order.customer),
    subject: stayOf(order),
    payments: invoicePayments(order),
    variableSymbol: variableSymbolOf(order.orderNumber),
    vatScheme: hotelStayVatScheme,
    lines: invoiceLines(order),
  };
}

/** A company billed for the stay by its IČO and DIČ (NIP); otherwise the person who ordered, at their address. */
function invoiceCustomer(customer: CustomerDetails): InvoiceParty {
  const { billing } = customer;
  if (billing === undefined) {
    return {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      address: addressLines(customer.contactAddress),
    };
  }
  const companyId = billing.companyId.trim();
  const vatId = billing.taxId.trim();
  return {
    name: billing.companyName.trim(),
    address: addressLines(billing.address),
    ...(companyId ? { companyId } : {}),
    ...(vatId ? { vatId } : {}),
  };
}

function addressLines(address: Address): string[] {
  const town = [address.postalCode, address.city].map((part) => part.trim()).filter(Boolean);
  return [address.streetAddress.trim(), town.join(" "), address.country.trim()].filter(Boolean);
}

function stayOf({ summary }: StoredOrder): Extract<InvoiceSubject, { kind: "stay" }> {
  const { checkIn, checkOut } = summary.stay;
  return { kind: "stay", hotelName: summary.hotel.name, checkIn, checkOut, rooms: summary.rooms.length };
}

/**
 * Each room at its whole price (what is paid at the property too, as order.total counts it), then the insurance and
 * the service fee. A discount voucher lowers what is paid online (hotel-price.ts: total = payOnline − discount +
 * serviceFee + payOnSite) without changing any room's price, so it is a negative line of its own. An order whose
 * lines do not add up to its total is refused: an invoice must not state another amount than the order.
 */
function invoiceLines(order: StoredOrder): InvoiceLine[] {
  const { price, rooms } = order.summary;
  const lines: InvoiceLine[] = rooms.map((room) => ({
    item: { kind: "room", name: room.name },
    quantity: 1,
    unitPrice: room.price.total,
  }));
  const extras = [
    ["cancellation_insurance", price.insurance],
    ["service_fee", price.serviceFee],
    ["discount", -price.discount],
  ] as const;
  for (const [kind, amount] of extras) {
    if (amount !== 0) lines.push({ item: { kind }, quantity: 1, unitPrice: amount });
  }
  const sum = lines.reduce((total, line) => total + line.quantity * line.unitPrice, 0);
  if (sum !== order.total) {
    throw new Error(`Order ${order.orderNumber}: the invoice lines add up to ${sum}, the order to ${order.total}`);
  }
  return lines;
}

/**
 * The order's split over methods as it was made, whatever each payment's state now: the invoice says how the order
 * is paid, the status page whether it has been. What the hotel collects at the property completes the total.
 */
function invoicePayments(order: StoredOrder): InvoiceDocument["payments"] {
  const payments = order.payments
    .filter((payment) => payment.value > 0)
    .map((payment) => ({ method: documentMethod(payment), amount: payment.value }));
  const atProperty = order.summary.price.payOnSite;
  return atProperty > 0 ? [...payments, { method: "at_property", amount: atProperty }] : payments;
}

function documentMethod(payment: StoredPayment): PaymentMethodId {
  if (!isPaymentMethodId(payment.methodId)) throw new Error(`No document text for payment method ${payment.methodId}`);
  return payment.methodId;
}

/**
 * The terms summary: brand, order number and date, stay, total, the cancellation deadline (when the first room stops
 * being free to cancel, or none) and fees, the benefit payments still owed with the order's pay-by, the transfer
 * still owed with the account, variable symbol and pay-by date, and the variant's support contacts.
 */
export function orderTerms(order: StoredOrder, config: Config): TermsDocument {
  const { summary } = order;
  const deadline = cancellationDeadline(summary.rooms);
  const { payBy } = order;
  const benefits = owedPayments(order, "benefit_provider");
  const transfers = owedPayments(order, "bank_transfer");
  const transferAmount = transfers.reduce((sum, payment) => sum + payment.value, 0);
  const account = receivingAccount(config, order.currency);
  const { checkIn, checkOut } = summary.stay;
  return {
    brand: shopNames[order.product],
    orderNumber: order.orderNumber,
    orderedOn: marketDate(order.createdAt),
    currency: order.currency,
    stay: { hotelName: summary.hotel.name, checkIn, checkOut, rooms: summary.rooms.length },
    orderTotal: order.total,
    cancellation: {
      ...(deadline ? { deadline: localDateTime(deadline) } : {}),
      fees: cancellationFees(summary.price),
      paidOnline: order.payments.reduce((sum, payment) => sum + payment.value, 0),
    },
    benefitPayments: benefits.map((payment) => ({
      method: documentMethod(payment),
      amount: payment.value,
      payBy: localDateTime(payBy),
    })),
    ...(transferAmount > 0
      ? {
          transfer: {
            amount: transferAmount,
            bankAccount: account.display,
            variableSymbol: variableSymbolOf(order.orderNumber),
            payBy: marketDate(payBy),
          },
        }
      : {}),
    support: siteVariants[order.product].support,
  };
}

/**
 * Payments of a method kind the customer still owes: unpaid ones of an order that owes money, however their last
 * try ended (a rejected card is still to be paid, order-status.ts); a voucher's credit is never owed.
 */
function owedPayments(order: StoredOrder, kind: PaymentMethodKind): StoredPayment[] {
  if (!owesPayment(order.status)) return [];
  return order.payments.filter(
    (payment) =>
      payment.status !== "paid" &&
      payment.value > 0 &&
      paymentMethodById(order.product, payment.methodId)?.kind === kind
  );
}

const localFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as the market's local "YYYY-MM-DDTHH:MM", cut to the minute so a deadline is never stated late. */
function localDateTime(instant: Date): LocalDateTime {
  const parts = Object.fromEntries(localFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The document as PDF bytes in the order's language, with the file name it is downloaded as
 * ("faktura-26000042.pdf", "warunki-26000042.pdf", "invoice-26000042.pdf").
 */
export function orderDocumentPdf(
  kind: OrderDocumentKind,
  order: StoredOrder,
  config: Config
): { fileName: string; content: Uint8Array } {
  const language = order.language;
  const content =
    kind === "invoice" ? invoicePdf(orderInvoice(order), language) : termsPdf(orderTerms(order, config), language);
  const fileName = documentTranslator(language)(`fileName.${kind}`, { number: order.orderNumber });
  return { fileName, content };
}
