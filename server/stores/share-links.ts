import { and, eq } from "drizzle-orm";
import type { ShareLink } from "../adapters/provider/hotel-provider";
import type { Database } from "../db/database";
import { shareLinks } from "../db/schema";

/**
 * Share links already resolved to the page they lead to, per provider. Resolving one costs the real adapter a request
 * to the portal, so each share code is asked once (decision 052).
 */

export async function findShareTarget(db: Database, provider: string, share: ShareLink): Promise<string | undefined> {
  const [row] = await db
    .select({ targetUrl: shareLinks.targetUrl })
    .from(shareLinks)
    .where(and(eq(shareLinks.provider, provider), eq(shareLinks.code, share.code)))
    .limit(1);
  return row?.targetUrl;
}

/** Two visitors pasting the same new share link at once both resolve it; the first row stays. */
export async function saveShareTarget(
  db: Database,
  provider: string,
  share: ShareLink,
  targetUrl: string
): Promise<void> {
  await db.insert(shareLinks).values({ provider, code: share.code, targetUrl }).onConflictDoNothing();
}
