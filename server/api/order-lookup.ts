import { Code } from "@connectrpc/connect";
import type { ProductVariant } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { findOrder, type AnyStoredOrder, type StoredOrder } from "../stores/orders";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { requestProductKey } from "./contract/product-variant";

/** The order a request names; an order of another shop is "not found", as if it did not exist. */
export async function requestedOrder(
  deps: ApiDeps,
  variant: ProductVariant | undefined,
  orderId: string
): Promise<AnyStoredOrder> {
  const product = requestProductKey(variant);
  const order = await findOrder(deps.db, orderId.toLowerCase());
  if (!order || order.product !== product) {
    throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "no order with this id", "order_id");
  }
  return order;
}

/** The hotel order a request names (cancelling, documents, moving a payment); a voucher order there is "not found". */
export async function requestedHotelOrder(
  deps: ApiDeps,
  variant: ProductVariant | undefined,
  orderId: string
): Promise<StoredOrder> {
  const order = await requestedOrder(deps, variant, orderId);
  if (order.kind !== "hotel") {
    throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "no hotel order with this id", "order_id");
  }
  return order;
}
