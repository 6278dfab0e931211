/**
 * The order's terms as a PDF: one or two pages restating what the customer agreed to for this order in particular
 * (its cancellation deadline and what a cancellation yields, its payment deadlines), with the general rules that
 * matter most next to them. The full wording stays in the legal PDFs (docs/legal/); this is the order's summary.
 */

import { nightsBetween } from "../domain/calendar-date";
import type { CurrencyCode } from "../domain/products";
import { formatDate, formatDateRange, formatDateTime, formatMoney } from "./format";
import { BODY, Flow, GREY, HEADING, PRODUCER, TITLE } from "./pdf-flow";
import { type DocumentLanguage, type PaymentMethodId, countOf, documentTexts, fill, languageTag } from "./texts";

/** A deadline in the market's local time (Europe/Prague), as the order states it: "YYYY-MM-DDTHH:MM". */
export type LocalDateTime = string;

export interface TermsDocument {
  /** The shop's name in the variant, e.g. "Dovolená za benefity". */
  readonly brand: string;
  readonly orderNumber: string;
  /** YYYY-MM-DD */
  readonly orderedOn: string;
  readonly currency: CurrencyCode;
  readonly stay: {
    readonly hotelName: string;
    /** YYYY-MM-DD */
    readonly checkIn: string;
    /** YYYY-MM-DD */
    readonly checkOut: string;
    readonly rooms: number;
  };
  /** What the order costs in all, minor units. */
  readonly orderTotal: number;
  readonly cancellation: {
    /** The last moment the order can be cancelled through the shop. */
    readonly deadline: LocalDateTime;
    /** The cancellation fees a voucher for the cancelled order is reduced by, minor units. */
    readonly fees: number;
  };
  /** Benefit payments still to be completed, each with its deadline; empty when there are none. */
  readonly benefitPayments: readonly {
    readonly method: PaymentMethodId;
    readonly amount: number;
    readonly payBy: LocalDateTime;
  }[];
  /** The part paid by bank transfer, if any: its rooms are booked only once the money arrives. */
  readonly transfer?: {
    readonly amount: number;
    readonly bankAccount: string;
    readonly variableSymbol: string;
    /** YYYY-MM-DD */
    readonly payBy: string;
  };
  readonly support: { readonly email: string; readonly phone: string };
}

/** What a cancellation gives back: the order's value less the fees, never below nothing. */
export function cancellationVoucherValue(orderTotal: number, fees: number): number {
  for (const [what, amount] of [
    ["order total", orderTotal],
    ["cancellation fees", fees],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} ${amount} is not an amount >= 0`);
  }
  return Math.max(0, orderTotal - fees);
}

/** The order's terms as a PDF in the given language. */
export function termsPdf(terms: TermsDocument, language: DocumentLanguage): Uint8Array {
  const texts = documentTexts[language];
  const t = texts.terms;
  const money = (minor: number) => formatMoney(minor, terms.currency, language);
  const { stay, cancellation } = terms;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (!(nights > 0)) throw new RangeError(`stay ${stay.checkIn} – ${stay.checkOut} has no night`);
  const brand = terms.brand;
  const flow = new Flow();
  const title = fill(t.title, { number: terms.orderNumber });
  const section = (heading: string) => {
    flow.gap(14);
    // A heading keeps at least two lines of its section with it.
    flow.keep(HEADING.leading + 2 * BODY.leading);
    flow.paragraph(heading, HEADING);
    flow.gap(3);
  };
  const paragraph = (text: string) => {
    flow.paragraph(text, BODY);
    flow.gap(5);
  };

  flow.paragraph(title, TITLE);
  flow.rule(GREY, 0.8, 6);
  flow.gap(12);
  paragraph(fill(t.intro, { number: terms.orderNumber, date: formatDate(terms.orderedOn, language), brand }));

  section(t.order);
  paragraph(
    fill(t.stay, {
      hotel: `**${stay.hotelName}**`,
      dates: formatDateRange(stay.checkIn, stay.checkOut, language),
      nights: countOf(texts.count.nights, nights, language),
      rooms: countOf(texts.count.rooms, stay.rooms, language),
    })
  );
  paragraph(fill(t.orderTotal, { amount: money(terms.orderTotal) }));

  section(t.cancellation);
  paragraph(fill(t.cancellationDeadline, { deadline: formatDateTime(cancellation.deadline, language), brand }));
  paragraph(
    fill(t.cancellationVoucher, {
      total: money(terms.orderTotal),
      fees: money(cancellation.fees),
      voucher: money(cancellationVoucherValue(terms.orderTotal, cancellation.fees)),
      brand,
    })
  );
  paragraph(fill(t.portal, { brand }));

  if (terms.benefitPayments.length > 0 || terms.transfer) {
    section(t.payment);
    if (terms.benefitPayments.length > 0) {
      paragraph(t.benefitIntro);
      for (const payment of terms.benefitPayments) {
        const line = fill(t.benefitPayment, {
          method: texts.payment[payment.method],
          amount: money(payment.amount),
          deadline: formatDateTime(payment.payBy, language),
        });
        flow.paragraph(line, BODY, { indent: 14, label: "•" });
        flow.gap(3);
      }
      flow.gap(4);
    }
    if (terms.transfer) {
      paragraph(t.transfer);
      paragraph(
        fill(t.transferDetails, {
          amount: money(terms.transfer.amount),
          account: terms.transfer.bankAccount,
          variableSymbol: terms.transfer.variableSymbol,
          deadline: formatDate(terms.transfer.payBy, language),
        })
      );
    }
  }

  section(t.support);
  paragraph(fill(t.supportContact, { ...terms.support, number: terms.orderNumber }));

  return flow.finish({
    title,
    language: languageTag[language],
    producer: PRODUCER,
    footer: `${brand} · ${title}`,
    pageLabel: (page, pages) => fill(texts.page, { page, pages }),
  });
}
