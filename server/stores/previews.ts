import { and, eq, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { deleteSome } from "../db/bounded-delete";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { orders, previews } from "../db/schema";
import type { PaymentCalculation } from "../domain/payment-calculation";
import type { ProductKey } from "../domain/products";

/** How the visitor wants to pay, in the domain's terms: money in minor units. */
export interface StoredPaymentRequest {
  readonly voucherCodes: readonly string[];
  readonly lastPayment: string;
  readonly payments: readonly { readonly methodId: string; readonly value: number }[];
}

/** A priced choice of rooms, as kept between the reservation screen's edits and the order. */
export interface StoredPreview {
  readonly id: string;
  readonly product: ProductKey;
  readonly availabilityId: string;
  readonly productIds: readonly string[];
  readonly paymentRequest: StoredPaymentRequest;
  readonly cancellationInsurance: boolean;
  readonly calculation: PaymentCalculation;
}

export async function savePreview(db: Database, preview: Omit<StoredPreview, "id">, now: Date): Promise<StoredPreview> {
  const [row] = await db
    .insert(previews)
    .values({ ...preview, productIds: [...preview.productIds], createdAt: now, updatedAt: now })
    .returning({ id: previews.id });
  if (!row) throw new Error("saving a preview returned no row");
  return { id: row.id, ...preview };
}

/**
 * Re-pricing keeps the preview's id and rooms; only how it is paid changes. A re-price with a `revision` applies only
 * when it is above the last one applied, in the same statement that writes it: false when a later one got there first.
 */
export async function repricePreview(
  db: Database,
  id: string,
  pricing: Pick<StoredPreview, "paymentRequest" | "cancellationInsurance" | "calculation">,
  now: Date,
  revision?: number
): Promise<boolean> {
  const newer = revision === undefined ? undefined : or(isNull(previews.revision), lt(previews.revision, revision));
  const written = await db
    .update(previews)
    .set({ ...pricing, updatedAt: now, ...(revision === undefined ? {} : { revision }) })
    .where(and(eq(previews.id, id), newer))
    .returning({ id: previews.id });
  return written.length > 0;
}

const previewById = preparedPerDatabase((db) =>
  db.select().from(previews).where(eq(previews.id, sql.placeholder("id"))).limit(1).prepare("preview_by_id")
);

export async function findPreview(db: Database, id: string): Promise<StoredPreview | undefined> {
  const [row] = await previewById(db).execute({ id });
  if (!row) return undefined;
  return {
    id: row.id,
    product: row.product as ProductKey,
    availabilityId: row.availabilityId,
    productIds: row.productIds,
    paymentRequest: row.paymentRequest as StoredPaymentRequest,
    cancellationInsurance: row.cancellationInsurance,
    calculation: row.calculation as PaymentCalculation,
  };
}

/**
 * Deletes up to `limit` previews last priced before `before` that no order was made from, and answers how many it
 * deleted (deleteSome): an order keeps its preview, whose payment request a change of its payment reads again.
 */
export function deleteUnorderedPreviews(db: Database, before: Date, limit: number): Promise<number> {
  const unordered = notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.previewId, previews.id)));
  return deleteSome(db, previews, previews.id, and(lt(previews.updatedAt, before), unordered), limit);
}
