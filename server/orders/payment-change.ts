import type { Database } from "../db/database";
import { bookOnlyAfterPayment, breakdownAfterSwitch } from "../domain/hotel-price";
import { owesPayment } from "../domain/order-lifecycle";
import { switchPayment, type CalculationProblem } from "../domain/payment-calculation";
import { isSwitchable } from "../domain/payment-gateways";
import { paymentMethodsFor } from "../domain/payment-methods";
import { marketDate } from "../domain/stay";
import { findHotelOrder, lockedHotelOrder, saveOrderPrice, savePaymentMethod, type StoredOrder } from "../stores/orders";
import { attemptStatesOf } from "../stores/payment-attempts";
import { findPreview } from "../stores/previews";
import { voucherLookups } from "../stores/vouchers";
import type { ProductKey } from "../domain/products";
import { requestedOwnHotelOrder } from "./order-lookup";
import { readableHotelOrder, type ReadableHotelOrder } from "./readable-order";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";

/** Why a payment cannot move: not one of the order's, not movable now, or the domain's rules refuse the method. */
export type PaymentChangeRefusal =
  | { readonly kind: "unknown_payment" }
  | { readonly kind: "not_switchable" }
  | { readonly kind: "calculation"; readonly problem: CalculationProblem };

/**
 * Moves an unpaid payment of a live order to another method after its tries at the gateway failed (SPEC §4): the
 * same share of the price, charged with the new method's fee (switchPayment), the order's breakdown and total
 * following. Under the order's lock, so it cannot cross a gateway's report or the pay-by job; the deadline stays.
 * Moving it to the method it already has answers the order as it is (a reload, a double click).
 */
export async function changePaymentMethod(
  db: Database,
  change: { orderId: string; paymentId: string; methodId: string },
  now: Date
): Promise<StoredOrder> {
  return db.transaction(async (tx) => {
    const order = await lockedHotelOrder(tx, change.orderId);
    if (!order) throw new Error(`no order ${change.orderId}`);
    const payment = order.payments.find((p) => p.id === change.paymentId);
    if (!payment) throw new Refused({ kind: "payment_change_refused", refusal: { kind: "unknown_payment" } });
    if (payment.methodId === change.methodId) return order;
    const tries = await attemptStatesOf(tx, payment.id);
    if (!owesPayment(order.status) || !isSwitchable(payment.methodId, payment.status, tries)) {
      throw new Refused({ kind: "payment_change_refused", refusal: { kind: "not_switchable" } });
    }

    const today = marketDate(now);
    const preview = order.previewId ? await findPreview(tx, order.previewId) : undefined;
    const codes = preview?.paymentRequest.voucherCodes ?? [];
    const coupons = (await voucherLookups(tx, codes, order.currency, today)).flatMap((lookup) =>
      lookup.kind === "unit" ? [lookup.voucher.allowedMethodIds] : []
    );
    const moved = switchPayment({
      product: order.product,
      methods: paymentMethodsFor(order.product).hotel,
      from: { methodId: payment.methodId, value: payment.value },
      to: change.methodId,
      otherMethodIds: order.payments.filter((p) => p.id !== payment.id).map((p) => p.methodId),
      feeRemoved: preview?.calculation.units.some((unit) => unit.removeBusinessFee) ?? false,
      couponLimits: coupons,
      today,
    });
    if (!moved.ok) throw new Refused({ kind: "payment_change_refused", refusal: { kind: "calculation", problem: moved.problem } });

    // A new method starts with no try: waiting, as a payment of a new order does.
    await savePaymentMethod(
      tx,
      payment.id,
      { methodId: change.methodId, value: moved.output.value, status: "waiting" },
      now
    );
    const price = breakdownAfterSwitch(order.summary.price, moved.previous, moved.output);
    const outputs = [...order.payments.filter((p) => p.id !== payment.id), moved.output];
    const summary = { ...order.summary, price, bookOnlyAfterPayment: bookOnlyAfterPayment({ outputs }) };
    await saveOrderPrice(tx, order.id, price.total, summary, now);
    return (await findHotelOrder(tx, order.id))!;
  });
}

/**
 * The customer, proved by the order's owner key, pays an unpaid part of their order with another method after its
 * gateway declined it or they cancelled there (SPEC §4). A part moved to the transfer is answered with its QR code.
 */
export async function changeOwnPayment(
  deps: Pick<UseCaseDeps, "db" | "config" | "now">,
  product: ProductKey,
  change: { orderId: string; ownerKey: string; paymentId: string; methodId: string }
): Promise<ReadableHotelOrder> {
  const { id } = await requestedOwnHotelOrder(deps, product, change.orderId, change.ownerKey);
  const now = deps.now();
  const asked = { orderId: id, paymentId: change.paymentId.toLowerCase(), methodId: change.methodId };
  const changed = await changePaymentMethod(deps.db, asked, now);
  return readableHotelOrder(changed, deps.config, now, "customer");
}
