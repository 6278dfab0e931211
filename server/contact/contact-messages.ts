import { mailbox, type Mailer } from "../adapters/mailer/mailer";
import type { Database } from "../db/database";
import { CONTACT_MESSAGE_WINDOW_MS, contactMessageVerdict } from "../domain/contact-messages";
import { marketCurrency } from "../domain/products";
import { enqueueJob } from "../jobs/queue";
import { contactAcknowledgementMail, contactMessageMail } from "../mail/messages";
import { shopNames } from "../orders/supplier";
import {
  contactMessageTimes,
  findContactMessage,
  insertContactMessage,
  lockClientContactMessages,
  type NewContactMessage,
  type StoredContactMessage,
} from "../stores/contact-messages";
import { siteVariants } from "../variants/site-variants";
import { languageOf } from "../../shared/route-table";
import { marketTimeZones } from "../../shared/market-time-zones";

export const contactMailJobKind = "contact-mail";
export const contactAcknowledgementJobKind = "contact-acknowledgement";

export type ContactMessageOutcome =
  | { readonly sent: true }
  | { readonly sent: false; readonly retryAfterSeconds: number };

/**
 * Keeps a contact message, mails it to support and acknowledges it to its sender through the outbox, in one
 * transaction: a crash after the commit loses no mail, and a refusal keeps nothing (nor tells anyone anything). A
 * client past its budget (domain/contact-messages.ts) is refused with how long to wait.
 */
export async function sendContactMessage(db: Database, message: NewContactMessage): Promise<ContactMessageOutcome> {
  return db.transaction(async (tx) => {
    await lockClientContactMessages(tx, message.client);
    const since = new Date(message.createdAt.getTime() - CONTACT_MESSAGE_WINDOW_MS);
    const sentAt = await contactMessageTimes(tx, message.client, since);
    const verdict = contactMessageVerdict(sentAt, message.createdAt.getTime());
    if (!verdict.allowed) return { sent: false, retryAfterSeconds: verdict.retryAfterSeconds };
    const id = await insertContactMessage(tx, message);
    for (const kind of [contactMailJobKind, contactAcknowledgementJobKind]) {
      await enqueueJob(tx, { kind, payload: { messageId: id }, runAt: message.createdAt, dedupeKey: `${kind}:${id}` });
    }
    return { sent: true };
  });
}

/**
 * Mails a kept message to the support of the shop it was sent in, in that shop's language, answerable by a reply. The
 * message id is stable, so a job run twice gives the same message.
 */
export async function mailContactMessage(deps: { db: Database; mailer: Mailer }, messageId: string): Promise<void> {
  const message = await findContactMessage(deps.db, messageId);
  if (!message) return;
  const variant = siteVariants[message.product];
  const shopName = shopNames[message.product];
  const content = contactMessageMail(
    {
      shopName,
      pageLanguage: message.language,
      ...asWritten(message),
    },
    languageOf(variant.defaultLocale)
  );
  await deps.mailer.send({
    from: mailbox(shopName, variant.support.email),
    to: variant.support.email,
    headers: { "Reply-To": message.email },
    ...content,
    messageId: `contact-${message.id}`,
  });
}

/**
 * Tells the sender of a kept message, in the language they wrote in, that it arrived: what they sent, when, and that
 * the answer comes to their address. From the support of the shop it was sent in, so a reply reaches support. The
 * message id is stable, so a job run twice gives the same message.
 */
export async function acknowledgeContactMessage(
  deps: { db: Database; mailer: Mailer },
  messageId: string
): Promise<void> {
  const message = await findContactMessage(deps.db, messageId);
  if (!message) return;
  const { support } = siteVariants[message.product];
  const shopName = shopNames[message.product];
  const content = contactAcknowledgementMail(
    {
      brand: { name: shopName, supportEmail: support.email, supportPhone: support.phone },
      ...asWritten(message),
    },
    message.language
  );
  await deps.mailer.send({
    from: mailbox(shopName, support.email),
    to: message.email,
    ...content,
    messageId: `contact-${message.id}-acknowledgement`,
  });
}

/** The message as its sender wrote it, and when, on the clock of the shop's market: what both mails show. */
function asWritten(message: StoredContactMessage) {
  return {
    fullname: message.fullname,
    email: message.email,
    subject: message.subject,
    message: message.message,
    sentAt: message.createdAt,
    timeZone: marketTimeZones[marketCurrency[message.product]],
  };
}
