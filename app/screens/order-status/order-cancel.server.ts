import type { AppLoadContext } from "@remix-run/node";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { explainedPaymentErrors, statusRedirect } from "~/order/gateway-payment.server";
import { paymentChangeErrors } from "~/screens/order-status/payment-change.server";
import type { OwnedOrder } from "~/order/owner-keys.server";
import { errorCodeOf, throwAsAnswer } from "~/rpc-form-error.server";

/** The refusals a cancellation can meet, each with its catalogue sentence on the status page. */
const cancelErrors = [
  ErrorCode.ORDER_INVALID_BOOKING_STATUS,
  ErrorCode.ROOM_NOT_CANCELLABLE_IN_DEADLINE,
  ErrorCode.ORDER_OWNER_KEY_INVALID,
];

/** The refusals the status page explains when its query names them: a gateway's, a cancellation's, a payment move's. */
export const statusPageErrors = [
  ...explainedPaymentErrors,
  ...[...cancelErrors, ...paymentChangeErrors].map((code) => ErrorCode[code]),
];

/**
 * Cancels the order (the second of the two confirmations) and shows the status page: cancelled with its voucher, or
 * still live with the reason it could not be cancelled now (also when this browser does not hold its owner key).
 */
export async function cancelOrder(context: AppLoadContext, order: OwnedOrder): Promise<Response> {
  const { orderId } = order;
  try {
    await context.rpc.orderCancel(order);
    return statusRedirect(context, orderId);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === undefined || !cancelErrors.includes(code)) throwAsAnswer(error);
    return statusRedirect(context, orderId, { error: code });
  }
}
