import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { CancelRefusal } from "../domain/order-lifecycle";
import { CancelRefusedError, cancelOrderByCustomer } from "../orders/customer-cancel";
import type { StoredOrder } from "../stores/orders";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { toRefundVoucher } from "./contract/voucher";
import { requestedOwnHotelOrder } from "./order-lookup";

/** Each refusal with the catalogue's sentence: past the deadline, or the booking is being made (try again). */
const refusals: Record<CancelRefusal, { code: ErrorCode; message: string }> = {
  final: { code: ErrorCode.ORDER_INVALID_BOOKING_STATUS, message: "the order is already cancelled or over" },
  deadline_passed: {
    code: ErrorCode.ROOM_NOT_CANCELLABLE_IN_DEADLINE,
    message: "the cancellation deadline has passed, or the room was never free to cancel",
  },
  booking_in_progress: {
    code: ErrorCode.ORDER_INVALID_BOOKING_STATUS,
    message: "the room is being booked right now; try again in a moment",
  },
};

/**
 * The customer cancels a hotel order: irreversible, it yields a voucher worth what was paid less the cancellation
 * fees. Asking again answers the same cancelled order and voucher. Only the customer may: the request carries the
 * order's owner key.
 */
export function orderCancel(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderCancel"] {
  return async (request) => {
    const { id } = await requestedOwnHotelOrder(deps, request.productVariant, request.orderId, request.ownerKey);
    const now = deps.now();
    let order: StoredOrder;
    try {
      order = await cancelOrderByCustomer(deps.db, id, now);
    } catch (error) {
      if (!(error instanceof CancelRefusedError)) throw error;
      const refusal = refusals[error.reason];
      throw apiError(Code.FailedPrecondition, refusal.code, refusal.message, "order_id");
    }
    const voucher = order.refundVoucher;
    return {
      hotelOrder: toHotelOrder(order, deps.config, now, "customer"),
      ...(voucher ? { voucher: toRefundVoucher(voucher, order, now) } : {}),
    };
  };
}
