import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { marketDate } from "../domain/stay";
import { isOrderOwnerKey } from "../orders/owner-key";
import type { StoredVoucherOrder } from "../stores/orders";
import { spendingsOf, voucherBoughtBy } from "../stores/vouchers";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { toVoucherOrder } from "./contract/voucher";
import { requestedOrder } from "./order-lookup";

/**
 * An order by its id, as its status page shows it; an order of another shop is "not found". With the order's owner
 * key the answer says the caller is its customer, so the page offers what only they may do.
 */
export function orderDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDetail"] {
  return async (request) => {
    const order = await requestedOrder(deps, request.productVariant, request.orderId);
    const owner = isOrderOwnerKey(deps.config.orderKeySecret, order.id, request.ownerKey);
    if (order.kind === "voucher") {
      return { order: { case: "voucherOrder", value: await voucherDetailOfOrder(deps, order) }, owner };
    }
    const hotelOrder = toHotelOrder(order, deps.config, deps.now(), owner ? "customer" : "anyone");
    return { order: { case: "hotelOrder", value: hotelOrder }, owner };
  };
}

/** A voucher order with the voucher it bought, once issued, and that voucher's history. */
export async function voucherDetailOfOrder(deps: ApiDeps, order: StoredVoucherOrder) {
  const row = await voucherBoughtBy(deps.db, order.id);
  const voucher = row && { row, spendings: await spendingsOf(deps.db, row.id) };
  return toVoucherOrder(order, voucher, deps.config, marketDate(deps.now()));
}
