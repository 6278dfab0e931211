import type { Database } from "../db/database";
import { marketDate } from "../domain/stay";
import { voucherValidity } from "../domain/voucher-rules";
import { saveRefundVoucher, type AnyStoredOrder } from "../stores/orders";
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
  order: AnyStoredOrder,
  paymentIds: readonly string[],
  value: number,
  now: Date
): Promise<string> {
  const today = marketDate(now);
  const voucher = await issueCreditVoucher(db, {
    currency: order.currency,
    value,
    ...voucherValidity(order.product, today),
    orderId: order.id,
    product: order.product,
  });
  await saveRefundVoucher(db, order.id, paymentIds, voucher.id, now);
  await enqueueOrderMail(db, { kind: "cancelled_with_voucher", orderId: order.id, voucherId: voucher.id }, now);
  return voucher.id;
}
