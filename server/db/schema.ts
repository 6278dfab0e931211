import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every timestamp is an instant: stored with its zone, read back as a `Date`. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The durable job queue: work that must survive a restart and may run on any worker instance
 * (book after payment, send mail, poll payments, expire vouchers).
 * A job is pending until `done_at` or `failed_at` is set; `failed_at` means dead, kept for an operator.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    /** Makes enqueueing idempotent: a second job with the same key is never created, even after the first is done. */
    dedupeKey: text("dedupe_key").unique(),
    /** Not before this instant; also where a failed job's retry is scheduled. */
    runAt: instant("run_at").notNull().defaultNow(),
    /** Counted when a worker claims the job, so a job that crashes its worker still runs out of attempts. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** The claiming worker's lease; once it has passed, another worker may take the job again. */
    lockedUntil: instant("locked_until"),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    failedAt: instant("failed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    // Claiming scans only pending jobs in due order; finished ones pile up but stay out of this index.
    index("jobs_pending_run_at_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * Hotel links resolved to the provider's hotel id. A link is analysed once per provider; the row also lets an
 * availability check name a hotel after the link it came from.
 */
export const hotelLinks = pgTable(
  "hotel_links",
  {
    provider: text("provider").notNull(),
    countryCode: text("country_code").notNull(),
    slug: text("slug").notNull(),
    hotelId: text("hotel_id").notNull(),
    url: text("url").notNull(),
    resolvedAt: instant("resolved_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.countryCode, table.slug] }),
    index("hotel_links_hotel_idx").on(table.provider, table.hotelId),
  ],
);

/**
 * One availability check and the provider's answer, kept under its id so a reload, a shared link or another api
 * instance shows the same offer, and the order preview prices exactly what the visitor saw.
 */
export const availabilities = pgTable("availabilities", {
  id: uuid("id").primaryKey().defaultRandom(),
  provider: text("provider").notNull(),
  /** The shop variant it was asked for: an offer in CZK is never shown on the Polish shop. */
  product: text("product").notNull(),
  hotelId: text("hotel_id").notNull(),
  /** The stay as asked: dates, rooms, adults, children ages. */
  stay: jsonb("stay").$type<unknown>().notNull(),
  /** The provider's answer as the adapter returned it, money in minor units. */
  answer: jsonb("answer").$type<unknown>().notNull(),
  createdAt: instant("created_at").notNull().defaultNow(),
});
