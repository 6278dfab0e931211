/**
 * The invoice of an order as a PDF: a Czech tax document ("faktura – daňový doklad", §29 of zákon 235/2004 Sb.)
 * or a Polish faktura (art. 106e of the ustawa o VAT), in the customer's language. Prices come in gross, as the
 * shop sells them; the tax is worked out per line from the gross amount (vat.ts) and summed per rate, so the
 * summary always adds up to the lines. Under the travel-agent margin scheme (Czech §89, Polish art. 119) the tax
 * is not shown at all, only the prices and the wording the law requires in its place.
 */

import { dayNumber, nightsBetween } from "../domain/calendar-date";
import type { CurrencyCode } from "../domain/products";
import { formatDate, formatDateRange, formatMoney, formatPercent } from "./format";
import { BODY, type Cell, Flow, GREY, PRODUCER, SMALL, TITLE } from "./pdf-flow";
import {
  type DocumentLanguage,
  type DocumentTexts,
  type PaymentMethodId,
  countOf,
  documentTexts,
  fill,
  languageTag,
} from "./texts";
import { splitGross } from "./vat";

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

/** What a line charges for; its words come from the texts, only a room's name is the hotel's own. */
export type InvoiceItem =
  | { readonly kind: "room"; readonly name: string }
  | { readonly kind: "cancellation_insurance" | "service_fee" | "voucher" };

export interface InvoiceLine {
  readonly item: InvoiceItem;
  /** A whole number of pieces, >= 1. */
  readonly quantity: number;
  /** Price of one piece including any VAT, minor units. */
  readonly unitPrice: number;
}

export interface TaxedInvoiceLine extends InvoiceLine {
  /** 1200 = 12 % (Czech accommodation), 800 = 8 % (Polish), 2100 = 21 %. */
  readonly vatRateBasisPoints: number;
}

interface InvoiceCommon {
  /** The order number: the document's number and, for transfers, the variable symbol. */
  readonly number: string;
  /** YYYY-MM-DD */
  readonly issuedOn: string;
  /** DUZP / data sprzedaży, YYYY-MM-DD. */
  readonly taxableSupplyOn: string;
  readonly currency: CurrencyCode;
  readonly supplier: InvoiceSupplier;
  readonly customer: InvoiceParty;
  readonly subject: InvoiceSubject;
  /** How the order is paid, split over methods (a voucher's credit included); minor units. */
  readonly payments: readonly { readonly method: PaymentMethodId; readonly amount: number }[];
  readonly variableSymbol: string;
}

/** Under the margin scheme the lines carry no VAT rate: the document must not state one. */
export type InvoiceDocument = InvoiceCommon &
  (
    | { readonly vatScheme: "standard"; readonly lines: readonly TaxedInvoiceLine[] }
    | { readonly vatScheme: "travel_margin"; readonly lines: readonly InvoiceLine[] }
  );

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
    const split = splitGross(lineGross(line), line.vatRateBasisPoints);
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

function checkInvoice(invoice: InvoiceDocument): void {
  for (const date of [invoice.issuedOn, invoice.taxableSupplyOn]) {
    if (dayNumber(date) === undefined) throw new RangeError(`"${date}" is not a calendar date`);
  }
  if (invoice.lines.length === 0) throw new RangeError("An invoice needs at least one line");
  for (const line of invoice.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity ${line.quantity}`);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw new RangeError(`unit price ${line.unitPrice}`);
    if (!Number.isSafeInteger(lineGross(line)))
      throw new RangeError(`line total of ${line.quantity} × ${line.unitPrice}`);
  }
  const total = invoice.lines.reduce((sum, line) => sum + lineGross(line), 0);
  if (!Number.isSafeInteger(total)) throw new RangeError(`invoice total ${total} is not a safe integer`);
  if (invoice.subject.kind === "stay" && !(nightsBetween(invoice.subject.checkIn, invoice.subject.checkOut) > 0)) {
    throw new RangeError(`stay ${invoice.subject.checkIn} – ${invoice.subject.checkOut} has no night`);
  }
}

/** The invoice as a PDF in the given language (cs for the Czech variants, pl or en for the Polish one). */
export function invoicePdf(invoice: InvoiceDocument, language: DocumentLanguage): Uint8Array {
  checkInvoice(invoice);
  const texts = documentTexts[language];
  const page: Page = {
    flow: new Flow(),
    t: texts.invoice,
    language,
    money: (minor) => formatMoney(minor, invoice.currency, language),
  };
  const title = fill(page.t.title, { number: invoice.number });
  page.flow.paragraph(title, TITLE);
  page.flow.rule(GREY, 0.8, 6);
  page.flow.gap(14);
  parties(page, invoice);
  page.flow.gap(14);
  facts(page, invoice);
  page.flow.gap(14);
  if (invoice.vatScheme === "standard") taxedLines(page, invoice.lines);
  else marginLines(page, invoice.lines);
  page.flow.gap(14);
  const total = invoice.lines.reduce((sum, line) => sum + lineGross(line), 0);
  page.flow.row(
    [
      { text: page.t.total, width: page.flow.width / 2 },
      { text: page.money(total), width: page.flow.width / 2, align: "right" },
    ],
    { size: 12, leading: 16, weight: "bold" }
  );
  return page.flow.finish({
    title,
    language: languageTag[language],
    producer: PRODUCER,
    footer: `${invoice.supplier.name} · ${title}`,
    pageLabel: (n, pages) => fill(texts.page, { page: n, pages }),
  });
}

/** What the sections below share while the document is written. */
interface Page {
  readonly flow: Flow;
  readonly t: DocumentTexts["invoice"];
  readonly language: DocumentLanguage;
  readonly money: (minor: number) => string;
}

/** Supplier and customer side by side: name, address, company id and VAT id, then the register entry. */
function parties({ flow, t }: Page, invoice: InvoiceDocument): void {
  const half = flow.width / 2;
  const party = (p: InvoiceParty) =>
    [
      `**${p.name}**`,
      ...p.address,
      p.companyId ? fill(t.companyId, { value: p.companyId }) : "",
      p.vatId ? fill(t.vatId, { value: p.vatId }) : "",
    ]
      .filter(Boolean)
      .join("\n");
  flow.row(
    [
      { text: t.supplier, width: half, weight: "bold", color: GREY },
      { text: t.customer, width: half, weight: "bold", color: GREY },
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
  if (invoice.supplier.registration) {
    flow.gap(4);
    flow.paragraph(invoice.supplier.registration, { ...SMALL, color: GREY });
  }
}

/** Number, dates, payment and subject, label beside value. */
function facts({ flow, t, language, money }: Page, invoice: InvoiceDocument): void {
  const payment = documentTexts[language].payment;
  const rows: [string, string][] = [
    [t.number, invoice.number],
    [t.issuedOn, formatDate(invoice.issuedOn, language)],
    [t.taxableSupplyOn, formatDate(invoice.taxableSupplyOn, language)],
    [t.variableSymbol, invoice.variableSymbol],
    [t.paymentMethods, invoice.payments.map((p) => `${payment[p.method]}: ${money(p.amount)}`).join("\n")],
    [t.subject, subjectText(invoice.subject, language)],
  ];
  const labelWidth = 190;
  for (const [label, value] of rows) {
    flow.row(
      [
        { text: label, width: labelWidth, color: GREY },
        { text: value, width: flow.width - labelWidth },
      ],
      BODY
    );
    flow.gap(2);
  }
}

/** Lines with unit price and base without VAT, rate and total, then the tax base, VAT and total per rate. */
function taxedLines(page: Page, lines: readonly TaxedInvoiceLine[]): void {
  const { flow, t, language, money } = page;
  const c = t.column;
  const row = columns(flow.width, [45, 80, 50, 80, 85]);
  table(
    flow,
    row([c.item, c.quantity, c.unitPriceNet, c.rate, c.net, c.gross]),
    lines.map((line) => {
      const split = splitGross(lineGross(line), line.vatRateBasisPoints);
      // The unit's own base, rounded, is informative (§29 asks for a unit price without tax); the taxed
      // amounts are the line's and the rate's, so they add up whatever the unit's rounding did.
      const unitBase = splitGross(line.unitPrice, line.vatRateBasisPoints).base;
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
  flow.paragraph(t.recap.title, { ...BODY, weight: "bold" });
  flow.gap(4);
  const recap = columns(flow.width, [100, 90, 100]);
  table(
    flow,
    recap([t.recap.rate, t.recap.net, t.recap.vat, t.recap.gross]),
    vatSummary(lines).map((rate) =>
      recap([formatPercent(rate.rateBasisPoints, language), money(rate.base), money(rate.vat), money(rate.gross)])
    )
  );
}

/** Lines with prices only, and the wording the margin scheme requires instead of any tax. */
function marginLines(page: Page, lines: readonly InvoiceLine[]): void {
  const { flow, t, money } = page;
  const c = t.column;
  const row = columns(flow.width, [60, 100, 100]);
  table(
    flow,
    row([c.item, c.quantity, c.unitPrice, c.amount]),
    lines.map((line) =>
      row([itemText(page, line.item), quantity(page, line), money(line.unitPrice), money(lineGross(line))])
    )
  );
  flow.gap(10);
  flow.paragraph(`**${t.marginScheme}**`, BODY);
  flow.paragraph(t.marginNote, { ...SMALL, color: GREY });
}

function itemText({ t }: Page, item: InvoiceItem): string {
  return item.kind === "room" ? fill(t.item.room, { room: item.name }) : t.item[item.kind];
}

function quantity({ t }: Page, line: InvoiceLine): string {
  return `${line.quantity}\u00a0${t.column.unit}`;
}

function table(flow: Flow, header: readonly Cell[], rows: readonly (readonly Cell[])[]): void {
  flow.row(header, { ...SMALL, weight: "bold", color: GREY });
  flow.rule();
  flow.gap(2);
  for (const row of rows) {
    flow.row(row, BODY);
    flow.gap(3);
  }
  flow.rule();
}

/** A table's cells: the first column (left-aligned text) takes the width the fixed, right-aligned ones leave. */
function columns(width: number, fixed: readonly number[]): (texts: readonly string[]) => Cell[] {
  const widths = [width - fixed.reduce((sum, w) => sum + w, 0), ...fixed];
  return (texts) => texts.map((text, i) => ({ text, width: widths[i], align: i === 0 ? "left" : "right" }));
}

function subjectText(subject: InvoiceSubject, language: DocumentLanguage): string {
  const texts = documentTexts[language];
  if (subject.kind === "voucher") return texts.invoice.subjectVoucher;
  return fill(texts.invoice.subjectStay, {
    hotel: subject.hotelName,
    dates: formatDateRange(subject.checkIn, subject.checkOut, language),
    nights: countOf(texts.count.nights, nightsBetween(subject.checkIn, subject.checkOut), language),
    rooms: countOf(texts.count.rooms, subject.rooms, language),
  });
}
