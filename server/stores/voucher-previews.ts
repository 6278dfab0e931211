import { and, eq, lt, notExists } from "drizzle-orm";
import { deleteSome } from "../db/bounded-delete";
import type { Database } from "../db/database";
import { orders, voucherPreviews } from "../db/schema";
import type { PaymentCalculation } from "../domain/payment-calculation";
import type { ProductKey } from "../domain/products";
import type { VoucherFeeMode } from "../domain/voucher-order";
import type { StoredPaymentRequest } from "./previews";

/** A priced voucher purchase, as kept between the purchase form's edits and the order. */
export interface StoredVoucherPreview {
  readonly id: string;
  readonly product: ProductKey;
  readonly feeMode: VoucherFeeMode;
  /** Minor units as entered. */
  readonly amount: number;
  readonly extraService: boolean;
  readonly paymentRequest: StoredPaymentRequest;
  readonly calculation: PaymentCalculation;
}

export type VoucherPricing = Omit<StoredVoucherPreview, "id" | "product">;

export async function saveVoucherPreview(
  db: Database,
  preview: Omit<StoredVoucherPreview, "id">,
  now: Date
): Promise<StoredVoucherPreview> {
  const [row] = await db
    .insert(voucherPreviews)
    .values({ ...preview, createdAt: now, updatedAt: now })
    .returning({ id: voucherPreviews.id });
  if (!row) throw new Error("saving a voucher preview returned no row");
  return { id: row.id, ...preview };
}

/** Re-pricing keeps the preview's id: the purchase form's address and the order it makes stay the same. */
export async function repriceVoucherPreview(db: Database, id: string, pricing: VoucherPricing, now: Date) {
  await db
    .update(voucherPreviews)
    .set({ ...pricing, updatedAt: now })
    .where(eq(voucherPreviews.id, id));
}

export async function findVoucherPreview(db: Database, id: string): Promise<StoredVoucherPreview | undefined> {
  const [row] = await db.select().from(voucherPreviews).where(eq(voucherPreviews.id, id)).limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    product: row.product as ProductKey,
    feeMode: row.feeMode as VoucherFeeMode,
    amount: row.amount,
    extraService: row.extraService,
    paymentRequest: row.paymentRequest as StoredPaymentRequest,
    calculation: row.calculation as PaymentCalculation,
  };
}

/**
 * Deletes up to `limit` voucher previews last priced before `before` that no order was made from, and answers how many
 * it deleted (deleteSome): an order keeps its preview.
 */
export function deleteUnorderedVoucherPreviews(db: Database, before: Date, limit: number): Promise<number> {
  const unordered = notExists(
    db.select({ id: orders.id }).from(orders).where(eq(orders.voucherPreviewId, voucherPreviews.id))
  );
  const unorderedLongAgo = and(lt(voucherPreviews.updatedAt, before), unordered);
  return deleteSome(db, voucherPreviews, voucherPreviews.id, unorderedLongAgo, limit);
}
