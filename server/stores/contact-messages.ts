import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { contactMessages } from "../db/schema";
import type { ProductKey } from "../domain/products";
import type { Language } from "../../shared/route-table";

export interface NewContactMessage {
  readonly product: ProductKey;
  readonly language: Language;
  readonly fullname: string;
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  readonly client: string;
  readonly createdAt: Date;
}

export interface StoredContactMessage extends NewContactMessage {
  readonly id: string;
}

/**
 * Holds the client's messages still while it is counted and its message saved, until the transaction ends: two
 * messages sent at once are counted one after the other, so neither slips past the limit.
 */
export async function lockClientContactMessages(db: Database, client: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-messages:${client}`}))`);
}

/** When the client sent its messages since `since`, oldest first, in milliseconds since the epoch. */
export async function contactMessageTimes(db: Database, client: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(and(eq(contactMessages.client, client), gt(contactMessages.createdAt, since)))
    .orderBy(asc(contactMessages.createdAt));
  return rows.map((row) => row.createdAt.getTime());
}

export async function insertContactMessage(db: Database, message: NewContactMessage): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

export async function findContactMessage(db: Database, id: string): Promise<StoredContactMessage | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row && { ...row, product: row.product as ProductKey, language: row.language as Language };
}
