import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { CurrencyCode } from "../domain/products";
import type { PaymentStatus } from "../domain/order-status";
import { gatewayOfMethod, isPayableNow, type GatewayType } from "../domain/payment-gateways";
import {
  GatewayReturnError,
  type GatewayCurrency,
  type GatewayLanguage,
  type GatewayPaymentState,
  type PaymentGateways,
} from "../adapters/gateways/payment-gateway";
import { enqueueJob } from "../jobs/queue";
import type { AnyStoredOrder, StoredPayment } from "../stores/orders";
import { shopNames } from "../orders/supplier";
import { recordAttemptState, type AttemptChange } from "../orders/payment-settlement";
import { findAttempt, insertAttempt, setAttemptRef, type StoredAttempt } from "../stores/payment-attempts";

/**
 * Paying an order's card and benefit payments at their gateways, for the api and the job worker alike: starting a
 * try, recording what the gateway reports (from a return or a status answer), and giving back money a payment
 * received twice.
 */

export interface GatewayPaymentDeps {
  db: Database;
  gateways: PaymentGateways;
  now: Clock;
}

/** Job kinds of this module, run by the worker. */
export const paymentJobKinds = { status: "payment-status", refund: "payment-refund" } as const;

/** How long a visitor may stay at a gateway before the shop asks the gateway itself how the payment ended. */
export const statusCheckDelayMs = 15 * 60_000;

/** The payment of an order to pay at a gateway now: the one asked for, or the first not yet paid; none once the order is cancelled. */
export function payableAtGateway(order: AnyStoredOrder, paymentId?: string): StoredPayment | undefined {
  const candidates = order.payments.filter((p) => isPayableNow(p.methodId, p.status, order.status));
  return paymentId === undefined ? candidates[0] : candidates.find((p) => p.id === paymentId);
}

/**
 * Starts a new try of a payment at its gateway. The try is saved before the gateway is asked, and a status check is
 * scheduled with it, so a visitor who never comes back still ends with the payment's true state.
 */
export async function startGatewayPayment(
  deps: GatewayPaymentDeps,
  order: AnyStoredOrder,
  payment: StoredPayment,
  options: { returnUrl: string; language: GatewayLanguage }
): Promise<{ gateway: GatewayType; redirectUrl: string }> {
  const gateway = gatewayOfMethod(payment.methodId);
  if (!gateway) throw new Error(`payment ${payment.id} (${payment.methodId}) is not paid at a gateway`);
  const attempt = await insertAttempt(deps.db, payment.id, gateway, deps.now());
  const started = await deps.gateways[gateway].start({
    paymentId: attempt.id,
    orderNumber: order.orderNumber,
    amount: payment.value,
    currency: order.currency as CurrencyCode,
    description: descriptionOf(order),
    returnUrl: `${options.returnUrl.replace(/\/+$/, "")}/${attempt.id}`,
    language: options.language,
    email: order.email,
  });
  const now = deps.now();
  await setAttemptRef(deps.db, attempt.id, started.gatewayRef, now);
  await enqueueJob(deps.db, {
    kind: paymentJobKinds.status,
    payload: { attemptId: attempt.id },
    runAt: new Date(now.getTime() + statusCheckDelayMs),
    dedupeKey: `${paymentJobKinds.status}:${attempt.id}`,
  });
  return { gateway, redirectUrl: started.redirectUrl };
}

/** What the gateway's page says is being paid: the hotel, or the shop and the voucher order's number. */
function descriptionOf(order: AnyStoredOrder): string {
  return order.kind === "hotel" ? order.summary.hotel.name : `${shopNames[order.product]} ${order.orderNumber}`;
}

/**
 * Records a gateway's word on a try. When the try was approved while its payment was already paid (two tabs, a
 * "decide later" approved after a new try paid), the second approval's money is given back by a job.
 */
export async function recordGatewayReport(
  deps: GatewayPaymentDeps,
  attemptId: string,
  state: GatewayPaymentState
): Promise<AttemptChange> {
  const now = deps.now();
  const change = await recordAttemptState(deps.db, attemptId, state satisfies PaymentStatus, now);
  if (change.paidTwice) {
    await enqueueJob(deps.db, {
      kind: paymentJobKinds.refund,
      payload: { attemptId },
      runAt: now,
      dedupeKey: `${paymentJobKinds.refund}:${attemptId}`,
    });
  }
  return change;
}

/**
 * A visitor sent back by a gateway. The return is believed only once its gateway has verified it against the try it
 * names (signature, amount, order, and for cafeterias a direct question to the gateway); then it is recorded the way
 * every report is, forward only, so a replayed or late return changes nothing. Throws GatewayReturnError for a return
 * that must not be believed, GatewayUnavailableError when the gateway cannot be asked.
 */
export async function recordGatewayReturn(
  deps: GatewayPaymentDeps,
  attempt: StoredAttempt & { value: number },
  order: AnyStoredOrder,
  params: Readonly<Record<string, string>>
): Promise<AttemptChange> {
  if (!attempt.gatewayRef) {
    // The gateway never answered the start, so nothing it could send back belongs to this try.
    throw new GatewayReturnError("verification_failed", "the payment was never started at its gateway");
  }
  const { state } = await deps.gateways[attempt.gateway].verifyReturn(params, {
    gatewayRef: attempt.gatewayRef,
    orderNumber: order.orderNumber,
    amount: attempt.value,
    currency: order.currency as GatewayCurrency,
  });
  return recordGatewayReport(deps, attempt.id, state);
}

/** Thrown by a status check whose try is still undecided, so the worker asks again later (with its backoff). */
export class StillUndecidedError extends Error {}

/** The job of a try whose visitor may never have come back: ask the gateway, record its answer. */
export async function checkAttemptStatus(deps: GatewayPaymentDeps, attemptId: string): Promise<void> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt?.gatewayRef || attempt.state !== "waiting") return;
  const state = await deps.gateways[attempt.gateway].status(attempt.gatewayRef);
  const change = await recordGatewayReport(deps, attemptId, state);
  if (change.attempt === "waiting") throw new StillUndecidedError(`payment attempt ${attemptId} is still undecided`);
}

/** Gives back the money of a try approved twice over; the gateway decides between reversal and refund. */
export async function refundAttempt(deps: GatewayPaymentDeps, attemptId: string): Promise<void> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt?.gatewayRef || attempt.state !== "paid") return;
  const state = await deps.gateways[attempt.gateway].refund(attempt.gatewayRef, attempt.value);
  await recordAttemptState(deps.db, attemptId, state, deps.now());
}
