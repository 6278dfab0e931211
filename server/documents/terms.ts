/**
 * The order's terms as a PDF: one or two pages restating what the customer agreed to for this order in particular
 * (its cancellation deadline and what a cancellation yields, its payment deadlines), with the general rules that
 * matter most next to them. The full wording stays in the legal PDFs (docs/legal/); this is the order's summary.
 */

import { nightsBetween } from "../../shared/calendar-date";
import { cancellationVoucherValue } from "../domain/order-lifecycle";
import type { CurrencyCode } from "../domain/products";
import { formatDeadline } from "../../shared/formats";
import { marketTimeZones } from "../../shared/market-time-zones";
import { formatDate, formatDateRange, formatMoney } from "./format";
import { BODY, Flow, GREY, HEADING, PRODUCER, TITLE } from "./pdf-flow";
import { type DocumentLanguage, type PaymentMethodId, documentTranslator, languageTag } from "./texts";

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
    /**
     * The last moment the order can be cancelled through the shop; absent when a room of it cannot be cancelled free
     * of charge at all, and so neither can the order (order-lifecycle.ts, cancellationDeadline).
     */
    readonly deadline?: Date;
    /** The cancellation fees a voucher for the cancelled order is reduced by, minor units. */
    readonly fees: number;
    /** What the order pays online, through the shop (not at the property): what a cancellation gives back less the fees. */
    readonly paidOnline: number;
  };
  /** Benefit payments still to be completed, each with its deadline; empty when there are none. */
  readonly benefitPayments: readonly {
    readonly method: PaymentMethodId;
    readonly amount: number;
    readonly payBy: Date;
  }[];
  /** The part paid by bank transfer, if any: its rooms are booked only once the money arrives. */
  readonly transfer?: {
    readonly amount: number;
    readonly bankAccount: string;
    readonly variableSymbol: string;
    /** The order's pay-by deadline, as for the benefit payments. */
    readonly payBy: Date;
  };
  readonly support: { readonly email: string; readonly phone: string };
}

/** The order's terms as a PDF in the given language. */
export function termsPdf(terms: TermsDocument, language: DocumentLanguage): Promise<Uint8Array> {
  const t = documentTranslator(language);
  const money = (minor: number) => formatMoney(minor, terms.currency, language);
  // Deadlines in the words and on the clock the status page and the e-mails use.
  const deadline = (instant: Date) => formatDeadline(instant, language, marketTimeZones[terms.currency]);
  const { stay, cancellation } = terms;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (!(nights > 0)) throw new RangeError(`stay ${stay.checkIn} – ${stay.checkOut} has no night`);
  const brand = terms.brand;
  const title = t("terms.title", { number: terms.orderNumber });
  const flow = new Flow({ title, language: languageTag[language], producer: PRODUCER, createdOn: terms.orderedOn });
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
  paragraph(t("terms.intro", { number: terms.orderNumber, date: formatDate(terms.orderedOn, language), brand }));

  section(t("terms.order"));
  paragraph(
    t("terms.stay", {
      hotel: `**${stay.hotelName}**`,
      dates: formatDateRange(stay.checkIn, stay.checkOut, language),
      nights: t("count.nights", { count: nights }),
      rooms: t("count.rooms", { count: stay.rooms }),
    })
  );
  paragraph(t("terms.orderTotal", { amount: money(terms.orderTotal) }));

  section(t("terms.cancellation"));
  if (cancellation.deadline === undefined) {
    paragraph(t("terms.noFreeCancellation", { brand }));
  } else {
    paragraph(t("terms.cancellationDeadline", { deadline: deadline(cancellation.deadline), brand }));
    // The summary states what a cancellation of the order paid in full yields: what it pays online less the fees.
    paragraph(
      t("terms.cancellationVoucher", {
        total: money(cancellation.paidOnline),
        fees: money(cancellation.fees),
        voucher: money(cancellationVoucherValue(cancellation.paidOnline, cancellation.fees)),
        brand,
      })
    );
  }
  paragraph(t("terms.portal", { brand }));

  if (terms.benefitPayments.length > 0 || terms.transfer) {
    section(t("terms.payment"));
    if (terms.benefitPayments.length > 0) {
      paragraph(t("terms.benefitIntro"));
      for (const payment of terms.benefitPayments) {
        const line = t("terms.benefitPayment", {
          method: t(`payment.${payment.method}`),
          amount: money(payment.amount),
          deadline: deadline(payment.payBy),
        });
        flow.paragraph(line, BODY, { indent: 14, label: "•" });
        flow.gap(3);
      }
      flow.gap(4);
    }
    if (terms.transfer) {
      paragraph(t("terms.transfer"));
      paragraph(
        t("terms.transferDetails", {
          amount: money(terms.transfer.amount),
          account: terms.transfer.bankAccount,
          variableSymbol: terms.transfer.variableSymbol,
          deadline: deadline(terms.transfer.payBy),
        })
      );
    }
  }

  section(t("terms.support"));
  paragraph(t("terms.supportContact", { ...terms.support, number: terms.orderNumber }));

  return flow.finish(`${brand} · ${title}`, (page, pages) => t("page", { page, pages }));
}
