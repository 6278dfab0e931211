import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { orderDetail as readOrder } from "../orders/order-reading";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { requestProductKey } from "./contract/product-variant";
import { toVoucherOrder } from "./contract/voucher";

/** An order by its id, as its status page shows it (orders/order-reading.ts), and whether the caller is its customer. */
export function orderDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDetail"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const read = await readOrder(deps, product, request.orderId, request.ownerKey);
    if (read.kind === "voucher") {
      const { readable, voucher, today } = read.detail;
      const voucherOrder = toVoucherOrder(readable, voucher, today);
      return { order: { case: "voucherOrder", value: voucherOrder }, owner: read.owner };
    }
    const hotelOrder = toHotelOrder(read.readable);
    return { order: { case: "hotelOrder", value: hotelOrder }, owner: read.owner };
  };
}
