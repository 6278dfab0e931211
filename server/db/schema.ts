import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
