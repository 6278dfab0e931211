import { and, eq } from "drizzle-orm";
import type { HotelLink } from "../adapters/provider/hotel-provider";
import type { Database } from "../db/database";
import { hotelLinks } from "../db/schema";

/**
 * Links already resolved to a hotel id, per provider. Reading a hotel page costs the real adapter a request to the
 * portal, so each link is resolved once; the simulator's answer is just as stable, so it is kept the same way.
 */

export async function findHotelId(db: Database, provider: string, link: HotelLink): Promise<string | undefined> {
  const [row] = await db
    .select({ hotelId: hotelLinks.hotelId })
    .from(hotelLinks)
    .where(
      and(
        eq(hotelLinks.provider, provider),
        eq(hotelLinks.countryCode, link.countryCode),
        eq(hotelLinks.slug, link.slug)
      )
    )
    .limit(1);
  return row?.hotelId;
}

/** Two visitors pasting the same new link at once both resolve it; the first row stays, both ids are the same. */
export async function saveHotelLink(db: Database, provider: string, link: HotelLink, hotelId: string): Promise<void> {
  await db
    .insert(hotelLinks)
    .values({ provider, countryCode: link.countryCode, slug: link.slug, url: link.url, hotelId })
    .onConflictDoNothing();
}

/**
 * Links found, per database and `provider hotelId`: a link row is never changed or deleted, so one found stays true
 * and each availability check needs no query for it (decision 022). A hotel with no link yet is asked again.
 */
const foundLinks = new WeakMap<Database, Map<string, HotelLink>>();
/** Links are a few bytes each; past this many hotels the cache starts over rather than growing without end. */
const maxFoundLinks = 10_000;

/** The link a hotel id was resolved from, so the hotel is named and linked as the visitor knows it. */
export async function findHotelLink(db: Database, provider: string, hotelId: string): Promise<HotelLink | undefined> {
  const key = `${provider} ${hotelId}`;
  let found = foundLinks.get(db);
  if (!found) foundLinks.set(db, (found = new Map()));
  const cached = found.get(key);
  if (cached) return cached;
  const link = await queryHotelLink(db, provider, hotelId);
  if (link) {
    if (found.size >= maxFoundLinks) found.clear();
    found.set(key, link);
  }
  return link;
}

async function queryHotelLink(db: Database, provider: string, hotelId: string): Promise<HotelLink | undefined> {
  const [row] = await db
    .select({ countryCode: hotelLinks.countryCode, slug: hotelLinks.slug, url: hotelLinks.url })
    .from(hotelLinks)
    .where(and(eq(hotelLinks.provider, provider), eq(hotelLinks.hotelId, hotelId)))
    .limit(1);
  return row;
}
