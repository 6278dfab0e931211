import type { Language } from "../../shared/route-table";
import type { VoucherDesign } from "../../shared/voucher-designs";
import { marketTimeZones } from "../../shared/market-time-zones";
import type { Database } from "../db/database";
import { calculationDifference } from "../domain/hotel-order";
import { owesPayment, payByDeadlineWithoutStay } from "../domain/order-lifecycle";
import { orderStatusAfterPayments } from "../domain/order-status";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketDate } from "../domain/stay";
import { priceVoucherOrder, type VoucherOrderProblem } from "../domain/voucher-order";
import { enqueueJobs } from "../jobs/queue";
import {
  asVoucherOrder,
  findOrderByVoucherPreview,
  insertPayments,
  insertVoucherOrder,
  newOrder,
  paymentsDue,
  type CustomerDetails,
  type PresentFor,
  type StoredVoucherOrder,
} from "../stores/orders";
import type { StoredVoucherPreview } from "../stores/voucher-previews";
import { expiryJob, orderMailJob } from "./order-jobs";
import { settlementJobs } from "./payment-settlement";

/** Why a voucher order is not made: it cannot be bought as asked, or not as previewed. */
export type VoucherOrderRefusal =
  | { readonly kind: "not_priceable"; readonly problem: VoucherOrderProblem }
  | { readonly kind: "calculation_changed" };

export class VoucherOrderRefusedError extends Error {
  constructor(readonly refusal: VoucherOrderRefusal) {
    super(`the voucher order is refused: ${refusal.kind}`);
  }
}

export interface NewVoucherOrderRequest {
  readonly product: ProductKey;
  readonly preview: StoredVoucherPreview;
  readonly customer: CustomerDetails;
  readonly presentFor: PresentFor | null;
  readonly design: VoucherDesign;
  readonly language: Language;
}

/**
 * One transaction, as a hotel order's (order-creation.ts): the order unless its preview already has one, priced
 * again and held to its preview, its payments (every one waiting: a voucher is never paid with a voucher), its
 * status, its confirmation and its pay-by deadline's check; answers the order as the transaction leaves it. Its
 * voucher is issued once it is paid in full (payment-settlement.ts), never here. Throws VoucherOrderRefusedError, saving nothing.
 */
export async function saveVoucherOrder(
  db: Database,
  now: () => Date,
  { product, preview, customer, presentFor, design, language }: NewVoucherOrderRequest
): Promise<StoredVoucherOrder> {
  const currency = marketCurrency[product];
  return db.transaction(async (tx) => {
    const createdAt = now();
    const priced = priceVoucherOrder({
      product,
      feeMode: preview.feeMode,
      amount: preview.amount,
      extraService: preview.extraService,
      payments: preview.paymentRequest.payments,
      lastPayment: preview.paymentRequest.lastPayment,
      today: marketDate(createdAt),
    });
    if (!priced.ok)
      throw new VoucherOrderRefusedError({
        kind: "not_priceable",
        problem: priced.problem,
      });
    const order = priced.order;
    const payments = paymentsDue(order.calculation.outputs);
    const inserted = await insertVoucherOrder(tx, {
      product,
      voucherPreviewId: preview.id,
      status: orderStatusAfterPayments("waiting", payments),
      email: customer.email,
      currency,
      total: order.price.total,
      customer,
      presentFor,
      summary: {
        feeMode: order.feeMode,
        amount: order.amount,
        extraService: order.extraService,
        design,
        voucherValue: order.voucherValue,
        price: order.price,
      },
      language,
      payBy: payByDeadlineWithoutStay(createdAt, marketTimeZones[currency]),
      now: createdAt,
    });
    // Another create of this preview got there first and has committed: its order is the answer.
    if (!inserted) {
      const existing = await findOrderByVoucherPreview(tx, preview.id);
      if (!existing) throw new Error(`voucher preview ${preview.id} has neither a new nor an earlier order`);
      return existing;
    }
    // The promotion's last day may have passed since the preview: the visitor pays what they saw, or is asked again.
    if (calculationDifference(preview.calculation, order.calculation)) {
      throw new VoucherOrderRefusedError({ kind: "calculation_changed" });
    }
    const saved = await insertPayments(tx, inserted.id, payments, createdAt);
    // The order as these inserts left it (as a hotel order's creation answers it).
    const created = asVoucherOrder(newOrder(inserted, saved));
    await enqueueJobs(tx, [
      orderMailJob({ kind: "order_confirmation", orderId: created.id }, createdAt),
      ...(owesPayment(created.status) ? [expiryJob(created.id, created.payBy)] : []),
      ...settlementJobs(created, createdAt),
    ]);
    return created;
  });
}
