import { join } from "node:path";
import type { Clock } from "../../clock";
import { createFileMailer } from "./file-mailer";
import type { Mailer } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

/** SMTP when a server is configured; otherwise `.eml` files in `{dataDir}/mail`, so the shop runs with nothing else. */
export function createMailer(options: { smtpUrl?: string; dataDir: string; now: Clock }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.now)
    : createFileMailer(join(options.dataDir, "mail"), options.now);
}
