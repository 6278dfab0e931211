import type { AppLoadContext } from "@remix-run/node";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { statusRedirect } from "~/order/gateway-payment.server";
import type { OwnedOrder } from "~/order/owner-keys.server";
import { errorCodeOf, throwAsAnswer } from "~/rpc-form-error.server";
import { requireUuid } from "~/screen.server";

/**
 * The refusals moving a payment can meet (the page was stale: the part was paid meanwhile, or the method is no
 * longer one it may take), each with its catalogue sentence on the status page.
 */
export const paymentChangeErrors = [
  ErrorCode.PAYMENT_METHOD_UNAVAILABLE,
  ErrorCode.PAYMENT_VALUE_INVALID,
  ErrorCode.COUPON_NOT_FOR_PAYMENT_TYPE,
  ErrorCode.ORDER_OWNER_KEY_INVALID,
];

/**
 * Moves an unpaid part to the method the customer chose, then shows the status page: the part with its new method
 * and amount (the fee follows the method) and its pay button, so the customer sees what they will pay before paying.
 */
export async function changePayment(context: AppLoadContext, order: OwnedOrder, form: FormData): Promise<Response> {
  const { orderId } = order;
  const paymentId = requireUuid(String(form.get("paymentId") ?? ""));
  const methodId = String(form.get("methodId") ?? "");
  try {
    await context.rpc.orderPaymentChange({ ...order, paymentId, methodId });
    return statusRedirect(context, orderId);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === undefined || !paymentChangeErrors.includes(code)) throwAsAnswer(error);
    return statusRedirect(context, orderId, { error: code });
  }
}
