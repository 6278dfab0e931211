import { Code } from "@connectrpc/connect";
import type { ProductVariant } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { isOrderOwnerKey } from "../orders/owner-key";
import { findOrder, type AnyStoredOrder, type StoredOrder, type StoredVoucherOrder } from "../stores/orders";
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

/**
 * The hotel order a request to change it names, when the request carries the order's owner key (decision 041). A
 * wrong key is told apart from an unknown order only once the order was found: the id alone is what reads it.
 */
export async function requestedOwnHotelOrder(
  deps: ApiDeps,
  variant: ProductVariant | undefined,
  orderId: string,
  ownerKey: string
): Promise<StoredOrder> {
  const order = await requestedHotelOrder(deps, variant, orderId);
  if (!isOrderOwnerKey(deps.config.orderKeySecret, order.id, ownerKey)) {
    throw apiError(
      Code.PermissionDenied,
      ErrorCode.ORDER_OWNER_KEY_INVALID,
      "changing an order takes its owner key, from the customer's browser or e-mail",
      "owner_key"
    );
  }
  return order;
}

/** The voucher order a request names (its voucher to print); a hotel order there is "not found". */
export async function requestedVoucherOrder(
  deps: ApiDeps,
  variant: ProductVariant | undefined,
  orderId: string
): Promise<StoredVoucherOrder> {
  const order = await requestedOrder(deps, variant, orderId);
  if (order.kind !== "voucher") {
    throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "no voucher order with this id", "order_id");
  }
  return order;
}
