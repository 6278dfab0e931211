import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { requestedOrder } from "./order-lookup";

/** An order by its id, as its status page shows it; an order of another shop is "not found". */
export function orderDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDetail"] {
  return async (request) => {
    const order = await requestedOrder(deps, request.productVariant, request.orderId);
    return { order: { case: "hotelOrder", value: await toHotelOrder(order, deps.config, deps.now()) } };
  };
}
