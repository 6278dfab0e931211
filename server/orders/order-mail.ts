/**
 * The e-mails of a stored order: what `server/mail/messages.ts` needs, read from the order, the configuration and
 * the variant, and the finished message for the mailer. The messages stay pure functions of a `MailOrder`; this is
 * the one place that knows how an order, its payments and the shop's settings become one.
 */

import { translatorOf, type MealPlanKey } from "../../shared/i18n/messages";
import { paymentMethodName } from "../../shared/i18n/payment-method-name";
import { mailbox, type MailMessage } from "../adapters/mailer/mailer";
import { receivingAccount, type Config } from "../config";
import { dueOnline } from "../domain/hotel-price";
import { documentsOf } from "../domain/order-documents";
import { owesPayment } from "../domain/order-lifecycle";
import { variableSymbolOf } from "../domain/order-number";
import { methodIds } from "../domain/payment-methods";
import type { ProductKey } from "../domain/products";
import {
  bookingConfirmedMail,
  bookingFailedMail,
  orderCancelledUnpaidMail,
  orderReplacedMail,
  orderCancelledWithVoucherMail,
  orderConfirmationMail,
  paymentReceivedMail,
  voucherIssuedMail,
  voucherOrderConfirmationMail,
  type MailBrand,
  type MailContent,
  type MailOrder,
  type MailOrderBase,
  type MailVoucherOrder,
  type MailRoom,
  type MailTransfer,
  type ReceivedPayment,
} from "../mail/messages";
import type { AnyStoredOrder, OrderedRoom, StoredOrder, StoredPayment, StoredVoucherOrder } from "../stores/orders";
import { siteVariants } from "../variants/site-variants";
import { shopNames } from "./supplier";
import { orderDocumentUrl, orderOwnerUrl, shopOrigin, voucherCheckUrl } from "./shop-links";

/** Every e-mail about an order, as a list, so a job's payload can be checked against it. */
export const orderMailKinds = [
  "order_confirmation",
  "payment_received",
  "booking_confirmed",
  "booking_failed",
  "cancelled_with_voucher",
  "cancelled_unpaid",
  "order_replaced",
  "voucher_issued",
] as const;

export type OrderMailKind = (typeof orderMailKinds)[number];

export interface OrderMailExtra {
  /** For payment_received. */
  paymentId?: string;
  /** For cancelled_with_voucher: the voucher the cancellation gave; for voucher_issued: the voucher bought. */
  voucher?: { code: string; value: number; validFrom?: string; validTo: string /* YYYY-MM-DD */ };
  /** For a voucher_issued mail an operator sent again: when (ISO), so it is a message of its own. */
  resentAt?: string;
}

/** What every order's mail knows of a stored order, in the order's own language (order.language). */
function mailOrderBaseOf(order: AnyStoredOrder, config: Config): MailOrderBase {
  const transfer = transferOf(order, config);
  return {
    bought: order.kind === "hotel" ? "stay" : "voucher",
    orderNumber: order.orderNumber,
    customerFirstName: order.customer.firstName,
    totalMinor: order.total,
    currency: order.currency,
    payments: order.payments.map((payment) => ({
      methodName: paymentMethodName(translatorOf(order.language), payment),
      amountMinor: payment.value,
      state: payment.status,
    })),
    ...(owesPayment(order.status) ? { owed: { payBy: order.payBy, ...(transfer ? { transfer } : {}) } } : {}),
    // Every mail goes to the order's customer alone, so its link carries the key that lets them change the order.
    statusUrl: orderOwnerUrl(config, order),
    brand: brandOf(order.product, config),
  };
}

/** The MailVoucherOrder of a stored voucher order. */
export function mailVoucherOrderOf(order: StoredVoucherOrder, config: Config): MailVoucherOrder {
  return { ...mailOrderBaseOf(order, config), voucherValueMinor: order.summary.voucherValue, gift: !!order.presentFor };
}

/** The MailOrder of a stored order, in the order's own language (order.language). */
export function mailOrderOf(order: StoredOrder, config: Config): MailOrder {
  const { summary } = order;
  return {
    ...mailOrderBaseOf(order, config),
    hotelName: summary.hotel.name,
    checkIn: summary.stay.checkIn,
    checkOut: summary.stay.checkOut,
    rooms: summary.rooms.map(mailRoomOf),
    ...(summary.price.payOnSite > 0
      ? { totalParts: { onlineMinor: dueOnline(summary.price), atPropertyMinor: summary.price.payOnSite } }
      : {}),
    adults: summary.stay.adults,
    children: summary.stay.childrenAges.length,
    ...(order.bookingRef ? { bookingReference: order.bookingRef } : {}),
    ...(documentsOf(order).includes("stay-calendar")
      ? { calendarUrl: orderDocumentUrl(config, order, "stay-calendar") }
      : {}),
    ...(order.replacedBy
      ? {
          replacedBy: {
            orderNumber: order.replacedBy.orderNumber,
            statusUrl: orderOwnerUrl(config, { ...order, id: order.replacedBy.id }),
          },
        }
      : {}),
  };
}

/**
 * The whole message: from the variant's brand, to the customer, and a stable id per order, kind (and payment), so a
 * resend after a crash is recognisably the same message rather than a second one. Throws when the extra a kind
 * needs is missing: a mail without its payment or voucher would tell the customer nothing.
 */
export function orderMail(
  kind: OrderMailKind,
  order: AnyStoredOrder,
  config: Config,
  extra: OrderMailExtra = {}
): MailMessage {
  const { content, idSuffix } =
    order.kind === "hotel"
      ? contentOf(kind, order, mailOrderOf(order, config), extra)
      : voucherOrderContentOf(kind, order, config, extra);
  const mail = mailOrderBaseOf(order, config);
  return {
    from: mailbox(mail.brand.name, mail.brand.supportEmail),
    to: order.email,
    ...content,
    messageId: `order-${order.orderNumber}-${kind}${idSuffix}`,
  };
}

function contentOf(
  kind: OrderMailKind,
  order: StoredOrder,
  mail: MailOrder,
  extra: OrderMailExtra
): { content: MailContent; idSuffix: string } {
  const lang = order.language;
  switch (kind) {
    case "order_confirmation":
      return { content: orderConfirmationMail(mail, lang), idSuffix: "" };
    case "booking_confirmed":
      return { content: bookingConfirmedMail(mail, lang), idSuffix: "" };
    case "booking_failed":
      return { content: bookingFailedMail(mail, lang), idSuffix: "" };
    case "order_replaced":
      return { content: orderReplacedMail(mail, lang), idSuffix: "" };
    case "voucher_issued":
      throw new Error(`Order ${order.orderNumber} is a hotel order and bought no voucher`);
    default:
      return commonContentOf(kind, order, mail, extra);
  }
}

/** The e-mails of a voucher order: its own confirmation and voucher, and the payment and cancellation mails. */
function voucherOrderContentOf(
  kind: OrderMailKind,
  order: StoredVoucherOrder,
  config: Config,
  extra: OrderMailExtra
): { content: MailContent; idSuffix: string } {
  const mail = mailVoucherOrderOf(order, config);
  const lang = order.language;
  switch (kind) {
    case "order_confirmation":
      return { content: voucherOrderConfirmationMail(mail, lang), idSuffix: "" };
    case "voucher_issued": {
      const { voucher } = extra;
      if (!voucher?.validFrom) throw new Error(`A voucher_issued mail of order ${order.orderNumber} needs the voucher`);
      const issued = {
        code: voucher.code,
        valueMinor: voucher.value,
        validFrom: voucher.validFrom,
        validUntil: voucher.validTo,
        checkUrl: voucherCheckUrl(config, order, voucher.code),
        printUrls: {
          a4: orderDocumentUrl(config, order, "voucher"),
          card: orderDocumentUrl(config, order, "voucher-card"),
        },
        receiptUrl: orderDocumentUrl(config, order, "receipt"),
      };
      // A re-sent voucher mail is a message of its own (an operator sent it again on purpose).
      return { content: voucherIssuedMail(mail, lang, issued), idSuffix: extra.resentAt ? `-${extra.resentAt}` : "" };
    }
    case "booking_confirmed":
    case "booking_failed":
    case "order_replaced":
      throw new Error(`Order ${order.orderNumber} is a voucher order and has no ${kind} mail`);
    default:
      return commonContentOf(kind, order, mail, extra);
  }
}

/** The mails every order has: a payment received, a cancellation. */
function commonContentOf(
  kind: "payment_received" | "cancelled_with_voucher" | "cancelled_unpaid",
  order: AnyStoredOrder,
  mail: MailOrderBase,
  extra: OrderMailExtra
): { content: MailContent; idSuffix: string } {
  const lang = order.language;
  switch (kind) {
    case "payment_received": {
      if (!extra.paymentId) throw new Error(`A payment_received mail of order ${order.orderNumber} needs a paymentId`);
      const received = receivedPayment(order, extra.paymentId);
      // Each payment that arrives is its own message, so the id carries the payment.
      return { content: paymentReceivedMail(mail, lang, received), idSuffix: `-${extra.paymentId}` };
    }
    case "cancelled_with_voucher": {
      const { voucher } = extra;
      if (!voucher) throw new Error(`A cancelled_with_voucher mail of order ${order.orderNumber} needs the voucher`);
      const mailVoucher = { code: voucher.code, valueMinor: voucher.value, validUntil: voucher.validTo };
      return { content: orderCancelledWithVoucherMail(mail, lang, mailVoucher), idSuffix: "" };
    }
    case "cancelled_unpaid":
      return { content: orderCancelledUnpaidMail(mail, lang), idSuffix: "" };
  }
}

/**
 * The payment a payment_received mail announces, and what the order still waits for: every other payment not paid
 * yet is owed (order-status.ts), so the remainder is their sum. The mail is written when its job runs, which may be
 * after the payment was refunded with a cancelled order; the mail then still names it rather than failing the job.
 */
function receivedPayment(order: AnyStoredOrder, paymentId: string): ReceivedPayment {
  const payment = order.payments.find((p) => p.id === paymentId);
  if (!payment) throw new Error(`Order ${order.orderNumber} has no payment ${paymentId}`);
  return {
    methodName: paymentMethodName(translatorOf(order.language), payment),
    amountMinor: payment.value,
    remainingMinor: sumOf(order.payments.filter((p) => p.id !== paymentId && p.status !== "paid")),
  };
}

/** A room as the mail names it; "no plan" is said by naming none. */
function mailRoomOf(room: OrderedRoom): MailRoom {
  const plan: MealPlanKey = room.mealPlan.plan;
  return { name: room.name, mealPlan: plan === "no_plan" ? null : plan };
}

/**
 * How to pay the transfers still waiting, in the words the order's status page uses (server/api/contract/order.ts):
 * the shop's account in the order's currency and the order number as variable symbol. Undefined when no transfer waits.
 */
function transferOf(order: AnyStoredOrder, config: Config): MailTransfer | undefined {
  const waiting = order.payments.filter((p) => p.methodId === methodIds.transfer && p.status === "waiting");
  if (waiting.length === 0) return undefined;
  const account = receivingAccount(config, order.currency);
  return {
    account: account.display,
    iban: account.iban,
    variableSymbol: variableSymbolOf(order.orderNumber),
    amountMinor: sumOf(waiting),
  };
}

function brandOf(product: ProductKey, config: Config): MailBrand {
  const { support } = siteVariants[product];
  return {
    name: shopNames[product],
    supportEmail: support.email,
    supportPhone: support.phone,
    shopUrl: shopOrigin(config, product),
  };
}

function sumOf(payments: readonly StoredPayment[]): number {
  return payments.reduce((sum, payment) => sum + payment.value, 0);
}
