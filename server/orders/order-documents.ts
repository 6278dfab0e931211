/**
 * A hotel order's documents (server/domain/order-documents.ts says which it has in its state), built from the stored
 * order alone: what was ordered and at which price was written once, when the order was made, and each payment
 * keeps the day it was received, so a document fetched again months later says the same.
 * The PDFs themselves are server/documents/; this module only says what goes into them.
 */

import { chargeName } from "../../shared/i18n/charge-name";
import { translatorOf } from "../../shared/i18n/messages";
import { receivingAccount, type Config } from "../config";
import {
  type InvoiceDocument,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type InvoicePayment,
  type InvoiceSubject,
  type InvoiceTransfer,
  type OnSiteCharge,
  invoicePdf,
} from "../documents/invoice";
import { type TermsDocument, termsPdf } from "../documents/terms";
import { voucherPdf, type VoucherLayout } from "../documents/voucher";
import { voucherDesigns, type VoucherDesign } from "../../shared/voucher-designs";
import { type PaymentMethodId, documentTranslator, isPaymentMethodId } from "../documents/texts";
import {
  documentsOf,
  isVoucherDocumentKind,
  onlineAmount,
  voucherDocumentsOf,
  type AnyDocumentKind,
  type OrderDocumentKind,
  type VoucherDocumentKind,
} from "../domain/order-documents";
import { cancellationDeadline, cancellationFees, owesPayment } from "../domain/order-lifecycle";
import { variableSymbolOf } from "../domain/order-number";
import { paymentMethodById, type PaymentMethodKind } from "../domain/payment-methods";
import { marketDate } from "../domain/stay";
import type {
  Address,
  AnyStoredOrder,
  CustomerDetails,
  StoredOrder,
  StoredPayment,
  StoredVoucherOrder,
} from "../stores/orders";
import type { ProductKey } from "../domain/products";
import { voucherBoughtBy, type VoucherRow } from "../stores/vouchers";
import { siteVariants } from "../variants/site-variants";
import { requestedHotelOrder, requestedVoucherOrder } from "./order-lookup";
import { transferDetails } from "./readable-order";
import { Refused } from "./refusals";
import { voucherCheckUrl } from "./shop-links";
import { stayCalendarFile } from "./stay-calendar";
import type { Operator } from "../variants/operator";
import { hotelStayVatScheme, invoiceSupplier, shopNames } from "./supplier";
import type { UseCaseDeps } from "./use-case-deps";

/** A hotel order's PDFs: its papers, the calendar file aside. */
export type PaperDocumentKind = Exclude<OrderDocumentKind, "stay-calendar">;

/** The documents that state money: each order has at most one of each, as its state allows. */
export type MoneyDocumentKind = Exclude<PaperDocumentKind, "terms">;

/** One of an order's documents as it is downloaded. */
export interface OrderFile {
  /** E.g. "faktura-26000042.pdf". */
  readonly fileName: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/**
 * A money document of a hotel order. Its lines are what the shop takes online: each room at its online price, the
 * cancellation insurance, the service fee and a discount; they add up to the online split's payments, and what the
 * hotel collects at the property is listed apart. Customer from the order (billing company with IČO/DIČ when
 * given, else the person and the contact address), subject = the stay, variable symbol as for the transfer.
 * - payment-request: issued the day the order was made, with the order's pay-by deadline and, for each transfer still
 *   owed, the status page's transfer box (account, variable symbol, amount, QR code);
 * - invoice: issued and supplied the day the last payment was received (Europe/Prague);
 * - credit-note ("D" + the order number): issued the day the cancellation gave the voucher, taking back the rooms
 *   and the discount (the fees are kept, cancellationFees) and adding up to the voucher's value.
 * The caller asks only for a kind the order has (documentsOf); an order that cannot have it is refused.
 */
export function orderInvoice(order: StoredOrder, kind: MoneyDocumentKind, config: Config): InvoiceDocument {
  const common = {
    number: order.orderNumber,
    currency: order.currency,
    supplier: invoiceSupplier(config.operator, order.product, order.language),
    customer: invoiceCustomer(order.customer),
    subject: stayOf(order),
    variableSymbol: variableSymbolOf(order.orderNumber),
  };
  const vatScheme = hotelStayVatScheme;
  const lines = onlineLines(order);
  const payments = invoicePayments(order);
  const onSite = onSiteCharges(order);
  if (kind === "payment-request") {
    const transfers = owedTransfers(order, config);
    const document: InvoiceKind = { kind: "payment_request", payBy: order.payBy, transfers };
    return { ...common, vatScheme, document, issuedOn: marketDate(order.createdAt), payments, onSite, lines };
  }
  if (kind === "invoice") {
    const receivedOn = lastReceived(order);
    const document: InvoiceKind = { kind: "tax_document", taxableSupplyOn: receivedOn };
    return { ...common, vatScheme, document, issuedOn: receivedOn, payments, onSite, lines };
  }
  const voucher = order.refundVoucher;
  if (!voucher) throw new Error(`Order ${order.orderNumber} gave no voucher to credit`);
  const credited = lines.filter((line) => line.item.kind === "room" || line.item.kind === "discount");
  const sum = credited.reduce((total, line) => total + line.quantity * line.unitPrice, 0);
  if (sum !== voucher.value) {
    throw new Error(`Order ${order.orderNumber}: the credit note adds up to ${sum}, the voucher to ${voucher.value}`);
  }
  const document: InvoiceKind = {
    kind: "credit_note",
    taxableSupplyOn: voucher.validFrom,
    corrects: { number: order.orderNumber, issuedOn: lastReceived(order) },
    voucherCode: voucher.code,
  };
  return {
    ...common,
    vatScheme,
    number: `D${order.orderNumber}`,
    document,
    issuedOn: voucher.validFrom,
    payments: [],
    onSite: [],
    lines: credited,
  };
}

/**
 * The receipt of a voucher order's payment (decision 054): a multi-purpose voucher's sale is no taxable supply, so the
 * paper confirms the money received and says it is no tax document; the stay the voucher pays for is invoiced. Its
 * lines are what the order's price was paid for: the voucher's value, the printed voucher by post and the service
 * fee, which go with the voucher's sale (the bonus a promotion adds was not paid for). They add up to the payments;
 * issued the day the last of them was received; the customer as on an invoice, the company when one was given.
 */
export function voucherReceipt(order: StoredVoucherOrder, operator: Operator): InvoiceDocument {
  const { price } = order.summary;
  const parts = [
    ["voucher", price.base],
    ["extra_service", price.extraService],
    ["service_fee", price.serviceFee],
  ] as const;
  const lines: InvoiceLine[] = parts
    .filter(([, amount]) => amount !== 0)
    .map(([kind, amount]) => ({ item: { kind }, quantity: 1, unitPrice: amount }));
  const sum = lines.reduce((total, line) => total + line.unitPrice, 0);
  const paid = onlineAmount(order.payments);
  if (sum !== paid) {
    throw new Error(`Voucher order ${order.orderNumber}: the lines add up to ${sum}, the payments to ${paid}`);
  }
  const receivedOn = lastReceived(order);
  return {
    document: { kind: "payment_receipt", receivedOn },
    number: order.orderNumber,
    issuedOn: receivedOn,
    currency: order.currency,
    supplier: invoiceSupplier(operator, order.product, order.language),
    customer: invoiceCustomer(order.customer),
    subject: { kind: "voucher" },
    payments: invoicePayments(order),
    onSite: [],
    variableSymbol: variableSymbolOf(order.orderNumber),
    vatScheme: "multi_purpose_voucher",
    lines,
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
 * Each room at its online price (its base and the charges payable online; a room paid at the property has none),
 * then the insurance and the service fee. A discount voucher lowers what is paid online (hotel-price.ts) without
 * changing any room's price, so it is a negative line of its own. Lines that do not add up to the online split are
 * refused: a document must not state another amount than the one the shop takes.
 */
function onlineLines(order: StoredOrder): InvoiceLine[] {
  const { price, rooms } = order.summary;
  const lines: InvoiceLine[] = rooms
    .filter((room) => room.price.payOnline > 0)
    .map((room) => ({ item: { kind: "room", name: room.name }, quantity: 1, unitPrice: room.price.payOnline }));
  const extras = [
    ["cancellation_insurance", price.insurance],
    ["service_fee", price.serviceFee],
    ["discount", -price.discount],
  ] as const;
  for (const [kind, amount] of extras) {
    if (amount !== 0) lines.push({ item: { kind }, quantity: 1, unitPrice: amount });
  }
  const sum = lines.reduce((total, line) => total + line.quantity * line.unitPrice, 0);
  const online = onlineAmount(order.payments);
  if (sum !== online) {
    throw new Error(`Order ${order.orderNumber}: the lines add up to ${sum}, the online payments to ${online}`);
  }
  return lines;
}

/** The online split as it was made, each payment with the day it was received, if it was. */
function invoicePayments(order: AnyStoredOrder): InvoicePayment[] {
  return order.payments
    .filter((payment) => payment.value > 0)
    .map((payment) => ({
      method: documentMethod(payment),
      amount: payment.value,
      ...(payment.paidAt ? { paidOn: marketDate(payment.paidAt) } : {}),
    }));
}

/** The transfers still owed, each as the status page's transfer box gives it (readable-order.ts), QR code included. */
function owedTransfers(order: StoredOrder, config: Config): InvoiceTransfer[] {
  return owedPayments(order, "bank_transfer").flatMap((payment) => {
    const { account, variableSymbol, qrImage } = transferDetails(order, payment, config);
    // Only a transfer waiting for its money has a code to scan; one whose try ended otherwise is not paid by QR.
    if (!qrImage) return [];
    return [{ account: account.display, iban: account.iban, variableSymbol, amount: payment.value, qrImage }];
  });
}

/** The day (in the market) the last of the online payments was received: the order was paid then. */
function lastReceived(order: AnyStoredOrder): string {
  const received = order.payments.filter((payment) => payment.value > 0).map((payment) => payment.paidAt);
  if (received.length === 0 || received.some((paidAt) => paidAt === null)) {
    throw new Error(`Order ${order.orderNumber} has not been paid in full`);
  }
  return marketDate(new Date(Math.max(...received.map((paidAt) => paidAt!.getTime()))));
}

/**
 * What the hotel collects at the property: each charge not payable online by its name (a city tax), as the pages
 * name it in the order's language, and the rest (rooms paid there, with their charges) as accommodation paid at the
 * property.
 */
function onSiteCharges(order: StoredOrder): OnSiteCharge[] {
  const { price } = order.summary;
  const t = translatorOf(order.language);
  const charges: OnSiteCharge[] = price.extraCharges
    .filter((charge) => !charge.chargeableOnline && charge.amount > 0)
    .map((charge) => ({ name: chargeName(t, charge), amount: charge.amount }));
  const rest = price.payOnSite - charges.reduce((sum, charge) => sum + charge.amount, 0);
  return rest > 0 ? [...charges, { amount: rest }] : charges;
}

function documentMethod(payment: StoredPayment): PaymentMethodId {
  if (!isPaymentMethodId(payment.methodId)) throw new Error(`No document text for payment method ${payment.methodId}`);
  return payment.methodId;
}

/**
 * The terms summary: brand, order number and date, stay, total, the cancellation deadline (when the first room stops
 * being free to cancel, or none) and fees, the benefit payments still owed with the order's pay-by, the transfer
 * still owed with the account, variable symbol and the pay-by, and the variant's support contacts.
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
      ...(deadline ? { deadline } : {}),
      fees: cancellationFees(summary.price),
      paidOnline: order.payments.reduce((sum, payment) => sum + payment.value, 0),
    },
    benefitPayments: benefits.map((payment) => ({
      method: documentMethod(payment),
      amount: payment.value,
      payBy,
    })),
    ...(transferAmount > 0
      ? {
          transfer: {
            amount: transferAmount,
            bankAccount: account.display,
            variableSymbol: variableSymbolOf(order.orderNumber),
            payBy,
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

/**
 * The document as PDF bytes in the order's language, with the file name it is downloaded as
 * ("faktura-26000042.pdf", "warunki-26000042.pdf", "payment-request-26000042.pdf").
 */
export async function orderDocumentPdf(
  kind: PaperDocumentKind,
  order: StoredOrder,
  config: Config
): Promise<{ fileName: string; content: Uint8Array }> {
  const language = order.language;
  const content = await (kind === "terms"
    ? termsPdf(orderTerms(order, config), language)
    : invoicePdf(orderInvoice(order, kind, config), language));
  const fileName = documentTranslator(language)(`fileName.${kind}`, { number: order.orderNumber });
  return { fileName, content };
}

/**
 * The voucher a voucher order bought, to print: in the order's language and the design the buyer chose, its QR code
 * opening the voucher's check page in the shop it was bought in. `voucher-card` is the card folded from A4.
 */
export async function voucherDocumentPdf(
  kind: Exclude<VoucherDocumentKind, "receipt">,
  order: StoredVoucherOrder,
  voucher: VoucherRow,
  config: Config
): Promise<{ fileName: string; content: Uint8Array }> {
  return printedVoucherPdf(order, voucher, order.summary.design, kind === "voucher" ? "a4" : "card", config);
}

/**
 * The voucher a cancellation gave back, to print as a bought one is: on A4, in the order's language, in the default
 * design (nobody chose one), its QR code opening its check page in the order's shop.
 */
export async function refundVoucherPdf(
  order: AnyStoredOrder,
  voucher: PrintedVoucher,
  config: Config
): Promise<{ fileName: string; content: Uint8Array }> {
  return printedVoucherPdf(order, voucher, voucherDesigns[0], "a4", config);
}

type PrintedVoucher = Pick<VoucherRow, "code" | "value" | "validFrom" | "validTo">;

async function printedVoucherPdf(
  order: Pick<AnyStoredOrder, "product" | "language" | "currency">,
  voucher: PrintedVoucher,
  design: VoucherDesign,
  layout: VoucherLayout,
  config: Config
): Promise<{ fileName: string; content: Uint8Array }> {
  const language = order.language;
  const content = await voucherPdf(
    {
      brand: shopNames[order.product],
      code: voucher.code,
      value: voucher.value,
      currency: order.currency,
      validFrom: voucher.validFrom,
      validTo: voucher.validTo,
      design,
      checkUrl: voucherCheckUrl(config, order, voucher.code),
    },
    language,
    layout
  );
  const fileName = documentTranslator(language)("fileName.voucher", { code: voucher.code });
  return { fileName, content };
}

/** The receipt of a voucher order's payment as PDF bytes in the order's language ("potvrzeni-platby-26000042.pdf"). */
export async function voucherReceiptPdf(
  order: StoredVoucherOrder,
  operator: Operator
): Promise<{ fileName: string; content: Uint8Array }> {
  const language = order.language;
  const content = await invoicePdf(voucherReceipt(order, operator), language);
  const fileName = documentTranslator(language)("fileName.receipt", { number: order.orderNumber });
  return { fileName, content };
}

/**
 * One of an order's documents, made from the order as it was ordered, in the customer's language: a hotel order's
 * papers and its stay's calendar file, or a voucher order's receipt and the voucher it bought. Only a document the
 * order has in its state is made: asking for another, such as the invoice of an order not yet paid, the calendar of
 * a stay not booked or the voucher of one not yet issued, is refused as unavailable, so nobody gets a paper that
 * states what did not happen.
 */
export async function requestedDocument(
  deps: Pick<UseCaseDeps, "db" | "config" | "now">,
  product: ProductKey,
  orderId: string,
  kind: AnyDocumentKind
): Promise<OrderFile> {
  if (isVoucherDocumentKind(kind)) {
    const order = await requestedVoucherOrder(deps, product, orderId);
    const voucher = await voucherBoughtBy(deps.db, order.id);
    if (!voucherDocumentsOf(order, voucher).includes(kind)) {
      throw new Refused({ kind: "document_unavailable", document: kind });
    }
    if (kind === "receipt") return asPdf(await voucherReceiptPdf(order, deps.config.operator));
    if (!voucher) throw new Error(`Voucher order ${order.orderNumber} offers a ${kind} of no voucher`);
    return asPdf(await voucherDocumentPdf(kind, order, voucher, deps.config));
  }
  const order = await requestedHotelOrder(deps, product, orderId);
  if (!documentsOf(order).includes(kind)) throw new Refused({ kind: "document_unavailable", document: kind });
  if (kind === "stay-calendar") return stayCalendarFile(order, deps.config, deps.now());
  return asPdf(await orderDocumentPdf(kind, order, deps.config));
}

function asPdf(pdf: { fileName: string; content: Uint8Array }): OrderFile {
  return { ...pdf, contentType: "application/pdf" };
}
