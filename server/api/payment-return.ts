import type { ServiceImpl } from "@connectrpc/connect";
import { PaymentOutcome } from "../../gen/dzb/shop/v1/payment_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { PaymentOutcome as Outcome } from "../domain/payment-gateways";
import { returnFromGateway } from "../payments/payment-return";
import type { ApiDeps } from "./deps";
import { requestProductKey } from "./contract/product-variant";

const contractOutcome: Record<Outcome, PaymentOutcome> = {
  paid: PaymentOutcome.PAID,
  partially_paid: PaymentOutcome.PARTIALLY_PAID,
  cancelled: PaymentOutcome.CANCELLED,
  failed: PaymentOutcome.FAILED,
  unknown: PaymentOutcome.UNKNOWN,
  cannot_be_processed: PaymentOutcome.CANNOT_BE_PROCESSED,
};

/** A gateway sent the visitor back (payments/payment-return.ts): what to tell them. */
export function paymentReturn(deps: ApiDeps): ServiceImpl<typeof ShopService>["paymentReturn"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const { outcome, orderId } = await returnFromGateway(deps, product, request.paymentId, request.params);
    return { outcome: contractOutcome[outcome], orderId };
  };
}
