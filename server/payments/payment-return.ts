import { paymentOutcome, type PaymentOutcome } from "../domain/payment-gateways";
import type { ProductKey } from "../domain/products";
import { Refused } from "../orders/refusals";
import type { UseCaseDeps } from "../orders/use-case-deps";
import { findOrder } from "../stores/orders";
import { findAttempt } from "../stores/payment-attempts";
import { recordGatewayReturn } from "./gateway-payments";

/**
 * A gateway sent the visitor back: the return is verified and recorded (gateway-payments.ts). Answers what to tell
 * the visitor, and the order.
 */
export async function returnFromGateway(
  deps: UseCaseDeps,
  product: ProductKey,
  paymentId: string,
  params: Readonly<Record<string, string>>
): Promise<{ outcome: PaymentOutcome; orderId: string }> {
  const attempt = await findAttempt(deps.db, paymentId.toLowerCase());
  const order = attempt && (await findOrder(deps.db, attempt.orderId));
  if (!attempt || !order || order.product !== product) throw new Refused({ kind: "unknown", what: "payment_attempt" });
  const change = await recordGatewayReturn(deps, attempt, order, params);
  // A late word on an older try of a payment another try has paid: the visitor is told the payment is paid.
  const told = change.payment === "paid" ? "paid" : change.attempt;
  return { outcome: paymentOutcome(told, change.order === "paid"), orderId: order.id };
}
