import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { PaymentOutcome } from "../../gen/dzb/shop/v1/payment_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type GatewayReturnProblem,
} from "../adapters/gateways/payment-gateway";
import { paymentOutcome, type PaymentOutcome as Outcome } from "../domain/payment-gateways";
import { recordGatewayReturn } from "../payments/gateway-payments";
import { findOrder } from "../stores/orders";
import { findAttempt } from "../stores/payment-attempts";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { requestProductKey } from "./contract/product-variant";

/** Each refused return is one sentence of the SPEC's card-gateway or cafeteria-provider callback groups. */
const problemCodes: Record<GatewayReturnProblem, ErrorCode> = {
  invalid_signature: ErrorCode.CARD_CALLBACK_INVALID_SIGNATURE,
  currency_missing: ErrorCode.CAFETERIA_CALLBACK_CURRENCY_MISSING,
  order_number_missing: ErrorCode.CAFETERIA_CALLBACK_ORDER_NUMBER_MISSING,
  amount_invalid: ErrorCode.CAFETERIA_CALLBACK_AMOUNT_INVALID,
  verification_failed: ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED,
  status_invalid: ErrorCode.CAFETERIA_CALLBACK_STATUS_INVALID,
};

const contractOutcome: Record<Outcome, PaymentOutcome> = {
  paid: PaymentOutcome.PAID,
  partially_paid: PaymentOutcome.PARTIALLY_PAID,
  cancelled: PaymentOutcome.CANCELLED,
  failed: PaymentOutcome.FAILED,
  unknown: PaymentOutcome.UNKNOWN,
  cannot_be_processed: PaymentOutcome.CANNOT_BE_PROCESSED,
};

/**
 * A gateway sent the visitor back: the return is verified and recorded (payments/gateway-payments.ts). Answers what
 * to tell the visitor.
 */
export function paymentReturn(deps: ApiDeps): ServiceImpl<typeof ShopService>["paymentReturn"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const attempt = await findAttempt(deps.db, request.paymentId.toLowerCase());
    const order = attempt && (await findOrder(deps.db, attempt.orderId));
    if (!attempt || !order || order.product !== product) {
      throw apiError(Code.NotFound, ErrorCode.PAGE_NOT_FOUND, "no payment attempt with this id", "payment_id");
    }
    let change;
    try {
      change = await recordGatewayReturn(deps, attempt, order, request.params);
    } catch (error) {
      if (error instanceof GatewayReturnError) {
        throw apiError(Code.InvalidArgument, problemCodes[error.problem], error.message, "params");
      }
      if (error instanceof GatewayUnavailableError) {
        throw apiError(Code.Unavailable, ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE, error.message, "payment_id");
      }
      throw error;
    }
    // A late word on an older try of a payment another try has paid: the visitor is told the payment is paid.
    const told = change.payment === "paid" ? "paid" : change.attempt;
    return { outcome: contractOutcome[paymentOutcome(told, change.order === "paid")], orderId: order.id };
  };
}
