import type { GatewayLanguage, GatewayType } from "../adapters/gateways/payment-gateway";
import type { ProductKey } from "../domain/products";
import { requestedOrder } from "../orders/order-lookup";
import { Refused } from "../orders/refusals";
import type { UseCaseDeps } from "../orders/use-case-deps";
import { isShopAddress } from "../variants/shop-hosts";
import { payableAtGateway, startGatewayPayment } from "./gateway-payments";

/**
 * Sends the visitor to pay one card or benefit payment of an order: a new try at its gateway each time (after a
 * decline or a cancel the visitor simply tries again). Nothing to pay at a gateway, or an order no longer live,
 * answers no gateway, and the web shows the order's status instead. The gateway sends the visitor back to the given
 * return address, so only the shop's own hosts are taken: anything else would be an open redirect in the shop's name.
 */
export async function startPayment(
  deps: UseCaseDeps,
  product: ProductKey,
  ask: { orderId: string; paymentId: string | undefined; returnUrl: string; language: GatewayLanguage }
): Promise<{ gateway: GatewayType; redirectUrl: string } | undefined> {
  const order = await requestedOrder(deps, product, ask.orderId);
  if (!isShopAddress(ask.returnUrl, deps.config.domains)) throw new Refused({ kind: "return_url_invalid" });
  const payment = payableAtGateway(order, ask.paymentId?.toLowerCase());
  if (!payment) return undefined;
  return startGatewayPayment(deps, order, payment, { returnUrl: ask.returnUrl, language: ask.language });
}
