import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { findOrder } from "../stores/orders";
import { apiError } from "./api-error";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./order-contract";
import { requestProductKey } from "./product-variant";

/** An order by its id, as its status page shows it; an order of another shop is "not found". */
export function orderDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDetail"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const order = await findOrder(deps.db, request.orderId.toLowerCase());
    if (!order || order.product !== product) {
      throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "no order with this id", "order_id");
    }
    return { order: { case: "hotelOrder", value: await toHotelOrder(order, deps.config) } };
  };
}
