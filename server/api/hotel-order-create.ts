import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { DuplicateChoice } from "../../gen/dzb/shop/v1/order_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { placeHotelOrder } from "../orders/hotel-order-placement";
import type { NewHotelOrder } from "../orders/order-creation";
import { orderOwnerKey } from "../orders/owner-key";
import { clientAddressKey } from "./client-address";
import { customerOf } from "./contract/customer";
import { toHotelOrder } from "./contract/order";
import { paymentRequestOf } from "./contract/payment-request";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import type { ApiDeps } from "./deps";

const duplicateChoices: Record<DuplicateChoice, NewHotelOrder["duplicates"]> = {
  [DuplicateChoice.UNSPECIFIED]: "ask",
  [DuplicateChoice.REPLACE]: "replace",
  [DuplicateChoice.KEEP_BOTH]: "keep_both",
};

/**
 * The order of a preview, made once (orders/hotel-order-placement.ts), with its owner key for whoever created it; or
 * the customer's unpaid orders of the same stay, for them to say whether the new one replaces them.
 */
export function hotelOrderCreate(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelOrderCreate"] {
  return async (request, context) => {
    const placed = await placeHotelOrder(
      deps,
      requestProductKey(request.productVariant),
      {
        previewId: request.previewId,
        paymentRequest: paymentRequestOf(request.paymentRequest),
        customer: customerOf(request.order),
        language: providerLanguageOf(request.productVariant?.lang),
        duplicates: duplicateChoices[request.duplicates],
      },
      context.values.get(clientAddressKey),
      context.signal
    );
    if (!("placed" in placed)) {
      const earlier = placed.unpaidOrdersOfStay.map((order) => ({
        orderNumber: order.orderNumber,
        createdAt: timestampFromDate(order.createdAt),
      }));
      return { unpaidOrdersOfStay: earlier };
    }
    return {
      hotelOrder: toHotelOrder(placed.placed),
      ownerKey: orderOwnerKey(deps.config.orderKeySecret, placed.placed.order.id),
    };
  };
}
