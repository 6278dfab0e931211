import type Mail from "nodemailer/lib/mailer";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  /** An address, optionally with a display name: `"Dovolená za benefity" <info@example.cz>`. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * A stable id, e.g. `order-26000042-confirmation`, so a resend of the same message is recognisable (by the file
   * mailer, and by the recipient's mail client). It becomes the Message-ID header; without an "@" it gets the sender's
   * domain, as RFC 5322 wants one. Without it every send is a new message with a random id.
   */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Resolves once the transport has taken the message, with its Message-ID header (`<…@…>`); throws otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** `"Name" <address>`, the display name quoted so its spaces and any punctuation stay one name. */
export function mailbox(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/** The Message-ID header of a message with a stable id; undefined lets nodemailer draw a random one. */
export function messageIdHeader(message: MailMessage): string | undefined {
  if (message.messageId === undefined) return undefined;
  const id = message.messageId.replace(/^<|>$/g, "");
  if (id.includes("@")) return `<${id}>`;
  const domain = /@([^\s@<>]+)>?\s*$/.exec(message.from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

/** The message as nodemailer composes it; both transports go through here so they send the same bytes. */
export function nodemailerOptions(message: MailMessage, sentAt: Date): Mail.Options {
  return {
    date: sentAt,
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: messageIdHeader(message),
    attachments: message.attachments?.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      // A view of the same bytes, not a copy.
      content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    })),
  };
}
