import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { marketDate } from "../domain/stay";
import { issuedVoucherValue } from "../domain/voucher-order";
import { voucherValidity } from "../domain/voucher-rules";
import { lockedOrder } from "../stores/orders";
import { issueCreditVoucher, recordVoucherEvent, voucherBoughtBy } from "../stores/vouchers";
import { enqueueOrderMail } from "./order-jobs";

export interface VoucherIssuingDeps {
  db: Database;
  now: Clock;
  /** crypto's randomInt but in tests that force code collisions. */
  random?: (max: number) => number;
}

/**
 * The job of a voucher order paid in full: its voucher, issued once. Once: the job exists once per order (its
 * dedupe key), and under the order's row lock a voucher already bought by the order ends it, so two workers, a
 * replayed return or a job run again after a crash never issue a second one. The voucher is valid from today (never
 * before 2025) for the variant's validity, worth the value bought and the promotion's bonus, in the chosen design;
 * the buyer gets it by e-mail.
 */
export async function issueBoughtVoucher(deps: VoucherIssuingDeps, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order?.kind !== "voucher" || order.status !== "paid") return;
    if (await voucherBoughtBy(tx, orderId)) return;
    const now = deps.now();
    const voucher = await issueCreditVoucher(
      tx,
      {
        currency: order.currency,
        product: order.product,
        value: issuedVoucherValue(order.summary.price),
        ...voucherValidity(order.product, marketDate(now)),
        orderId,
        design: order.summary.design,
      },
      deps.random
    );
    await recordVoucherEvent(tx, voucher.id, "issued", "", now);
    await enqueueOrderMail(tx, { kind: "voucher_issued", orderId, voucherId: voucher.id }, now);
  });
}
