import { and, desc, eq, gt, lt, notExists, sql } from "drizzle-orm";
import { deleteSome } from "../db/bounded-delete";
import type { ProviderAvailability } from "../domain/hotel-offer";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { availabilities, previews } from "../db/schema";
import type { ProductKey } from "../domain/products";
import type { Stay } from "../domain/stay";

/** An availability check as kept: what was asked, and what the provider answered. */
export interface StoredAvailability {
  readonly id: string;
  readonly provider: string;
  readonly product: ProductKey;
  readonly stay: Stay;
  readonly answer: ProviderAvailability;
}

/** Keeps a check under a new id, findable by `searchKey` by whoever asks the same next (decision 053). */
export async function saveAvailability(
  db: Database,
  entry: Omit<StoredAvailability, "id">,
  searchKey: string,
  now: Date
): Promise<StoredAvailability> {
  const [row] = await db
    .insert(availabilities)
    .values({
      provider: entry.provider,
      product: entry.product,
      hotelId: entry.answer.hotel.hotelId,
      stay: entry.stay,
      answer: entry.answer,
      searchKey,
      createdAt: now,
    })
    .returning({ id: availabilities.id });
  if (!row) throw new Error("saving an availability returned no row");
  return { id: row.id, ...entry };
}

const availabilityById = preparedPerDatabase((db) =>
  db
    .select()
    .from(availabilities)
    .where(eq(availabilities.id, sql.placeholder("id")))
    .limit(1)
    .prepare("availability_by_id")
);

export async function findAvailability(db: Database, id: string): Promise<StoredAvailability | undefined> {
  const [row] = await availabilityById(db).execute({ id });
  return row && storedAvailability(row);
}

const latestBySearch = preparedPerDatabase((db) =>
  db
    .select()
    .from(availabilities)
    .where(
      and(
        eq(availabilities.searchKey, sql.placeholder("searchKey")),
        gt(availabilities.createdAt, sql.placeholder("since"))
      )
    )
    .orderBy(desc(availabilities.createdAt))
    .limit(1)
    .prepare("availability_by_search")
);

/** The newest check made for `searchKey` after `since`, if any. */
export async function findRecentAvailability(
  db: Database,
  searchKey: string,
  since: Date
): Promise<StoredAvailability | undefined> {
  // As text: a Date passed through a placeholder is serialized differently by each driver; the column reads ISO.
  const [row] = await latestBySearch(db).execute({ searchKey, since: since.toISOString() });
  return row && storedAvailability(row);
}

function storedAvailability(row: typeof availabilities.$inferSelect): StoredAvailability {
  return {
    id: row.id,
    provider: row.provider,
    product: row.product as ProductKey,
    stay: row.stay as Stay,
    answer: reviveAnswer(row.answer as JsonAnswer),
  };
}

/** The answer as JSON gives it back: instants became ISO strings. */
type JsonAnswer = Omit<ProviderAvailability, "answeredAt" | "rooms"> & {
  answeredAt: string;
  rooms: (Omit<ProviderAvailability["rooms"][number], "products"> & {
    products: (Omit<ProviderAvailability["rooms"][number]["products"][number], "freeCancellationUntil"> & {
      freeCancellationUntil?: string;
    })[];
  })[];
};

function reviveAnswer(json: JsonAnswer): ProviderAvailability {
  return {
    ...json,
    answeredAt: new Date(json.answeredAt),
    rooms: json.rooms.map((room) => ({
      ...room,
      products: room.products.map(({ freeCancellationUntil, ...product }) => ({
        ...product,
        ...(freeCancellationUntil === undefined ? {} : { freeCancellationUntil: new Date(freeCancellationUntil) }),
      })),
    })),
  };
}

/**
 * Deletes up to `limit` availability checks made before `before` that no preview was made from, and answers how many
 * it deleted (deleteSome): a preview keeps its check, and the order made from the preview keeps both.
 */
export function deleteUnusedAvailabilities(db: Database, before: Date, limit: number): Promise<number> {
  const unused = notExists(
    db.select({ id: previews.id }).from(previews).where(eq(previews.availabilityId, availabilities.id))
  );
  return deleteSome(db, availabilities, availabilities.id, and(lt(availabilities.createdAt, before), unused), limit);
}
