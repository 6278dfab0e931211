import { OrderStatus } from "../../gen/dzb/shop/v1/order_pb";
import type { VoucherOrder, VoucherPriceBreakdown } from "../../gen/dzb/shop/v1/voucher_pb";
import { dateOfTimestamp } from "../../shared/contract-dates";
import { minorUnits } from "../../shared/money";
import { contractName } from "~/contract-name";
import { deadline, documentKindOf, paymentView } from "~/order/order-view.server";
import type { Formats } from "~/view-formats.server";
import type { VoucherOrderView, VoucherPriceView } from "~/order/voucher-order-view";

/** What a voucher order's status can be that ends it without a voucher. */
const cancelledStatuses = new Set([
  OrderStatus.CANCELLED_BY_USER,
  OrderStatus.CANCELLED_DUPLICATE,
  OrderStatus.CANCELLED_REFUND,
  OrderStatus.CANCELLED_AUTOMATICALLY,
  OrderStatus.REFUNDED_AUTOMATICALLY,
]);

/** A voucher purchase's price, line by line; a line that costs nothing is left out. */
export function voucherPriceView(price: VoucherPriceBreakdown | undefined, formats: Formats): VoucherPriceView {
  const line = (money: VoucherPriceBreakdown["bonus"]) => {
    const minor = minorUnits(money);
    return minor > 0 ? formats.money(minor) : null;
  };
  return {
    voucherValue: formats.money(minorUnits(price?.base)),
    bonus: line(price?.bonus),
    extraService: line(price?.extraService),
    serviceFee: line(price?.serviceFee),
    total: formats.money(minorUnits(price?.total)),
  };
}

export function voucherOrderView(order: VoucherOrder, formats: Formats): VoucherOrderView {
  // A voucher's last valid day is a calendar date: the day with its weekday would only add noise.
  const date = (timestamp: VoucherOrder["createdAt"]) => (timestamp ? formats.date(dateOfTimestamp(timestamp)) : "");
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    orderedBy: order.orderedBy,
    createdAt: deadline(order.createdAt, formats),
    status: contractName(OrderStatus, order.status),
    cancelled: cancelledStatuses.has(order.status),
    paid: order.status === OrderStatus.PAID,
    purchasedAsGift: order.purchasedAsGift,
    price: voucherPriceView(order.price, formats),
    payments: order.payments.map((payment) => paymentView(payment, formats)),
    vouchers: order.vouchers.map((voucher) => ({
      code: voucher.code,
      value: formats.money(minorUnits(voucher.total)),
      validTo: date(voucher.validTo),
    })),
    documents: order.documents.flatMap((document) => documentKindOf(document.type) ?? []),
  };
}
