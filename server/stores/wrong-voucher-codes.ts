import { eq, lt } from "drizzle-orm";
import { deleteSome } from "../db/bounded-delete";
import type { Database } from "../db/database";
import { wrongVoucherCodes } from "../db/schema";
import type { WrongCodeTry } from "../domain/voucher-guessing";

/** How many forgotten clients one lookup clears away: enough to keep up with new ones, little enough to stay quick. */
const CLEARED_PER_LOOKUP = 100;

/**
 * The client's recent wrong codes, its row locked until the caller's transaction ends: two requests of one client,
 * on any api instances, are judged one after the other. A client without a row gets an empty one to lock.
 */
export async function lockWrongCodeTries(tx: Database, client: string, now: Date): Promise<WrongCodeTry[]> {
  await tx.insert(wrongVoucherCodes).values({ client, tries: [], updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ tries: wrongVoucherCodes.tries })
    .from(wrongVoucherCodes)
    .where(eq(wrongVoucherCodes.client, client))
    .for("update");
  return row?.tries ?? [];
}

export async function saveWrongCodeTries(
  tx: Database,
  client: string,
  tries: readonly WrongCodeTry[],
  now: Date
): Promise<void> {
  await tx
    .update(wrongVoucherCodes)
    .set({ tries: [...tries], updatedAt: now })
    .where(eq(wrongVoucherCodes.client, client));
}

/**
 * Removes up to `limit` clients unchanged since `before`, and answers how many it removed (deleteSome). Rows another
 * transaction holds are skipped rather than waited for, so two instances clearing at once never wait for each other.
 */
export function forgetClientsUnchangedSince(tx: Database, before: Date, limit = CLEARED_PER_LOOKUP): Promise<number> {
  return deleteSome(tx, wrongVoucherCodes, wrongVoucherCodes.client, lt(wrongVoucherCodes.updatedAt, before), limit);
}
