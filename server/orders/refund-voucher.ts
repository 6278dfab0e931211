import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders, payments } from "../db/schema";
import { marketDate } from "../domain/stay";
import { voucherValidTo } from "../domain/voucher-rules";
import type { StoredOrder } from "../stores/orders";
import { issueCreditVoucher } from "../stores/vouchers";
import { enqueueOrderMail } from "./order-jobs";

/**
 * Money an order gives back that cannot go back where it came from (a transfer, a cancellation's value) becomes a
 * value voucher of the order's market, valid from today for the variant's validity period. The order remembers it,
 * and so do the payments it is made of (`paymentIds`), so nobody is told their money went back to them; the
 * customer gets it by e-mail.
 */
export async function giveRefundVoucher(
  db: Database,
  order: StoredOrder,
  paymentIds: readonly string[],
  value: number,
  now: Date
): Promise<string> {
  const today = marketDate(now);
  const voucher = await issueCreditVoucher(db, {
    currency: order.currency,
    value,
    validFrom: today,
    validTo: voucherValidTo(order.product, today),
    orderId: order.id,
  });
  await db
    .update(orders)
    .set({ refundVoucherId: voucher.id, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (paymentIds.length > 0) {
    await db
      .update(payments)
      .set({ refundVoucherId: voucher.id, updatedAt: now })
      .where(inArray(payments.id, [...paymentIds]));
  }
  await enqueueOrderMail(db, { kind: "cancelled_with_voucher", orderId: order.id, voucherId: voucher.id }, now);
  return voucher.id;
}
