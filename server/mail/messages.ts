/**
 * The e-mails the shop sends, as pure functions of plain data and a language: no database, no clock, no transport.
 * Every message is built once as a list of blocks and rendered twice, as text and as HTML, so the two parts cannot
 * say different things. The sentences live in `server/mail/texts/*.json` (the price lines the status page also shows
 * keep its words, from the shop's catalogue); values are put into them as plain text and
 * the HTML renderer escapes the finished sentence, so no value (a hotel called `<Hotel & "Spa">`) becomes markup.
 */

import type { MealPlanKey } from "../../shared/i18n/messages";
import type { Language } from "../../shared/route-table";
import { translatorOf } from "../../shared/i18n/messages";
import { createTranslator, type Translate, type TranslateOptions } from "../../shared/i18n/translator";
import cs from "./texts/cs.json";
import en from "./texts/en.json";
import pl from "./texts/pl.json";
import { formatCalendarDate, formatDeadline, formatExactMoney } from "../../shared/formats";
import { nightsBetween } from "../../shared/calendar-date";
import type { CurrencyCode } from "../domain/products";
import { marketTimeZones } from "../../shared/market-time-zones";
import { escapeHtml } from "../../shared/html-escape";

const mailTexts: Record<Language, typeof en> = { cs, pl, en };

export type PaymentState = "waiting" | "paid" | "cancelled" | "rejected" | "revoked" | "refunded";

export interface MailBrand {
  /** "Dovolená za benefity", "Urlop za benefity", "Dovolená za benefity × Pluxee". */
  name: string;
  supportEmail: string;
  supportPhone: string;
  /** The shop's home page, where a voucher is spent or a new order placed. */
  shopUrl: string;
}

export interface MailRoom {
  name: string;
  mealPlan: MealPlanKey | null;
}

export interface MailPayment {
  /** As the customer knows it, already in the mail's language: "Edenred Benefity Café", "Bankovní převod". */
  methodName: string;
  /** Minor units (haléře, grosze). */
  amountMinor: number;
  state: PaymentState;
}

export interface MailTransfer {
  /** As people write it: "2000145399/2010", or the Polish NRB in groups. */
  account: string;
  /** Without spaces; shown in groups of four. */
  iban: string;
  /** The variable symbol (CZK) or the transfer title (PLN) the payment is matched by. */
  variableSymbol: string;
  amountMinor: number;
}

/** What an order still owes online, and by when. */
export interface MailOwed {
  /** The order's pay-by deadline: the moment it must be paid by, or the shop cancels it. */
  payBy: Date;
  /** Present while a bank transfer is still to be paid. */
  transfer?: MailTransfer;
}

/** What every order's mail knows of it, whatever it bought. */
export interface MailOrderBase {
  /** What the order bought: its mails speak of the stay, or of the voucher. */
  bought: "stay" | "voucher";
  orderNumber: string;
  customerFirstName: string;
  totalMinor: number;
  currency: CurrencyCode;
  payments: MailPayment[];
  /** Present while the order still owes money online. */
  owed?: MailOwed;
  /** The order's status page. */
  statusUrl: string;
  brand: MailBrand;
}

/** A hotel order's mail: the stay besides. */
export interface MailOrder extends MailOrderBase {
  hotelName: string;
  /** Calendar dates, YYYY-MM-DD. */
  checkIn: string;
  checkOut: string;
  rooms: MailRoom[];
  /**
   * Present when the total includes what the hotel collects at the property: the two parts, each said on its own
   * line under the total, in the status page's words, so the total visibly agrees with the payments.
   */
  totalParts?: { onlineMinor: number; atPropertyMinor: number };
  adults: number;
  children: number;
  /** The hotel provider's reference of the booking, once it is made: what the customer quotes at the hotel. */
  bookingReference?: string;
  /** The later order of the same stay that replaced this one, at the customer's choice. */
  replacedBy?: { orderNumber: string; statusUrl: string };
  /**
   * Where the stay's calendar file (.ics) is downloaded, present while the hotel holds the room: the booking's
   * confirmation links to it, and the mail job attaches it (server/orders/mail-job.ts).
   */
  calendarUrl?: string;
}

/** A voucher order's mail: what the voucher is worth, and its design. */
export interface MailVoucherOrder extends MailOrderBase {
  voucherValueMinor: number;
  /** Bought as a gift for someone else. */
  gift: boolean;
}

/** A voucher as its e-mail hands it over. */
export interface MailIssuedVoucher extends MailVoucher {
  /** The first day it can pay, YYYY-MM-DD. */
  validFrom: string;
  /** The check page with the code filled in. */
  checkUrl: string;
  /** The voucher as a PDF to print: on A4, and as a card folded from A4. */
  printUrls: { a4: string; card: string };
  /** The receipt of the order's payment, a PDF (no tax document: a voucher's sale is not taxed, decision 054). */
  receiptUrl: string;
}

export interface ReceivedPayment {
  methodName: string;
  amountMinor: number;
  /** What the order still waits for after this payment; 0 when it is paid in full. */
  remainingMinor: number;
}

export interface MailVoucher {
  /** 8 digits. */
  code: string;
  valueMinor: number;
  /** The last valid day, YYYY-MM-DD. */
  validUntil: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** (1) The order is received: what was ordered, how it is paid, and how to pay a transfer that is due. */
export function orderConfirmationMail(order: MailOrder, lang: Language): MailContent {
  const m = messageKit(order, lang);
  return m.render(
    m.t("orderConfirmation.subject", { orderNumber: order.orderNumber }),
    confirmationBlocks(m, m.t("orderConfirmation.intro"), [
      [m.t("fields.orderNumber"), order.orderNumber],
      ...stayFacts(m, order),
    ])
  );
}

/** (1') A voucher order is received: the value bought, how it is paid, and that the voucher comes once it is paid. */
export function voucherOrderConfirmationMail(order: MailVoucherOrder, lang: Language): MailContent {
  const m = messageKit(order, lang);
  return m.render(
    m.t("voucherOrderConfirmation.subject", { orderNumber: order.orderNumber }),
    confirmationBlocks(m, m.t(order.gift ? "voucherOrderConfirmation.introGift" : "voucherOrderConfirmation.intro"), [
      [m.t("fields.orderNumber"), order.orderNumber],
      [m.t("fields.voucherValue"), m.money(order.voucherValueMinor)],
      [m.t("fields.total"), m.money(order.totalMinor)],
    ])
  );
}

/** (8) A bought voucher is issued: its code, value and validity, and where to check it. */
export function voucherIssuedMail(order: MailVoucherOrder, lang: Language, voucher: MailIssuedVoucher): MailContent {
  const m = messageKit(order, lang);
  return m.render(m.t("voucherIssued.subject", { orderNumber: order.orderNumber }), [
    { kind: "paragraph", text: m.t(order.gift ? "voucherIssued.introGift" : "voucherIssued.intro") },
    { kind: "heading", text: m.t("headings.voucher") },
    {
      kind: "facts",
      rows: [
        [m.t("fields.voucherCode"), voucher.code],
        [m.t("fields.voucherValue"), m.money(voucher.valueMinor)],
        [m.t("fields.voucherValidFrom"), m.day(voucher.validFrom)],
        [m.t("fields.voucherValidUntil"), m.day(voucher.validUntil)],
      ],
    },
    { kind: "paragraph", text: m.t("voucherIssued.howTo", { shopUrl: order.brand.shopUrl }) },
    { kind: "link", label: m.t("voucherIssued.printLink"), url: voucher.printUrls.a4 },
    { kind: "link", label: m.t("voucherIssued.cardLink"), url: voucher.printUrls.card },
    { kind: "link", label: m.t("voucherIssued.checkLink", { code: voucher.code }), url: voucher.checkUrl },
    { kind: "link", label: m.t("voucherIssued.receiptLink"), url: voucher.receiptUrl },
    m.statusLink(),
  ]);
}

/**
 * What was ordered, how it is paid, how to pay a transfer that is due, what comes next, and the way to the status
 * page. A stay is booked once a transfer has arrived and the hotel's confirmation follows; a voucher is issued once
 * a transfer has arrived, and its intro already says that it follows by e-mail.
 */
function confirmationBlocks(m: MessageKit, intro: string, facts: [string, string][]): Block[] {
  const blocks: Block[] = [
    { kind: "paragraph", text: intro },
    { kind: "heading", text: m.t("headings.order") },
    { kind: "facts", rows: facts },
    m.paymentsTable(),
  ];
  // The transfer's instructions state the deadline; without a transfer, what is owed online is told it here.
  const { owed, bought } = m.order;
  if (owed?.transfer) {
    blocks.push(...m.transferBlocks(owed.transfer, owed.payBy), {
      kind: "paragraph",
      text: m.t(bought === "stay" ? "orderConfirmation.transferBooking" : "voucherOrderConfirmation.transfer"),
    });
  } else if (owed)
    blocks.push({ kind: "paragraph", text: m.t("orderConfirmation.payBy", { date: m.deadline(owed.payBy) }) });
  if (bought === "stay") blocks.push({ kind: "paragraph", text: m.t("orderConfirmation.next") });
  blocks.push(m.statusLink());
  return blocks;
}

/** (2) A payment has arrived: which one, and what is left to pay. */
export function paymentReceivedMail(order: MailOrderBase, lang: Language, payment: ReceivedPayment): MailContent {
  const m = messageKit(order, lang);
  return m.render(m.t("paymentReceived.subject", { orderNumber: order.orderNumber }), [
    {
      kind: "paragraph",
      text: m.t("paymentReceived.intro", { amount: m.money(payment.amountMinor), method: payment.methodName }),
    },
    {
      kind: "facts",
      rows: [
        [m.t("fields.orderNumber"), order.orderNumber],
        [m.t("fields.method"), payment.methodName],
        [m.t("fields.amount"), m.money(payment.amountMinor)],
      ],
    },
    {
      kind: "paragraph",
      text:
        payment.remainingMinor > 0
          ? m.t("paymentReceived.remaining", { amount: m.money(payment.remainingMinor) })
          : m.t("paymentReceived.paidInFull"),
    },
    m.statusLink(),
  ]);
}

/** (3) The hotel has confirmed the reservation, under the booking number the hotel knows it by. */
export function bookingConfirmedMail(order: MailOrder, lang: Language): MailContent {
  const m = messageKit(order, lang);
  // Labelled as on the status page, whose words it keeps (the shop's catalogue).
  const reference: [string, string][] = order.bookingReference
    ? [[translatorOf(lang)("status.bookingReference"), order.bookingReference]]
    : [];
  const calendar: Block[] = order.calendarUrl
    ? [
        { kind: "paragraph", text: m.t("bookingConfirmed.calendar") },
        { kind: "link", label: m.t("bookingConfirmed.calendarLink"), url: order.calendarUrl },
      ]
    : [];
  return m.render(m.t("bookingConfirmed.subject", { orderNumber: order.orderNumber }), [
    { kind: "paragraph", text: m.t("bookingConfirmed.intro", { hotel: order.hotelName }) },
    {
      kind: "facts",
      rows: [[m.t("fields.orderNumber"), order.orderNumber], ...reference, ...stayFacts(m, order)],
    },
    ...calendar,
    { kind: "paragraph", text: m.t("bookingConfirmed.enjoy") },
    m.statusLink(),
  ]);
}

/** (4) The booking failed; the customer should get in touch. */
export function bookingFailedMail(order: MailOrder, lang: Language): MailContent {
  const m = messageKit(order, lang);
  const { supportEmail: email, supportPhone: phone } = order.brand;
  return m.render(m.t("bookingFailed.subject", { orderNumber: order.orderNumber }), [
    { kind: "paragraph", text: m.t("bookingFailed.intro", { hotel: order.hotelName }) },
    { kind: "paragraph", text: m.t("bookingFailed.contact", { email, phone, orderNumber: order.orderNumber }) },
    { kind: "facts", rows: [[m.t("fields.orderNumber"), order.orderNumber], ...stayFacts(m, order)] },
    m.statusLink(),
  ]);
}

/** (5) The order is cancelled and what was paid becomes a voucher, attached to print. */
export function orderCancelledWithVoucherMail(order: MailOrderBase, lang: Language, voucher: MailVoucher): MailContent {
  const m = messageKit(order, lang);
  return m.render(m.t("cancelledWithVoucher.subject", { orderNumber: order.orderNumber }), [
    { kind: "paragraph", text: m.t("cancelledWithVoucher.intro", { orderNumber: order.orderNumber }) },
    { kind: "heading", text: m.t("headings.voucher") },
    {
      kind: "facts",
      rows: [
        [m.t("fields.voucherCode"), voucher.code],
        [m.t("fields.voucherValue"), m.money(voucher.valueMinor)],
        [m.t("fields.voucherValidUntil"), m.day(voucher.validUntil)],
      ],
    },
    { kind: "paragraph", text: m.t("cancelledWithVoucher.howTo", { shopUrl: order.brand.shopUrl }) },
    // The mail job attaches the voucher's PDF to every such mail (server/orders/mail-job.ts).
    { kind: "paragraph", text: m.t("cancelledWithVoucher.attached") },
    m.statusLink(),
  ]);
}

/** (6) The order was not paid by its deadline and is cancelled; whatever was paid goes back. */
export function orderCancelledUnpaidMail(order: MailOrderBase, lang: Language): MailContent {
  const m = messageKit(order, lang);
  const anythingPaid = order.payments.some((payment) => payment.state === "paid" || payment.state === "refunded");
  const blocks: Block[] = [
    { kind: "paragraph", text: m.t("cancelledUnpaid.intro", { orderNumber: order.orderNumber }) },
  ];
  if (anythingPaid) blocks.push({ kind: "paragraph", text: m.t("cancelledUnpaid.refunds") }, m.paymentsTable());
  blocks.push(
    {
      kind: "paragraph",
      text: m.t(order.bought === "stay" ? "cancelledUnpaid.again" : "cancelledUnpaid.againVoucher", {
        shopUrl: order.brand.shopUrl,
      }),
    },
    m.statusLink()
  );
  return m.render(m.t("cancelledUnpaid.subject", { orderNumber: order.orderNumber }), blocks);
}

/** (7) The customer placed a new order of the same stay and chose that it replaces this unpaid one. */
export function orderReplacedMail(order: MailOrder, lang: Language): MailContent {
  const m = messageKit(order, lang);
  const replacement = order.replacedBy;
  if (!replacement) throw new Error(`order ${order.orderNumber} was not replaced`);
  const numbers = { orderNumber: order.orderNumber, newOrderNumber: replacement.orderNumber };
  return m.render(m.t("orderReplaced.subject", numbers), [
    { kind: "paragraph", text: m.t("orderReplaced.intro", numbers) },
    { kind: "paragraph", text: m.t("orderReplaced.noPayment", numbers) },
    { kind: "link", label: m.t("orderReplaced.newOrderLink", numbers), url: replacement.statusUrl },
  ]);
}

// ---- Building a message ----

/** A message of the contact form as support receives it. */
export interface MailContactMessage {
  shopName: string;
  /** The language the sender read the shop in. */
  pageLanguage: Language;
  fullname: string;
  email: string;
  subject: string;
  message: string;
  sentAt: Date;
  timeZone: string;
}

/**
 * (10) A contact message, for the shop's support in the shop's language: who wrote, about what, and the message as
 * typed. Support answers by replying: the mail's Reply-To is the sender's address (contact-messages.ts).
 */
export function contactMessageMail(contact: MailContactMessage, lang: Language): MailContent {
  const t = strictTranslator(lang);
  const topic = contact.subject || t("contactMessage.noSubject");
  const subject = t("contactMessage.subject", { subject: topic });
  const blocks: Block[] = [
    { kind: "paragraph", text: t("contactMessage.intro", { shop: contact.shopName }) },
    {
      kind: "facts",
      rows: [
        [t("contactMessage.name"), contact.fullname],
        [t("contactMessage.email"), contact.email],
        [t("contactMessage.topic"), topic],
        [t("contactMessage.language"), contact.pageLanguage],
        [t("contactMessage.sentAt"), formatDeadline(contact.sentAt, lang, contact.timeZone)],
      ],
    },
    { kind: "heading", text: t("contactMessage.message") },
    { kind: "paragraph", text: contact.message },
  ];
  return { subject, text: renderText(blocks), html: renderHtml(lang, subject, contact.shopName, blocks) };
}

/** A contact message as its sender is told it arrived. */
export interface MailContactAcknowledgement {
  brand: Omit<MailBrand, "shopUrl">;
  fullname: string;
  /** The address the answer goes to; the acknowledgement is sent there too. */
  email: string;
  subject: string;
  message: string;
  sentAt: Date;
  timeZone: string;
}

/**
 * (11) A contact message has arrived, told to its sender in the language they wrote in: what they sent and when, and
 * that the answer comes to their address within the support's hours (in the footer's words, the shop's catalogue).
 */
export function contactAcknowledgementMail(contact: MailContactAcknowledgement, lang: Language): MailContent {
  const t = strictTranslator(lang);
  const topic = contact.subject || t("contactMessage.noSubject");
  const subject = t("contactAcknowledgement.subject", { subject: topic });
  const { brand } = contact;
  const blocks: Block[] = [
    { kind: "paragraph", text: t("greeting", { name: contact.fullname }) },
    { kind: "paragraph", text: t("contactAcknowledgement.intro", { shop: brand.name }) },
    {
      kind: "paragraph",
      text: t("contactAcknowledgement.answer", {
        email: contact.email,
        hours: translatorOf(lang)("footer.supportHours"),
      }),
    },
    {
      kind: "facts",
      rows: [
        [t("contactMessage.topic"), topic],
        [t("contactMessage.sentAt"), formatDeadline(contact.sentAt, lang, contact.timeZone)],
      ],
    },
    { kind: "heading", text: t("contactMessage.message") },
    { kind: "paragraph", text: contact.message },
    { kind: "paragraph", text: `${t("signOff")}\n${brand.name}` },
    { kind: "paragraph", text: t("contact", { email: brand.supportEmail, phone: brand.supportPhone }) },
  ];
  return { subject, text: renderText(blocks), html: renderHtml(lang, subject, brand.name, blocks) };
}

type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  /** Label and value pairs. */
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] }
  | { kind: "link"; label: string; url: string };

/** Hotel, dates, rooms, guests and price (and where its parts are paid): what was booked. */
function stayFacts({ t, money, lang }: MessageKit, order: MailOrder): [string, string][] {
  const guests = [t("counts.adults", { count: order.adults })];
  if (order.children > 0) guests.push(t("counts.children", { count: order.children }));
  return [
    [t("fields.hotel"), order.hotelName],
    [t("fields.checkIn"), formatCalendarDate(order.checkIn, lang, { weekday: true })],
    [t("fields.checkOut"), formatCalendarDate(order.checkOut, lang, { weekday: true })],
    [t("fields.stay"), t("counts.nights", { count: nightsBetween(order.checkIn, order.checkOut) })],
    [t("fields.rooms"), t("counts.rooms", { count: order.rooms.length })],
    ...order.rooms.map((room, index): [string, string] => [
      t("fields.room", { index: index + 1 }),
      room.mealPlan ? `${room.name}, ${t(`mealPlans.${room.mealPlan}`)}` : room.name,
    ]),
    [t("fields.guests"), guests.join(", ")],
    [t("fields.total"), money(order.totalMinor)],
    ...totalPartsFacts(order, lang, money),
  ];
}

/** The status page's price lines (app/order/price-breakdown.tsx) for a total the hotel collects part of. */
function totalPartsFacts(order: MailOrder, lang: Language, money: (minor: number) => string): [string, string][] {
  if (!order.totalParts) return [];
  const shop = translatorOf(lang);
  const { onlineMinor, atPropertyMinor } = order.totalParts;
  return [
    ...(onlineMinor > 0 ? [[shop("reservation.price.payOnline"), money(onlineMinor)] as [string, string]] : []),
    [shop("reservation.price.payOnSite"), money(atPropertyMinor)],
  ];
}

type MessageKit = ReturnType<typeof messageKit>;

/** The translator, formats and shared blocks for one order in one language. */
function messageKit(order: MailOrderBase, lang: Language) {
  const t = strictTranslator(lang);
  const money = (minor: number) => formatExactMoney(minor, order.currency, lang);
  const day = (date: string) => formatCalendarDate(date, lang);
  const deadline = (instant: Date) => formatDeadline(instant, lang, marketTimeZones[order.currency]);

  return {
    t,
    lang,
    order,
    money,
    day,
    deadline,

    paymentsTable(): Block {
      return {
        kind: "table",
        caption: t("headings.payments"),
        head: [t("fields.method"), t("fields.amount"), t("fields.state")],
        rows: order.payments.map((payment) => [
          payment.methodName,
          money(payment.amountMinor),
          t(`paymentStates.${payment.state}`),
        ]),
      };
    },

    /** What to send where, and by when. */
    transferBlocks(transfer: MailTransfer, payBy: Date): Block[] {
      const amount = money(transfer.amountMinor);
      // Czech banks match a payment by its variable symbol; Polish transfers carry it in the title.
      const reference = order.currency === "CZK" ? "fields.variableSymbol" : "fields.transferTitle";
      return [
        { kind: "heading", text: t("headings.transfer") },
        { kind: "paragraph", text: t("orderConfirmation.transferInstruction", { amount, date: deadline(payBy) }) },
        {
          kind: "facts",
          rows: [
            [t("fields.account"), transfer.account],
            [t("fields.iban"), transfer.iban.replace(/(.{4})(?=.)/g, "$1 ")],
            [t(reference), transfer.variableSymbol],
            [t("fields.amount"), amount],
            [t("fields.payBy"), deadline(payBy)],
          ],
        },
      ];
    },

    statusLink(): Block {
      return { kind: "link", label: t("statusLink", { orderNumber: order.orderNumber }), url: order.statusUrl };
    },

    render(subject: string, blocks: Block[]): MailContent {
      // Czech cannot put a first name into a greeting without its vocative, so the Czech text leaves the name out.
      const opening: Block = { kind: "paragraph", text: t("greeting", { name: order.customerFirstName }) };
      const closing: Block[] = [
        { kind: "paragraph", text: `${t("signOff")}\n${order.brand.name}` },
        {
          kind: "paragraph",
          text: t("contact", { email: order.brand.supportEmail, phone: order.brand.supportPhone }),
        },
      ];
      const all = [opening, ...blocks, ...closing];
      return { subject, text: renderText(all), html: renderHtml(lang, subject, order.brand.name, all) };
    },
  };
}

/** The mail translator, which throws on a missing text or value: a mail must never go out with a raw key in it. */
function strictTranslator(lang: Language): Translate {
  const translate = createTranslator(lang, mailTexts[lang]);
  return (key: string, options?: TranslateOptions) => {
    const text = translate(key, options);
    if (text === key || text.includes("{{")) throw new Error(`Mail text "${key}" (${lang}) is missing or incomplete`);
    return text;
  };
}

// ---- Rendering ----

function renderText(blocks: Block[]): string {
  return `${blocks.map(textOf).join("\n\n")}\n`;
}

function textOf(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "heading":
      return `${block.text}\n${"-".repeat(block.text.length)}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "table":
      return [block.caption, block.head.join(" | "), ...block.rows.map((row) => row.join(" | "))].join("\n");
    case "link":
      return `${block.label}: ${block.url}`;
  }
}

const styles = {
  body: "margin:0;padding:0;background-color:#f3f4f6;",
  article:
    "max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff;color:#1f2937;" +
    "font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;",
  brand: "margin:0 0 24px;font-size:20px;",
  paragraph: "margin:0 0 16px;",
  heading: "margin:24px 0 8px;font-size:18px;",
  table: "border-collapse:collapse;width:100%;margin:0 0 16px;",
  caption: "text-align:left;font-weight:bold;padding:0 0 8px;",
  label: "text-align:left;vertical-align:top;font-weight:normal;color:#4b5563;padding:4px 16px 4px 0;",
  value: "vertical-align:top;padding:4px 0;",
  columnHead: "text-align:left;border-bottom:1px solid #d1d5db;padding:4px 8px 4px 0;",
  cell: "border-bottom:1px solid #e5e7eb;padding:4px 8px 4px 0;",
  link: "color:#1d4ed8;font-weight:bold;",
};

function renderHtml(lang: Language, subject: string, brand: string, blocks: Block[]): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
      subject
    )}</title></head>`,
    `<body style="${styles.body}">`,
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="${lang}" style="${styles.article}">`,
    `<h1 style="${styles.brand}">${escapeHtml(brand)}</h1>`,
    ...blocks.map(htmlOf),
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function htmlOf(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="${styles.paragraph}">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`;
    case "heading":
      return `<h2 style="${styles.heading}">${escapeHtml(block.text)}</h2>`;
    case "facts": {
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="${styles.label}">${escapeHtml(label)}</th>` +
          `<td style="${styles.value}">${escapeHtml(value)}</td></tr>`
      );
      return `<table style="${styles.table}"><tbody>${rows.join("")}</tbody></table>`;
    }
    case "table": {
      const head = block.head.map((cell) => `<th scope="col" style="${styles.columnHead}">${escapeHtml(cell)}</th>`);
      const rows = block.rows.map(
        (row) => `<tr>${row.map((cell) => `<td style="${styles.cell}">${escapeHtml(cell)}</td>`).join("")}</tr>`
      );
      return (
        `<table style="${styles.table}"><caption style="${styles.caption}">${escapeHtml(block.caption)}</caption>` +
        `<thead><tr>${head.join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`
      );
    }
    case "link":
      return `<p style="${styles.paragraph}"><a href="${escapeHtml(block.url)}" style="${styles.link}">${escapeHtml(
        block.label
      )}</a></p>`;
  }
}
