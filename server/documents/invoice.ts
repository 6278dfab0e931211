/**
 * An order's money documents as PDFs, in the customer's language: the payment request while money is owed (no tax
 * document, and it says so), the tax document once paid (a Czech "faktura – daňový doklad", §29 of zákon 235/2004
 * Sb., or a Polish faktura, art. 106e of the ustawa o VAT), the credit note that corrects it (§45, art. 106j), and
 * the receipt of a voucher order's payment, which is no tax document either (decision 054).
 * Which of them an order has is server/domain/order-documents.ts. Every total is what the shop collects online;
 * what the hotel collects at the property is printed apart, as information only. Prices come in gross, as the
 * shop sells them; the tax is worked out per line from the gross amount (vat.ts) and summed per rate, so the
 * summary always adds up to the lines. Under the travel-agent margin scheme (Czech §89, Polish art. 119) the tax
 * is not shown at all, only the prices and the wording the law requires in its place.
 */

import { dayNumber, nightsBetween } from "../../shared/calendar-date";
import type { CurrencyCode } from "../domain/products";
import { formatDeadline, formatIban } from "../../shared/formats";
import { marketTimeZones } from "../../shared/market-time-zones";
import { formatDate, formatDateRange, formatMoney, formatPercent } from "./format";
import { BODY, type Cell, Flow, GREY, HEADING, PRODUCER, SMALL, TITLE } from "./pdf-flow";
import {
  type DocumentLanguage,
  type DocumentTextKey,
  type DocumentTranslate,
  type PaymentMethodId,
  documentTranslator,
  languageTag,
} from "./texts";
import { type VatSplit, splitGross } from "./vat";

export interface InvoiceParty {
  readonly name: string;
  /** Street, postal code and town, country: one line each, as they are to be printed. */
  readonly address: readonly string[];
  /** IČO, or the Polish REGON/KRS: printed under the name. */
  readonly companyId?: string;
  /** DIČ ("CZ12345678") or NIP: required of the supplier, and of a customer billed as a VAT payer. */
  readonly vatId?: string;
}

export interface InvoiceSupplier extends InvoiceParty {
  readonly companyId: string;
  readonly vatId: string;
  /** The commercial register entry ("zapsaná v obchodním rejstříku …"), which business documents must state. */
  readonly registration?: string;
}

/** What the document is for: a stay (hotel, dates, rooms) or a value voucher. */
export type InvoiceSubject =
  | {
      readonly kind: "stay";
      readonly hotelName: string;
      /** YYYY-MM-DD */
      readonly checkIn: string;
      /** YYYY-MM-DD */
      readonly checkOut: string;
      readonly rooms: number;
    }
  | { readonly kind: "voucher" };

/**
 * What a line charges for; its words come from the texts, only a room's name is the hotel's own. A discount (a
 * discount voucher's) is a line of its own with a negative price, so every other line keeps the price it was sold at.
 */
export type InvoiceItem =
  | { readonly kind: "room"; readonly name: string }
  | { readonly kind: "cancellation_insurance" | "service_fee" | "voucher" | "extra_service" | "discount" };

export interface InvoiceLine {
  readonly item: InvoiceItem;
  /** A whole number of pieces, >= 1. */
  readonly quantity: number;
  /** Price of one piece including any VAT, minor units: <= 0 for a discount, >= 0 for anything else. */
  readonly unitPrice: number;
}

export interface TaxedInvoiceLine extends InvoiceLine {
  /** 1200 = 12 % (Czech accommodation), 800 = 8 % (Polish), 2100 = 21 %. */
  readonly vatRateBasisPoints: number;
}

/**
 * A transfer still to pay, as the status page's transfer box gives it, so the customer can pay from the paper: the
 * shop's account, the variable symbol (a Polish transfer's title), the amount and the QR code a banking app scans.
 */
export interface InvoiceTransfer {
  /** As people know it: "2000145399/2010", or the Polish NRB in groups. */
  readonly account: string;
  /** No spaces; printed in groups of four. */
  readonly iban: string;
  readonly variableSymbol: string;
  /** Minor units. */
  readonly amount: number;
  /** The status page's QR code, a PNG data URL. */
  readonly qrImage: string;
}

/**
 * Which paper it is. A payment request is no tax document: it has no date of supply, only a pay-by deadline, and
 * how to pay each transfer still owed. A credit note corrects a tax document by the lines it cancels: they are given
 * as sold and printed negative.
 */
export type InvoiceKind =
  | {
      readonly kind: "payment_request";
      readonly payBy: Date;
      /** Each transfer still owed; none when no transfer waits. */
      readonly transfers?: readonly InvoiceTransfer[];
    }
  | { readonly kind: "tax_document"; /** DUZP / data sprzedaży, YYYY-MM-DD. */ readonly taxableSupplyOn: string }
  /** A voucher's sale is no taxable supply: the money received is confirmed, on the day the last of it came. */
  | { readonly kind: "payment_receipt"; /** YYYY-MM-DD */ readonly receivedOn: string }
  | {
      readonly kind: "credit_note";
      /** YYYY-MM-DD: the day of the cancellation. */
      readonly taxableSupplyOn: string;
      /** The tax document it corrects: its number and its day of issue (YYYY-MM-DD). */
      readonly corrects: { readonly number: string; readonly issuedOn: string };
      /** The code of the value voucher the credited amount became. */
      readonly voucherCode: string;
    };

/** A payment of the online split (a voucher's credit included), minor units; `paidOn` (YYYY-MM-DD) once received. */
export interface InvoicePayment {
  readonly method: PaymentMethodId;
  readonly amount: number;
  readonly paidOn?: string;
}

/** Something the hotel collects at the property (a city tax; a room paid there): printed, never in a total. */
export interface OnSiteCharge {
  /** The charge's name as the pages give it, in the document's language; absent for accommodation paid there. */
  readonly name?: string;
  readonly amount: number;
}

interface InvoiceCommon {
  readonly document: InvoiceKind;
  /** The document's number; a payment request's and a tax document's is the order number. */
  readonly number: string;
  /** YYYY-MM-DD */
  readonly issuedOn: string;
  readonly currency: CurrencyCode;
  readonly supplier: InvoiceSupplier;
  readonly customer: InvoiceParty;
  readonly subject: InvoiceSubject;
  /** The online split; a payment request's and a tax document's add up to the total (none on a credit note). */
  readonly payments: readonly InvoicePayment[];
  readonly onSite: readonly OnSiteCharge[];
  readonly variableSymbol: string;
}

/**
 * Under the margin scheme the lines carry no VAT rate: the document must not state one. Nor under the voucher's: the
 * sale of a multi-purpose voucher is outside VAT (the stay it later pays for is taxed), and only its receipt says so.
 */
export type InvoiceDocument = InvoiceCommon &
  (
    | { readonly vatScheme: "standard"; readonly lines: readonly TaxedInvoiceLine[] }
    | { readonly vatScheme: UntaxedScheme; readonly lines: readonly InvoiceLine[] }
  );

/** The schemes whose documents state prices only, each with the wording the law asks in place of the tax. */
export type UntaxedScheme = "travel_margin" | "multi_purpose_voucher";

export interface RateSummary {
  readonly rateBasisPoints: number;
  readonly base: number;
  readonly vat: number;
  readonly gross: number;
}

/** Per-line VAT summed per rate, highest rate first; each rate's base + VAT is its gross exactly. */
export function vatSummary(lines: readonly TaxedInvoiceLine[]): RateSummary[] {
  const byRate = new Map<number, RateSummary>();
  for (const line of lines) {
    const split = splitLine(lineGross(line), line.vatRateBasisPoints);
    const sum = byRate.get(line.vatRateBasisPoints) ?? {
      rateBasisPoints: line.vatRateBasisPoints,
      base: 0,
      vat: 0,
      gross: 0,
    };
    byRate.set(line.vatRateBasisPoints, {
      ...sum,
      base: sum.base + split.base,
      vat: sum.vat + split.vat,
      gross: sum.gross + split.gross,
    });
  }
  return [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints);
}

function lineGross(line: InvoiceLine): number {
  return line.quantity * line.unitPrice;
}

/** A discount's VAT is the negative of the VAT in the same amount charged, so rounding treats both alike. */
function splitLine(gross: number, rateBasisPoints: number): VatSplit {
  if (gross >= 0) return splitGross(gross, rateBasisPoints);
  const split = splitGross(-gross, rateBasisPoints);
  return { base: -split.base, vat: -split.vat, gross };
}

function checkInvoice(invoice: InvoiceDocument): void {
  const { document } = invoice;
  const dates = [invoice.issuedOn];
  if (document.kind === "payment_receipt") dates.push(document.receivedOn);
  else if (document.kind !== "payment_request") dates.push(document.taxableSupplyOn);
  if (document.kind === "credit_note") dates.push(document.corrects.issuedOn);
  for (const date of [...dates, ...invoice.payments.flatMap((p) => (p.paidOn ? [p.paidOn] : []))]) {
    if (dayNumber(date) === undefined) throw new RangeError(`"${date}" is not a calendar date`);
  }
  if (invoice.lines.length === 0) throw new RangeError("An invoice needs at least one line");
  for (const line of invoice.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity ${line.quantity}`);
    const discount = line.item.kind === "discount";
    if (!Number.isSafeInteger(line.unitPrice) || (discount ? line.unitPrice > 0 : line.unitPrice < 0))
      throw new RangeError(`unit price ${line.unitPrice} of a ${line.item.kind} line`);
    if (!Number.isSafeInteger(lineGross(line)))
      throw new RangeError(`line total of ${line.quantity} × ${line.unitPrice}`);
  }
  const total = invoice.lines.reduce((sum, line) => sum + lineGross(line), 0);
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`invoice total ${total} is not an amount >= 0`);
  // A request asks for, and a tax document confirms, exactly the money the split takes online.
  const split = invoice.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (document.kind !== "credit_note" && split !== total) {
    throw new RangeError(`the payments add up to ${split}, the lines to ${total}`);
  }
  if (document.kind === "tax_document" && invoice.payments.some((payment) => !payment.paidOn)) {
    throw new RangeError("a tax document is issued once every payment is received");
  }
  if (document.kind === "payment_receipt" && invoice.payments.some((payment) => !payment.paidOn)) {
    throw new RangeError("a receipt confirms payments received");
  }
  // A voucher's sale is receipted, never invoiced, and a receipt confirms nothing but a voucher's sale.
  if ((document.kind === "payment_receipt") !== (invoice.vatScheme === "multi_purpose_voucher")) {
    throw new RangeError(`a ${document.kind} under the ${invoice.vatScheme} scheme`);
  }
  for (const charge of invoice.onSite) {
    if (!Number.isSafeInteger(charge.amount) || charge.amount <= 0) throw new RangeError(`on-site ${charge.amount}`);
  }
  if (invoice.subject.kind === "stay" && !(nightsBetween(invoice.subject.checkIn, invoice.subject.checkOut) > 0)) {
    throw new RangeError(`stay ${invoice.subject.checkIn} – ${invoice.subject.checkOut} has no night`);
  }
}

/** The document as a PDF in the given language (cs for the Czech variants, pl or en for the Polish one). */
export function invoicePdf(invoice: InvoiceDocument, language: DocumentLanguage): Promise<Uint8Array> {
  checkInvoice(invoice);
  const { document } = invoice;
  const t = documentTranslator(language);
  const title = t(`invoice.title.${document.kind}`, { number: invoice.number });
  const page: Page = {
    flow: new Flow({ title, language: languageTag[language], producer: PRODUCER, createdOn: invoice.issuedOn }),
    t,
    language,
    money: (minor) => formatMoney(minor, invoice.currency, language),
    // Deadlines in the words and on the clock the status page and the e-mails use.
    deadline: (instant) => formatDeadline(instant, language, marketTimeZones[invoice.currency]),
  };
  page.flow.paragraph(title, TITLE);
  page.flow.rule(GREY, 0.8, 6);
  if (document.kind === "payment_request" || document.kind === "payment_receipt") {
    page.flow.gap(4);
    const notice = document.kind === "payment_request" ? "invoice.notTaxDocument" : "invoice.receiptNotTaxDocument";
    page.flow.paragraph(`**${t(notice)}**`, BODY);
  }
  page.flow.gap(14);
  parties(page, invoice);
  page.flow.gap(14);
  facts(page, invoice);
  page.flow.gap(14);
  // A credit note takes back the lines it cancels: the same lines, negative.
  const sign = document.kind === "credit_note" ? -1 : 1;
  const signed = <Line extends InvoiceLine>(lines: readonly Line[]) =>
    lines.map((line) => ({ ...line, unitPrice: sign * line.unitPrice }));
  if (invoice.vatScheme === "standard") taxedLines(page, signed(invoice.lines));
  else untaxedLines(page, invoice.vatScheme, invoice.currency, signed(invoice.lines));
  page.flow.gap(14);
  const total = sign * invoice.lines.reduce((sum, line) => sum + lineGross(line), 0);
  totalRow(page, t(`invoice.total.${document.kind}`), total);
  page.flow.gap(10);
  settlement(page, invoice, total);
  if (document.kind === "payment_request") {
    for (const transfer of document.transfers ?? []) {
      page.flow.gap(18);
      transferBox(page, invoice.currency, transfer);
    }
  }
  if (invoice.onSite.length > 0 && document.kind !== "credit_note") {
    page.flow.gap(14);
    onSiteCharges(page, invoice.onSite);
  }
  return page.flow.finish(`${invoice.supplier.name} · ${title}`, (n, pages) => t("page", { page: n, pages }));
}

/** What the sections below share while the document is written. */
interface Page {
  readonly flow: Flow;
  readonly t: DocumentTranslate;
  readonly language: DocumentLanguage;
  readonly money: (minor: number) => string;
  readonly deadline: (instant: Date) => string;
}

/** Supplier and customer side by side: name, address, company id and VAT id, then the register entry. */
function parties({ flow, t }: Page, invoice: InvoiceDocument): void {
  const half = flow.width / 2;
  const party = (p: InvoiceParty) =>
    [
      `**${p.name}**`,
      ...p.address,
      p.companyId ? t("invoice.companyId", { value: p.companyId }) : "",
      p.vatId ? t("invoice.vatId", { value: p.vatId }) : "",
    ]
      .filter(Boolean)
      .join("\n");
  // Two columns, each headed by whose details it holds.
  flow.table(() => {
    flow.row(
      [
        { text: t("invoice.supplier"), width: half, weight: "bold", color: GREY, header: "column" },
        { text: t("invoice.customer"), width: half, weight: "bold", color: GREY, header: "column" },
      ],
      SMALL
    );
    flow.gap(2);
    flow.row(
      [
        { text: party(invoice.supplier), width: half },
        { text: party(invoice.customer), width: half },
      ],
      BODY
    );
  });
  if (invoice.supplier.registration) {
    flow.gap(4);
    flow.paragraph(invoice.supplier.registration, { ...SMALL, color: GREY });
  }
}

/** Number, dates and subject, label beside value; a request's deadline, a credit note's corrected document. */
function facts({ flow, t, language, deadline }: Page, invoice: InvoiceDocument): void {
  const { document } = invoice;
  const rows: [string, string][] = [
    [t(document.kind === "payment_receipt" ? "invoice.receiptNumber" : "invoice.number"), invoice.number],
    [t("invoice.issuedOn"), formatDate(invoice.issuedOn, language)],
  ];
  if (document.kind === "payment_request") {
    rows.push([t("invoice.payBy"), deadline(document.payBy)]);
  } else if (document.kind === "payment_receipt") {
    rows.push([t("invoice.receivedOn"), formatDate(document.receivedOn, language)]);
  } else {
    rows.push([t("invoice.taxableSupplyOn"), formatDate(document.taxableSupplyOn, language)]);
  }
  if (document.kind === "credit_note") {
    const { number, issuedOn } = document.corrects;
    rows.push(
      [t("invoice.corrects"), t("invoice.correctsValue", { number, date: formatDate(issuedOn, language) })],
      [t("invoice.reason"), t("invoice.reasonCancelled")]
    );
  } else {
    rows.push([t("invoice.variableSymbol"), invoice.variableSymbol]);
  }
  rows.push([t("invoice.subject"), subjectText(invoice.subject, language)]);
  const labelWidth = 190;
  // Each value's row headed by its label.
  flow.table(() => {
    for (const [label, value] of rows) {
      flow.row(
        [
          { text: label, width: labelWidth, color: GREY, header: "row" },
          { text: value, width: flow.width - labelWidth },
        ],
        BODY
      );
      flow.gap(2);
    }
  });
}

function totalRow({ flow, money }: Page, label: string, amount: number): void {
  // The amount's column holds the widest total ("-1 234 567,89 Kč"); the label, a deadline in words, takes the rest.
  const amountWidth = 150;
  flow.row(
    [
      { text: label, width: flow.width - amountWidth },
      { text: money(amount), width: amountWidth, align: "right" },
    ],
    { size: 12, leading: 16, weight: "bold" }
  );
}

/**
 * How the total is settled. A request lists each payment, received (with its day) or still to pay, and what is
 * left to pay by the deadline; a tax document lists the payments received and says it is paid; a credit note names
 * the voucher the credited amount became (it is not money sent back, so it never says "refunded").
 */
function settlement(page: Page, invoice: InvoiceDocument, total: number): void {
  const { flow, t, language, money } = page;
  const { document } = invoice;
  if (document.kind === "credit_note") {
    flow.paragraph(t("invoice.settledByVoucher", { amount: money(-total), code: document.voucherCode }), BODY);
    return;
  }
  flow.paragraph(t("invoice.payments"), { ...BODY, weight: "bold", heading: 2 });
  flow.gap(4);
  const row = columns(flow.width, [160, 110]);
  table(
    flow,
    row([t("invoice.column.method"), t("invoice.column.paidOn"), t("invoice.column.payment")]),
    invoice.payments.map((payment) =>
      row([
        t(`payment.${payment.method}`),
        payment.paidOn ? formatDate(payment.paidOn, language) : t("invoice.notPaid"),
        money(payment.amount),
      ])
    )
  );
  flow.gap(10);
  if (document.kind === "payment_request") {
    const owed = invoice.payments.reduce((sum, payment) => sum + (payment.paidOn ? 0 : payment.amount), 0);
    totalRow(page, t("invoice.leftToPay", { deadline: page.deadline(document.payBy) }), owed);
  } else {
    totalRow(page, t("invoice.paid"), total);
  }
}

/** The status page's transfer box on paper: what to type into a banking app, beside the QR code that fills it in. */
function transferBox({ flow, t, money }: Page, currency: CurrencyCode, transfer: InvoiceTransfer): void {
  const qrSize = 110;
  flow.keep(HEADING.leading + 4 + qrSize);
  flow.paragraph(t("invoice.transfer.title"), HEADING);
  flow.gap(4);
  flow.imageBeside(transfer.qrImage, qrSize, t("invoice.transfer.qrAlt"), (width) => {
    const labelWidth = 130;
    const rows: [string, string][] = [
      [t("invoice.transfer.account"), transfer.account],
      [t("invoice.transfer.iban"), formatIban(transfer.iban)],
      [t(`invoice.transfer.variableSymbol.${currency}`), transfer.variableSymbol],
      [t("invoice.transfer.amount"), `**${money(transfer.amount)}**`],
    ];
    flow.table(() => {
      for (const [label, value] of rows) {
        flow.row(
          [
            { text: label, width: labelWidth, color: GREY, header: "row" },
            { text: value, width: width - labelWidth },
          ],
          BODY
        );
        flow.gap(2);
      }
    });
    flow.gap(6);
    flow.row([{ text: t("invoice.transfer.qrCaption"), width }], { ...SMALL, color: GREY });
  });
}

/** What the hotel collects at the property: information for the guest, outside every total of the document. */
function onSiteCharges({ flow, t, money }: Page, charges: readonly OnSiteCharge[]): void {
  flow.paragraph(t("invoice.onSite.title"), { ...SMALL, weight: "bold", color: GREY, heading: 2 });
  flow.gap(2);
  const row = columns(flow.width, [110]);
  // Each amount's row headed by what the hotel charges it for.
  flow.table(() => {
    for (const charge of charges) {
      const [name, amount] = row([charge.name ?? t("invoice.onSite.accommodation"), money(charge.amount)]);
      flow.row([{ ...name, header: "row" }, amount], { ...SMALL, color: GREY });
      flow.gap(2);
    }
  });
}

/** Lines with unit price and base without VAT, rate and total, then the tax base, VAT and total per rate. */
function taxedLines(page: Page, lines: readonly TaxedInvoiceLine[]): void {
  const { flow, t, language, money } = page;
  const row = columns(flow.width, [45, 80, 50, 80, 85]);
  const column = ["item", "quantity", "unitPriceNet", "rate", "net", "gross"] as const;
  table(
    flow,
    row(column.map((name) => t(`invoice.column.${name}`))),
    lines.map((line) => {
      const split = splitLine(lineGross(line), line.vatRateBasisPoints);
      // The unit's own base, rounded, is informative (§29 asks for a unit price without tax); the taxed
      // amounts are the line's and the rate's, so they add up whatever the unit's rounding did.
      const unitBase = splitLine(line.unitPrice, line.vatRateBasisPoints).base;
      return row([
        itemText(page, line.item),
        quantity(page, line),
        money(unitBase),
        formatPercent(line.vatRateBasisPoints, language),
        money(split.base),
        money(split.gross),
      ]);
    })
  );
  flow.gap(14);
  flow.paragraph(t("invoice.recap.title"), { ...BODY, weight: "bold", heading: 2 });
  flow.gap(4);
  const recap = columns(flow.width, [100, 90, 100]);
  const recapColumn = ["rate", "net", "vat", "gross"] as const;
  table(
    flow,
    recap(recapColumn.map((name) => t(`invoice.recap.${name}`))),
    vatSummary(lines).map((rate) =>
      recap([formatPercent(rate.rateBasisPoints, language), money(rate.base), money(rate.vat), money(rate.gross)])
    )
  );
}

/**
 * Each untaxed scheme's line saying so, and the note with the law behind it. A voucher's note names the law of the
 * market it was sold in, whatever the language it is read in.
 */
function schemeWording(
  scheme: UntaxedScheme,
  currency: CurrencyCode
): { title: DocumentTextKey; note: DocumentTextKey } {
  return scheme === "travel_margin"
    ? { title: "invoice.marginScheme", note: "invoice.marginNote" }
    : { title: "invoice.voucherScheme", note: `invoice.voucherNote.${currency}` };
}

/** Lines with prices only, and the wording the scheme requires instead of any tax. */
function untaxedLines(
  page: Page,
  scheme: UntaxedScheme,
  currency: CurrencyCode,
  lines: readonly InvoiceLine[]
): void {
  const { flow, t, money } = page;
  const row = columns(flow.width, [60, 100, 100]);
  const column = ["item", "quantity", "unitPrice", "amount"] as const;
  table(
    flow,
    row(column.map((name) => t(`invoice.column.${name}`))),
    lines.map((line) =>
      row([itemText(page, line.item), quantity(page, line), money(line.unitPrice), money(lineGross(line))])
    )
  );
  flow.gap(10);
  const wording = schemeWording(scheme, currency);
  flow.paragraph(`**${t(wording.title)}**`, BODY);
  flow.paragraph(t(wording.note), { ...SMALL, color: GREY });
}

function itemText({ t }: Page, item: InvoiceItem): string {
  return item.kind === "room" ? t("invoice.item.room", { room: item.name }) : t(`invoice.item.${item.kind}`);
}

function quantity({ t }: Page, line: InvoiceLine): string {
  return `${line.quantity}\u00a0${t("invoice.column.unit")}`;
}

/** Rows under a row of column headers, between rules. */
function table(flow: Flow, header: readonly Cell[], rows: readonly (readonly Cell[])[]): void {
  flow.table(() => {
    flow.row(
      header.map((cell) => ({ ...cell, header: "column" as const })),
      { ...SMALL, weight: "bold", color: GREY }
    );
    flow.rule();
    flow.gap(2);
    for (const row of rows) {
      flow.row(row, BODY);
      flow.gap(3);
    }
    flow.rule();
  });
}

/** A table's cells: the first column (left-aligned text) takes the width the fixed, right-aligned ones leave. */
function columns(width: number, fixed: readonly number[]): (texts: readonly string[]) => Cell[] {
  const widths = [width - fixed.reduce((sum, w) => sum + w, 0), ...fixed];
  return (texts) => texts.map((text, i) => ({ text, width: widths[i], align: i === 0 ? "left" : "right" }));
}

function subjectText(subject: InvoiceSubject, language: DocumentLanguage): string {
  const t = documentTranslator(language);
  if (subject.kind === "voucher") return t("invoice.subjectVoucher");
  return t("invoice.subjectStay", {
    hotel: subject.hotelName,
    dates: formatDateRange(subject.checkIn, subject.checkOut, language),
    nights: t("count.nights", { count: nightsBetween(subject.checkIn, subject.checkOut) }),
    rooms: t("count.rooms", { count: subject.rooms }),
  });
}
