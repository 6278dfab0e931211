import type { AppLoadContext } from "@remix-run/node";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelOrderCreateResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { payAtGateway } from "~/order/gateway-payment.server";
import { KeptCalls } from "~/order/kept-calls.server";
import { keepOwnerKey } from "~/order/owner-keys.server";

/**
 * Order creations a browser without JavaScript was sent on from (decision 065). The reservation's post waits a
 * moment for the api; a creation still under way then (the provider's offer being checked) goes on here, by its
 * preview id, and the browser is sent to the placing page: the order's owner key goes to the browser that sent the
 * form, not to whoever has the page's address. The placing page that reaches another web instance asks the api which
 * order the preview made.
 */
export const placings = new KeptCalls<HotelOrderCreateResponse>();

/** The api's refusals that mean the stay cannot be booked as previewed: only a fresh availability check helps. */
export const staleStayCodes = new Set([ErrorCode.ORDER_PRICE_INCREASED, ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE]);

/**
 * The made order's way on: its first payment due at a gateway, or its status page. This browser keeps the order's
 * owner key, so that it may cancel the order or move a payment (decision 041).
 */
export async function onToPayment(
  context: AppLoadContext,
  request: Request,
  orderId: string,
  ownerKey: string
): Promise<Response> {
  const response = await payAtGateway(context, request, orderId);
  response.headers.append("Set-Cookie", await keepOwnerKey(context, request, orderId, ownerKey));
  return response;
}
