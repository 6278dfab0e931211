import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { PaymentOutcome } from "../../gen/dzb/shop/v1/payment_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type GatewayCurrency,
  type GatewayReturnProblem,
} from "../adapters/gateways/payment-gateway";
import { paymentOutcome, type PaymentOutcome as Outcome } from "../domain/payment-gateways";
import { recordGatewayReport } from "../payments/gateway-payments";
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
 * A gateway sent the visitor back. The return is believed only once its gateway has verified it against the try it
 * names (signature, amount, order, and for cafeterias a direct question to the gateway); then it is recorded the
 * way every report is, forward only, so a replayed or late return changes nothing. Answers what to tell the visitor.
 */
export function paymentReturn(deps: ApiDeps): ServiceImpl<typeof ShopService>["paymentReturn"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const attempt = await findAttempt(deps.db, request.paymentId.toLowerCase());
    const order = attempt && (await findOrder(deps.db, attempt.orderId));
    if (!attempt || !order || order.product !== product) {
      throw apiError(Code.NotFound, ErrorCode.PAGE_NOT_FOUND, "no payment attempt with this id", "payment_id");
    }
    if (!attempt.gatewayRef) {
      // The gateway never answered the start, so nothing it could send back belongs to this try.
      throw refused(new GatewayReturnError("verification_failed", "the payment was never started at its gateway"));
    }
    let state;
    try {
      ({ state } = await deps.gateways[attempt.gateway].verifyReturn(request.params, {
        gatewayRef: attempt.gatewayRef,
        orderNumber: order.orderNumber,
        amount: attempt.value,
        currency: order.currency as GatewayCurrency,
      }));
    } catch (error) {
      if (error instanceof GatewayReturnError) throw refused(error);
      if (error instanceof GatewayUnavailableError) {
        throw apiError(Code.Unavailable, ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE, error.message, "payment_id");
      }
      throw error;
    }
    const change = await recordGatewayReport(deps, attempt.id, state);
    // A late word on an older try of a payment another try has paid: the visitor is told the payment is paid.
    const told = change.payment === "paid" ? "paid" : change.attempt;
    return { outcome: contractOutcome[paymentOutcome(told, change.order === "paid")], orderId: order.id };
  };
}

function refused(error: GatewayReturnError) {
  return apiError(Code.InvalidArgument, problemCodes[error.problem], error.message, "params");
}
