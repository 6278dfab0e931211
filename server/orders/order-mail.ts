/**
 * The e-mails of a stored order: what `server/mail/messages.ts` needs, read from the order, the configuration and
 * the variant, and the finished message for the mailer. The messages stay pure functions of a `MailOrder`; this is
 * the one place that knows how an order, its payments and the shop's settings become one.
 */

import { translatorOf, type MealPlanKey } from "../../shared/i18n/messages";
import { paymentMethodName } from "../../shared/i18n/payment-method-name";
import type { MailMessage } from "../adapters/mailer/mailer";
import { receivingAccount, type Config } from "../config";
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
  type MailBrand,
  type MailContent,
  type MailOrder,
  type MailRoom,
  type MailTransfer,
  type ReceivedPayment,
} from "../mail/messages";
import type { OrderedRoom, StoredOrder, StoredPayment } from "../stores/orders";
import { siteVariants } from "../web/variants";
import { shopNames } from "./supplier";
import { orderStatusUrl, shopOrigin } from "./shop-links";

/** Every e-mail about an order, as a list, so a job's payload can be checked against it. */
export const orderMailKinds = [
  "order_confirmation",
  "payment_received",
  "booking_confirmed",
  "booking_failed",
  "cancelled_with_voucher",
  "cancelled_unpaid",
  "order_replaced",
] as const;

export type OrderMailKind = (typeof orderMailKinds)[number];

export interface OrderMailExtra {
  /** For payment_received. */
  paymentId?: string;
  /** For cancelled_with_voucher: the voucher the cancellation gave. */
  voucher?: { code: string; value: number; validTo: string /* YYYY-MM-DD */ };
}

/** The MailOrder of a stored order, in the order's own language (order.language). */
export function mailOrderOf(order: StoredOrder, config: Config): MailOrder {
  const { summary } = order;
  const transfer = transferOf(order, config);
  return {
    orderNumber: order.orderNumber,
    customerFirstName: order.customer.firstName,
    hotelName: summary.hotel.name,
    checkIn: summary.stay.checkIn,
    checkOut: summary.stay.checkOut,
    rooms: summary.rooms.map(mailRoomOf),
    adults: summary.stay.adults,
    children: summary.stay.childrenAges.length,
    totalMinor: order.total,
    currency: order.currency,
    payments: order.payments.map((payment) => ({
      methodName: paymentMethodName(translatorOf(order.language), payment),
      amountMinor: payment.value,
      state: payment.status,
    })),
    ...(owesPayment(order.status) ? { owed: { payBy: order.payBy, ...(transfer ? { transfer } : {}) } } : {}),
    statusUrl: orderStatusUrl(config, order),
    ...(order.replacedBy
      ? {
          replacedBy: {
            orderNumber: order.replacedBy.orderNumber,
            statusUrl: orderStatusUrl(config, { ...order, id: order.replacedBy.id }),
          },
        }
      : {}),
    brand: brandOf(order.product, config),
  };
}

/**
 * The whole message: from the variant's brand, to the customer, and a stable id per order, kind (and payment), so a
 * resend after a crash is recognisably the same message rather than a second one. Throws when the extra a kind
 * needs is missing: a mail without its payment or voucher would tell the customer nothing.
 */
export function orderMail(
  kind: OrderMailKind,
  order: StoredOrder,
  config: Config,
  extra: OrderMailExtra = {}
): MailMessage {
  const mail = mailOrderOf(order, config);
  const { content, idSuffix } = contentOf(kind, order, mail, extra);
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
    case "payment_received": {
      if (!extra.paymentId) throw new Error(`A payment_received mail of order ${order.orderNumber} needs a paymentId`);
      const received = receivedPayment(order, extra.paymentId);
      // Each payment that arrives is its own message, so the id carries the payment.
      return { content: paymentReceivedMail(mail, lang, received), idSuffix: `-${extra.paymentId}` };
    }
    case "booking_confirmed":
      return { content: bookingConfirmedMail(mail, lang), idSuffix: "" };
    case "booking_failed":
      return { content: bookingFailedMail(mail, lang), idSuffix: "" };
    case "cancelled_with_voucher": {
      const { voucher } = extra;
      if (!voucher) throw new Error(`A cancelled_with_voucher mail of order ${order.orderNumber} needs the voucher`);
      const mailVoucher = { code: voucher.code, valueMinor: voucher.value, validUntil: voucher.validTo };
      return { content: orderCancelledWithVoucherMail(mail, lang, mailVoucher), idSuffix: "" };
    }
    case "cancelled_unpaid":
      return { content: orderCancelledUnpaidMail(mail, lang), idSuffix: "" };
    case "order_replaced":
      return { content: orderReplacedMail(mail, lang), idSuffix: "" };
  }
}

/**
 * The payment a payment_received mail announces, and what the order still waits for: every other payment not paid
 * yet is owed (order-status.ts), so the remainder is their sum. The mail is written when its job runs, which may be
 * after the payment was refunded with a cancelled order; the mail then still names it rather than failing the job.
 */
function receivedPayment(order: StoredOrder, paymentId: string): ReceivedPayment {
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
function transferOf(order: StoredOrder, config: Config): MailTransfer | undefined {
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

/** `"Name" <address>`, the display name quoted so its spaces and any punctuation stay one name. */
function mailbox(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

function sumOf(payments: readonly StoredPayment[]): number {
  return payments.reduce((sum, payment) => sum + payment.value, 0);
}
