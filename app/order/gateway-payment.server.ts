import type { AppLoadContext } from "@remix-run/node";
import { redirectDocument } from "@remix-run/node";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { PaymentOutcome } from "../../gen/dzb/shop/v1/payment_pb";
import type { PaymentStartResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { localizedPath } from "../../shared/route-table";
import { KeptCalls, settled, type CallEnd } from "~/order/kept-calls.server";
import { errorCodeOf, throwAsAnswer } from "~/rpc-form-error.server";
import { orderCacheControl, toOrderScreen } from "~/screen.server";

/**
 * Sending the visitor to pay at a gateway, and back to the status page with what to tell them. The status page reads
 * the outcome from its query (`outcome`, and `error` for a refusal), so a reload shows the same words.
 */

/** The outcomes of SPEC §4 as the status page's query names them. */
export const outcomeNames = {
  [PaymentOutcome.PAID]: "paid",
  [PaymentOutcome.PARTIALLY_PAID]: "partially_paid",
  [PaymentOutcome.CANCELLED]: "cancelled",
  [PaymentOutcome.FAILED]: "failed",
  [PaymentOutcome.UNKNOWN]: "unknown",
  [PaymentOutcome.CANNOT_BE_PROCESSED]: "cannot_be_processed",
} as const satisfies Partial<Record<PaymentOutcome, string>>;

export type OutcomeName = (typeof outcomeNames)[keyof typeof outcomeNames];

/** The outcome a query names, when it is one of SPEC §4's. */
export function outcomeNamed(value: string | null): OutcomeName | undefined {
  return Object.values(outcomeNames).find((name) => name === value);
}

/** The refusals the status page explains in words of its own; any other is the catalogue's generic sentence. */
export const explainedPaymentErrors = [
  ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE,
  ErrorCode.PAYMENT_RETURN_URL_INVALID,
  ErrorCode.CARD_CALLBACK_INVALID_SIGNATURE,
  ErrorCode.CAFETERIA_CALLBACK_CURRENCY_MISSING,
  ErrorCode.CAFETERIA_CALLBACK_ORDER_NUMBER_MISSING,
  ErrorCode.CAFETERIA_CALLBACK_AMOUNT_INVALID,
  ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED,
  ErrorCode.CAFETERIA_CALLBACK_STATUS_INVALID,
].map((code) => ErrorCode[code]);

export function statusRedirect(
  context: AppLoadContext,
  orderId: string,
  told: { outcome?: OutcomeName; error?: ErrorCode } = {}
): Response {
  const path = localizedPath("orderStatus", context.locale, context.variant.defaultLocale, { id: orderId });
  const query = new URLSearchParams();
  if (told.outcome) query.set("outcome", told.outcome);
  if (told.error !== undefined) query.set("error", ErrorCode[told.error]);
  const search = query.size > 0 ? `?${query}` : "";
  return toOrderScreen(`${path}${search}`);
}

/** What keeps a visitor from the gateway: its being unreachable, or a host the api does not call the shop's own. */
const paymentStartRefusals = [ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE, ErrorCode.PAYMENT_RETURN_URL_INVALID];

/**
 * Payment starts a browser without JavaScript was sent on from, by order id (decision 068): the gateway had not
 * answered within a moment, so the browser waits on the paying page instead of on its post.
 */
export const paymentStarts = new KeptCalls<PaymentStartResponse>();

/**
 * Starts paying the order's payment (or its first one due at a gateway) and redirects there; with nothing to pay at
 * a gateway, to the status page (with `after`, what the visitor was just told). The gateway sends the visitor back to
 * the host they came through, which the api takes only when it is one of the shop's (a stranger's Host header is
 * not). A refusal is said on the status page, where "Pay now" tries again. A browser's own navigation waits for the
 * gateway a moment at most, then goes to the paying page, which waits on the same start.
 */
export async function payAtGateway(
  context: AppLoadContext,
  request: Request,
  orderId: string,
  options: { paymentId?: string; after?: OutcomeName } = {}
): Promise<Response> {
  const base = localizedPath("paymentReturn", context.locale, context.variant.defaultLocale, { id: orderId });
  const start = context.rpc.paymentStart({
    orderId,
    paymentId: options.paymentId,
    returnUrl: new URL(base, request.url).href,
  });
  if (await paymentStarts.handedOver(request, orderId, context.sessionId, start, context.checkingPageAfterMs)) {
    const paying = localizedPath("orderPaying", context.locale, context.variant.defaultLocale, { id: orderId });
    const search = options.after ? `?${new URLSearchParams({ outcome: options.after })}` : "";
    return toOrderScreen(`${paying}${search}`);
  }
  return toGateway(context, orderId, await settled(start), options.after);
}

/** Where a payment's start sends the visitor: to its gateway, or to the status page with what to tell them. */
export function toGateway(
  context: AppLoadContext,
  orderId: string,
  end: CallEnd<PaymentStartResponse>,
  after: OutcomeName | undefined
): Response {
  if ("refusal" in end) {
    const code = errorCodeOf(end.refusal);
    if (code === undefined || !paymentStartRefusals.includes(code)) throwAsAnswer(end.refusal);
    return statusRedirect(context, orderId, { outcome: after, error: code });
  }
  const { gateway } = end.value;
  if (!gateway?.url) return statusRedirect(context, orderId, { outcome: after });
  // A whole page load: the gateway's page is no route of this app, even when the sandbox serves it on its host.
  return redirectDocument(gateway.url, { status: 303, headers: { "Cache-Control": orderCacheControl } });
}
