import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database";

/**
 * Deletes at most `limit` rows of `table` that match `condition`, by their ids, and answers how many it deleted: a
 * short statement that holds few locks however many rows match, which a caller repeats while it answers `limit`. Rows
 * another transaction holds (one reading them for an order that is being made) are skipped rather than waited for.
 */
export async function deleteSome(
  db: Database,
  table: PgTable,
  id: PgColumn,
  condition: SQL | undefined,
  limit: number,
): Promise<number> {
  const chosen = db.select({ id }).from(table).where(condition).limit(limit).for("update", { skipLocked: true });
  const deleted = await db.delete(table).where(inArray(id, chosen)).returning({ id });
  return deleted.length;
}
