import type { ProductKey } from "../domain/products";
import { findOrder, type AnyStoredOrder, type StoredOrder, type StoredVoucherOrder } from "../stores/orders";
import { isOrderOwnerKey } from "./owner-key";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";

/** The order a request names; an order of another shop is unknown, as if it did not exist. */
export async function requestedOrder(
  { db }: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  orderId: string
): Promise<AnyStoredOrder> {
  const order = await findOrder(db, orderId.toLowerCase());
  if (!order || order.product !== product) throw new Refused({ kind: "unknown", what: "order" });
  return order;
}

/** The hotel order a request names (cancelling, documents, moving a payment); a voucher order there is unknown. */
export async function requestedHotelOrder(
  deps: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  orderId: string
): Promise<StoredOrder> {
  const order = await requestedOrder(deps, product, orderId);
  if (order.kind !== "hotel") throw new Refused({ kind: "unknown", what: "hotel_order" });
  return order;
}

/**
 * The hotel order a request to change it names, when the request carries the order's owner key (decision 041). A
 * wrong key is told apart from an unknown order only once the order was found: the id alone is what reads it.
 */
export async function requestedOwnHotelOrder(
  deps: Pick<UseCaseDeps, "db" | "config">,
  product: ProductKey,
  orderId: string,
  ownerKey: string
): Promise<StoredOrder> {
  const order = await requestedHotelOrder(deps, product, orderId);
  if (!isOrderOwnerKey(deps.config.orderKeySecret, order.id, ownerKey)) throw new Refused({ kind: "owner_key_invalid" });
  return order;
}

/** The voucher order a request names (its voucher to print); a hotel order there is unknown. */
export async function requestedVoucherOrder(
  deps: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  orderId: string
): Promise<StoredVoucherOrder> {
  const order = await requestedOrder(deps, product, orderId);
  if (order.kind !== "voucher") throw new Refused({ kind: "unknown", what: "voucher_order" });
  return order;
}
