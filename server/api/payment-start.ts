import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { startPayment } from "../payments/payment-start";
import type { ApiDeps } from "./deps";
import { contractGatewayType } from "./contract/order";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";

/** Sends the visitor to pay one payment of an order at its gateway (payments/payment-start.ts), or nowhere. */
export function paymentStart(deps: ApiDeps): ServiceImpl<typeof ShopService>["paymentStart"] {
  return async (request) => {
    const started = await startPayment(deps, requestProductKey(request.productVariant), {
      orderId: request.orderId,
      paymentId: request.paymentId,
      returnUrl: request.returnUrl,
      language: providerLanguageOf(request.productVariant?.lang),
    });
    return started ? { gateway: { type: contractGatewayType[started.gateway], url: started.redirectUrl } } : {};
  };
}
