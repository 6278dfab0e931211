import { marketDate } from "../domain/stay";
import type { StoredVoucherOrder } from "../stores/orders";
import { spendingsOf, voucherBoughtBy, type VoucherRow, type VoucherSpendingRecord } from "../stores/vouchers";
import type { ProductKey } from "../domain/products";
import { requestedOrder } from "./order-lookup";
import { isOrderOwnerKey } from "./owner-key";
import {
  readableHotelOrder,
  readableVoucherOrder,
  type ReadableHotelOrder,
  type ReadableVoucherOrder,
} from "./readable-order";
import type { UseCaseDeps } from "./use-case-deps";

/** A voucher order with the voucher it bought, once issued, and that voucher's history, as read on `today`. */
export interface VoucherOrderDetail {
  readonly readable: ReadableVoucherOrder;
  readonly voucher: { readonly row: VoucherRow; readonly spendings: readonly VoucherSpendingRecord[] } | undefined;
  readonly today: string;
}

/** An order as its status page shows it, and whether the caller proved to be its customer. */
export type OrderDetail =
  | { readonly kind: "hotel"; readonly readable: ReadableHotelOrder; readonly owner: boolean }
  | { readonly kind: "voucher"; readonly detail: VoucherOrderDetail; readonly owner: boolean };

/**
 * An order by its id, as its status page shows it; an order of another shop is unknown. With the order's owner key
 * the caller is its customer, and the page offers what only they may do.
 */
export async function orderDetail(
  deps: Pick<UseCaseDeps, "db" | "config" | "now">,
  product: ProductKey,
  orderId: string,
  ownerKey: string
): Promise<OrderDetail> {
  const order = await requestedOrder(deps, product, orderId);
  const owner = isOrderOwnerKey(deps.config.orderKeySecret, order.id, ownerKey);
  if (order.kind === "voucher") return { kind: "voucher", detail: await voucherOrderDetail(deps, order), owner };
  const readable = readableHotelOrder(order, deps.config, deps.now(), owner ? "customer" : "anyone");
  return { kind: "hotel", readable, owner };
}

/** A voucher order with the voucher it bought, once issued, and that voucher's history. */
export async function voucherOrderDetail(
  deps: Pick<UseCaseDeps, "db" | "config" | "now">,
  order: StoredVoucherOrder
): Promise<VoucherOrderDetail> {
  const row = await voucherBoughtBy(deps.db, order.id);
  const voucher = row && { row, spendings: await spendingsOf(deps.db, row.id) };
  return { readable: readableVoucherOrder(order, row, deps.config), voucher, today: marketDate(deps.now()) };
}
