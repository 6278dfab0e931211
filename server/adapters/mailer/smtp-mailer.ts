import nodemailer from "nodemailer";
// The file itself: nodemailer has no exports map, and Node's ESM loader does not resolve a bare folder.
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { Clock } from "../../clock";
import { nodemailerOptions, type Mailer } from "./mailer";

export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  connectionMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** Of silence on an open connection. */
  socketMs: number;
}

/**
 * nodemailer's defaults wait 2 minutes for a connection and 10 for a silent socket; a job holding its claim that long
 * delays every mail behind it, and a failed send is retried anyway.
 */
const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 60_000 };

/**
 * Mail through an SMTP server named by a URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:pass@host:465`; nodemailer reads options such as `?tls.rejectUnauthorized=false` from the query.
 * Any failure (refused connection, timeout, rejected sender or recipient) is thrown, so the calling job retries.
 */
export function createSmtpMailer(smtpUrl: string, now: Clock, timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS): Mailer {
  // Built here rather than by `createTransport({ url, … })`, which reads the URL and drops every other option.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    })
  );
  return {
    async send(message) {
      const { messageId } = await transport.sendMail(nodemailerOptions(message, now()));
      return { messageId };
    },
  };
}
