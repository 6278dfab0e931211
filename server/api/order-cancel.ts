import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { cancelOwnOrder } from "../orders/customer-cancel";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { requestProductKey } from "./contract/product-variant";
import { toRefundVoucher } from "./contract/voucher";

/**
 * The customer cancels a hotel order (orders/customer-cancel.ts): irreversible, it yields a voucher worth what was
 * paid less the cancellation fees. Asking again answers the same cancelled order and voucher. Only the customer may:
 * the request carries the order's owner key.
 */
export function orderCancel(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderCancel"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const { cancelled, now } = await cancelOwnOrder(deps, product, request.orderId, request.ownerKey);
    const { order } = cancelled;
    const voucher = order.refundVoucher;
    return {
      hotelOrder: toHotelOrder(cancelled),
      ...(voucher ? { voucher: toRefundVoucher(voucher, order, now) } : {}),
    };
  };
}
