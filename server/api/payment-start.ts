import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { GatewayUnavailableError } from "../adapters/gateways/payment-gateway";
import { payableAtGateway, startGatewayPayment } from "../payments/gateway-payments";
import { isShopAddress } from "../variants/shop-hosts";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { contractGatewayType } from "./contract/order";
import { providerLanguageOf } from "./contract/product-variant";
import { requestedOrder } from "./order-lookup";

/**
 * Sends the visitor to pay one card or benefit payment of an order: a new try at its gateway each time (after a
 * decline or a cancel the visitor simply tries again). Nothing to pay at a gateway, or an order no longer live,
 * answers no gateway, and the web shows the order's status instead. The gateway sends the visitor back to the given
 * return address, so only the shop's own hosts are taken: anything else would be an open redirect in the shop's name.
 */
export function paymentStart(deps: ApiDeps): ServiceImpl<typeof ShopService>["paymentStart"] {
  return async (request) => {
    const order = await requestedOrder(deps, request.productVariant, request.orderId);
    if (!isShopAddress(request.returnUrl, deps.config.domains)) {
      throw apiError(
        Code.InvalidArgument,
        ErrorCode.PAYMENT_RETURN_URL_INVALID,
        "must be an absolute http(s) URL on one of the shop's own hosts",
        "return_url"
      );
    }
    const payment = payableAtGateway(order, request.paymentId?.toLowerCase());
    if (!payment) return {};
    try {
      const started = await startGatewayPayment(deps, order, payment, {
        returnUrl: request.returnUrl,
        language: providerLanguageOf(request.productVariant?.lang),
      });
      return { gateway: { type: contractGatewayType[started.gateway], url: started.redirectUrl } };
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      throw apiError(Code.Unavailable, ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE, error.message, "payment_id");
    }
  };
}
