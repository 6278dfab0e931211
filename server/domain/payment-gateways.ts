import { isFinalOrderStatus, type OrderStatus, type PaymentStatus } from "./order-status";

/**
 * Which gateway takes each payment method, how a payment's tries at its gateway move, and what the visitor is told
 * when a gateway sends them back. The reasoning is in docs/decisions/008-payment-gateways.md.
 */

export type GatewayType = "CSOB" | "PLUXEE" | "EDENRED";

/**
 * Cards go through ČSOB. Up and Benefit Systems issue their benefit cards on the card schemes (Mastercard), so ČSOB
 * charges them too; their method ids stay their own, for the service fee. Pluxee and Edenred have gateways of their
 * own. Transfers and vouchers' credit need none.
 */
const gatewayByMethod: Readonly<Record<string, GatewayType>> = {
  payment_card: "CSOB",
  up_card: "CSOB",
  benefit_systems: "CSOB",
  pluxee_cafeteria: "PLUXEE",
  edenred_card: "EDENRED",
  edenred_cafeteria: "EDENRED",
};

export function gatewayOfMethod(methodId: string): GatewayType | undefined {
  return gatewayByMethod[methodId];
}

/**
 * Whether a payment may be (tried to be) paid at its gateway now (PaymentStart): it is paid at a gateway, it is not
 * paid yet (a declined or cancelled try is tried again), and its order is live: a cancelled or refunded order takes
 * no more money.
 */
export function isPayableNow(methodId: string, status: PaymentStatus, orderStatus: OrderStatus): boolean {
  return gatewayOfMethod(methodId) !== undefined && status !== "paid" && !isFinalOrderStatus(orderStatus);
}

/**
 * A try's state after a gateway reports `reported`. Only an undecided try moves freely; an approval can only be
 * reversed or refunded afterwards; every other end is final. So a late, repeated or out-of-order report (a return
 * replayed, a status answer older than the return) never moves a try backwards.
 */
export function attemptStateAfter(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  if (current === "waiting") return reported;
  if (current === "paid" && (reported === "revoked" || reported === "refunded")) return reported;
  return current;
}

/**
 * A payment's status from its tries, oldest first: paid when any try is paid (a second approval is given back, the
 * first still pays); else the money given back, if any was; else how the latest try ended. No try yet: waiting.
 */
export function paymentStatusOfAttempts(attempts: readonly PaymentStatus[]): PaymentStatus {
  for (const status of ["paid", "refunded", "revoked"] as const) if (attempts.includes(status)) return status;
  return attempts.at(-1) ?? "waiting";
}

/** What the visitor is told after a gateway sent them back (SPEC §4); "cannot be processed" is a refused return. */
export type PaymentOutcome = "paid" | "partially_paid" | "cancelled" | "failed" | "unknown" | "cannot_be_processed";

export function paymentOutcome(attempt: PaymentStatus, orderFullyPaid: boolean): PaymentOutcome {
  switch (attempt) {
    case "paid":
      return orderFullyPaid ? "paid" : "partially_paid";
    case "cancelled":
      return "cancelled";
    case "waiting":
      return "unknown";
    case "rejected":
    case "revoked":
    case "refunded":
      return "failed";
  }
}

/**
 * Whether an unpaid payment at a gateway may move to another method (OrderPaymentChange): once a try was declined or
 * cancelled, and while no try of it (`attempts`, the states of its tries) may still be paid, which would pay the old
 * amount at the old gateway.
 */
export function isSwitchable(methodId: string, status: PaymentStatus, attempts: readonly PaymentStatus[]): boolean {
  const failed = status === "rejected" || status === "cancelled";
  return gatewayOfMethod(methodId) !== undefined && failed && !attempts.includes("waiting");
}
