import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
// The file itself: nodemailer has no exports map, and Node's ESM loader does not resolve a bare folder.
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { messageIdHeader, nodemailerOptions, type Mailer, type MailMessage } from "./mailer";

/** `{timestamp}-{id}.eml`; the timestamp is ISO 8601's basic format, which sorts by time and has no ":" for Windows. */
const MAIL_FILE = /^\d{8}T\d{6}\.\d{3}Z-(.+)\.eml$/;
const READABLE_ID_MAX = 100;

/**
 * The embedded mailer: each message becomes an RFC 5322 `.eml` file in `folder`, composed by nodemailer's MailComposer
 * as SMTP would send it (CRLF line ends), so it opens in any mail client. A file appears whole or not at all (written
 * under a temporary name, synced, then renamed), and a message whose stable id already has a file is not written
 * again: the outbox retries a send whose result it never recorded, and that must not make a second mail.
 */
export function createFileMailer(folder: string, now: () => Date = () => new Date()): Mailer {
  // Sends of one id in this process share one write, so the check for an earlier file and the write cannot interleave.
  const pending = new Map<string, Promise<{ messageId: string }>>();

  async function write(message: MailMessage, stableId: string | undefined): Promise<{ messageId: string }> {
    await mkdir(folder, { recursive: true });
    if (stableId !== undefined && (await hasFileFor(folder, fileId(stableId)))) return { messageId: stableId };
    const sentAt = now();
    const mime = new MailComposer(nodemailerOptions(message, sentAt)).compile();
    const eml = await mime.build();
    const messageId = mime.messageId();
    const name = `${basicIsoTimestamp(sentAt)}-${fileId(messageId)}.eml`;
    const temporary = join(folder, `.${name}.${randomUUID()}.tmp`);
    try {
      const file = await open(temporary, "wx");
      try {
        await file.writeFile(eml);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, join(folder, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { messageId };
  }

  return {
    send(message) {
      const stableId = messageIdHeader(message);
      if (stableId === undefined) return write(message, undefined);
      const earlier = pending.get(stableId);
      if (earlier) return earlier;
      const sending = write(message, stableId).finally(() => pending.delete(stableId));
      pending.set(stableId, sending);
      return sending;
    },
  };
}

/** 2026-03-01T10:20:30.123Z as 20260301T102030.123Z. */
function basicIsoTimestamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "");
}

/**
 * A Message-ID as a safe part of a file name. Where characters had to be replaced (or the id shortened), a hash of the
 * whole id is appended, so two different ids never share a name.
 */
export function fileId(messageId: string): string {
  const id = messageId.replace(/^<|>$/g, "");
  const readable = id.replace(/[^A-Za-z0-9._@+-]/g, "_").slice(0, READABLE_ID_MAX);
  if (readable === id) return id;
  return `${readable}-${createHash("sha256").update(id).digest("hex").slice(0, 12)}`;
}

async function hasFileFor(folder: string, id: string): Promise<boolean> {
  const names = await readdir(folder);
  return names.some((name) => MAIL_FILE.exec(name)?.[1] === id);
}
