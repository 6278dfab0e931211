import type { Language } from "../../shared/route-table";
import type { Database } from "../db/database";
import type { Logger } from "../logging/logger";
import type { ProviderAvailability } from "../domain/hotel-offer";
import {
  calculationDifference,
  offerChange,
  priceHotelOrder,
  stayTiming,
  type ChosenProduct,
  type PricedHotelOrder,
} from "../domain/hotel-order";
import { booksBeforePayment, owesPayment, payByDeadline } from "../domain/order-lifecycle";
import { orderStatusAfterPayments } from "../domain/order-status";
import type { CalculationProblem } from "../domain/payment-calculation";
import { paymentMethodsFor, voucherCredit } from "../domain/payment-methods";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketTimeZones } from "../../shared/market-time-zones";
import { marketDate } from "../domain/stay";
import type { StoredAvailability } from "../stores/availabilities";
import {
  asHotelOrder,
  cancelOrder,
  findOrderByPreview,
  orderedRoom,
  insertHotelOrder,
  insertPayments,
  newOrder,
  paymentsDue,
  replaceOrder,
  unpaidOrdersOfStay,
  type CustomerDetails,
  type HotelOrderSummary,
  type NewPayment,
  type UnpaidOrderOfStay,
  type StoredOrder,
} from "../stores/orders";
import type { StoredPreview } from "../stores/previews";
import { spendVoucher, voucherLookups } from "../stores/vouchers";
import { enqueueJobs } from "../jobs/queue";
import { bookingJob, enqueueOrderMail, expiryJob, orderMailJob } from "./order-jobs";
import { settlementJobs } from "./payment-settlement";

/**
 * Creating a hotel order from its preview: the order, its payments and the vouchers' credit saved in one
 * transaction before anything outside is contacted, then the provider's current offer confirmed.
 */

/** Why the shop cancelled an order on its own; a retry of the same preview is told again. */
export const automaticCancelReasons = ["accommodation_unavailable", "price_increased"] as const;
export type AutomaticCancelReason = (typeof automaticCancelReasons)[number];

/** Why an order is not made, or was made and cancelled at once. */
export type OrderRefusal =
  /** The payment request cannot pay for the rooms as priced now. */
  | { readonly kind: "not_payable"; readonly problem: CalculationProblem }
  /** The order would take from vouchers or charge to methods other than what the visitor saw in the preview. */
  | { readonly kind: "calculation_changed"; readonly difference: "voucher_balance" | "payments" }
  /** The shop cancelled the order on its own. */
  | { readonly kind: "cancelled"; readonly reason: AutomaticCancelReason };

export class OrderRefusedError extends Error {
  constructor(readonly refusal: OrderRefusal) {
    super(`the order is refused: ${refusal.kind}`);
  }
}

/** What a new order is made of, besides its preview. */
export interface NewHotelOrder {
  readonly product: ProductKey;
  readonly preview: StoredPreview;
  readonly availability: StoredAvailability;
  readonly chosen: readonly ChosenProduct[];
  readonly customer: CustomerDetails;
  readonly language: Language;
  /**
   * What becomes of the customer's unpaid orders of the same stay: replaced, kept, or, while they have not said,
   * nothing is saved and the orders are answered, for them to choose.
   */
  readonly duplicates: "ask" | "replace" | "keep_both";
}

/** The reason an order the shop cancelled on its own keeps answering with; undefined for any other order. */
export function automaticCancelReasonOf(order: StoredOrder): AutomaticCancelReason | undefined {
  const reason = automaticCancelReasons.find((known) => known === order.cancelReason);
  return order.status === "cancelled_automatically" ? reason : undefined;
}

/**
 * One transaction: the order (unless the preview already has one) with the status its payments give it, the vouchers'
 * credit taken under their row locks, the payments with their transfers' QR codes, and the customer's unpaid orders
 * of the same stay replaced or kept as they chose. Answers the order as the transaction leaves it (or the one an
 * earlier create made).
 * Throws OrderRefusedError, saving nothing, when the rooms cannot be paid as asked or not as previewed.
 */
export async function saveHotelOrder(
  db: Database,
  now: () => Date,
  { product, preview, availability, chosen, customer, language, duplicates }: NewHotelOrder
): Promise<{ order: StoredOrder } | { unpaidOrdersOfStay: UnpaidOrderOfStay[] }> {
  const currency = marketCurrency[product];
  const today = marketDate(now());
  return db.transaction(async (tx) => {
    // Locked first: two orders spending one voucher wait for each other here, and each prices with what is left.
    const vouchers = await voucherLookups(tx, preview.paymentRequest.voucherCodes, currency, today, { lock: true });
    const priced = priceHotelOrder({
      product,
      chosen,
      cancellationInsurance: preview.cancellationInsurance,
      vouchers,
      payments: preview.paymentRequest.payments,
      lastPayment: preview.paymentRequest.lastPayment,
      methods: paymentMethodsFor(product).hotel,
      today,
    });
    if (!priced.ok) throw new OrderRefusedError({ kind: "not_payable", problem: priced.problem });
    const order = priced.order;
    const duplicateKey = duplicateKeyOf(product, customer.email, availability, preview.productIds);
    // Nothing changes behind the customer's back: an unpaid order of the same stay is replaced, or kept, as they say.
    const earlier = await unpaidOrdersOfStay(tx, duplicateKey, preview.id);
    if (earlier.length > 0 && duplicates === "ask") return { unpaidOrdersOfStay: earlier };
    const summary = summaryOf(availability, chosen, order);
    const payments: NewPayment[] = [
      ...order.calculation.credits
        .filter((credit) => credit.willBeUsed > 0)
        .map((credit) => ({
          methodId: voucherCredit.id,
          value: credit.willBeUsed,
          status: "paid" as const,
          voucherId: credit.voucherId,
        })),
      ...paymentsDue(order.calculation.outputs),
    ];
    const createdAt = now();
    const inserted = await insertHotelOrder(tx, {
      product,
      previewId: preview.id,
      status: orderStatusAfterPayments("waiting", payments),
      email: customer.email,
      currency,
      total: order.price.total,
      customer,
      summary,
      duplicateKey,
      language,
      payBy: payByDeadline(
        createdAt,
        summary.stay.checkIn,
        summary.rooms.map((room) => room.freeCancellationUntil),
        marketTimeZones[currency]
      ),
      now: createdAt,
    });
    // Another create of this preview got there first and has committed: its order is the answer.
    if (!inserted) {
      const existing = await findOrderByPreview(tx, preview.id);
      if (!existing) throw new Error(`preview ${preview.id} has neither a new nor an earlier order`);
      return { order: existing };
    }
    // The order must take from vouchers and charge to methods exactly what the visitor saw in the preview.
    const difference = calculationDifference(preview.calculation, order.calculation);
    if (difference) throw new OrderRefusedError({ kind: "calculation_changed", difference });
    for (const credit of order.calculation.credits) {
      if (credit.willBeUsed > 0) await spendVoucher(tx, credit.voucherId, inserted.id, credit.willBeUsed);
    }
    const saved = await insertPayments(tx, inserted.id, payments, createdAt);
    // The order as these inserts left it: nothing else can have changed it, as no other transaction sees it yet.
    const created = asHotelOrder(newOrder(inserted, saved));
    await onOrderCreated(tx, created, createdAt);
    if (duplicates === "replace") {
      for (const replaced of earlier) {
        await replaceOrder(tx, replaced.id, inserted.id, createdAt);
        await enqueueOrderMail(tx, { kind: "order_replaced", orderId: replaced.id }, createdAt);
      }
    }
    return { order: created };
  });
}

/**
 * A new order, in the transaction that created it: its confirmation, its pay-by deadline's check, and the booking
 * of a stay the hotel is paid for later.
 */
async function onOrderCreated(db: Database, order: StoredOrder, now: Date): Promise<void> {
  await enqueueJobs(db, [
    orderMailJob({ kind: "order_confirmation", orderId: order.id }, now),
    ...(owesPayment(order.status) && order.payBy ? [expiryJob(order.id, order.payBy)] : []),
    ...(booksBeforePayment(order.summary.timing) ? [bookingJob(order.id, now)] : []),
    // Paid in full by vouchers: what any paid order calls for.
    ...settlementJobs(order, now),
  ]);
}

/**
 * Checks that the chosen rooms are still offered at their price, with the offer `askProvider` brings now. A provider
 * that cannot answer now leaves the order as it is: it is saved and paid for as previewed, and the booking checks
 * the offer again. An order whose rooms are gone or dearer is cancelled, its credit returned, and refused with the
 * reason that sends the visitor to a fresh offer.
 */
export async function confirmOffer(
  { db, now, log }: { db: Database; now: () => Date; log: Logger },
  orderId: string,
  chosen: readonly ChosenProduct[],
  askProvider: () => Promise<ProviderAvailability>,
  isNothingAvailable: (error: unknown) => boolean
): Promise<void> {
  let change: ReturnType<typeof offerChange>;
  try {
    change = offerChange(chosen, await askProvider());
  } catch (error) {
    if (isNothingAvailable(error)) change = "unavailable";
    else {
      log.warn({ orderId, err: error }, "the provider's offer could not be confirmed; the booking checks it again");
      return;
    }
  }
  if (!change) return;
  const reason: AutomaticCancelReason = change === "unavailable" ? "accommodation_unavailable" : "price_increased";
  await db.transaction((tx) => cancelOrder(tx, orderId, "cancelled_automatically", reason, now()));
  throw new OrderRefusedError({ kind: "cancelled", reason });
}

function summaryOf(
  availability: StoredAvailability,
  chosen: readonly ChosenProduct[],
  order: PricedHotelOrder
): HotelOrderSummary {
  return {
    availabilityId: availability.id,
    requestId: availability.answer.requestId,
    answeredAt: availability.answer.answeredAt.toISOString(),
    hotel: availability.answer.hotel,
    stay: availability.stay,
    rooms: order.products.map(orderedRoom),
    price: order.price,
    bookOnlyAfterPayment: order.bookOnlyAfterPayment,
    timing: stayTiming(chosen),
  };
}

/** The same person ordering the same rooms of the same hotel for the same nights. */
function duplicateKeyOf(
  product: ProductKey,
  email: string,
  availability: StoredAvailability,
  productIds: readonly string[]
): string {
  const { stay, answer } = availability;
  return [
    product,
    email.trim().toLowerCase(),
    answer.hotel.hotelId,
    stay.checkIn,
    stay.checkOut,
    [...productIds].sort().join(","),
  ].join("|");
}
