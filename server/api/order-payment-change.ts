import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { receivingAccount } from "../config";
import { keepTransferQrCodes } from "../orders/transfer-qr-codes";
import { changePaymentMethod, PaymentChangeRefusedError } from "../orders/payment-change";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { requestedOwnHotelOrder } from "./order-lookup";
import { calculationErrors } from "./contract/payment-request";

/**
 * The customer pays an unpaid part of an order with another method after its gateway declined it or they cancelled
 * there (SPEC §4). The order answers with the part's new method and amount; paying it is PaymentStart's.
 */
export function orderPaymentChange(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderPaymentChange"] {
  return async (request) => {
    if (request.methodId === "") {
      throw apiError(Code.InvalidArgument, ErrorCode.PAYMENT_METHOD_ID_MISSING, "a method is needed", "method_id");
    }
    const { id } = await requestedOwnHotelOrder(deps, request.productVariant, request.orderId, request.ownerKey);
    const now = deps.now();
    try {
      const change = { orderId: id, paymentId: request.paymentId.toLowerCase(), methodId: request.methodId };
      const changed = await changePaymentMethod(deps.db, change, now);
      // A part moved to the transfer gets its QR code now, once, rather than on every read of the order.
      const order = await keepTransferQrCodes(deps.db, changed, receivingAccount(deps.config, changed.currency), now);
      return { hotelOrder: toHotelOrder(order, deps.config, now, "customer") };
    } catch (error) {
      if (!(error instanceof PaymentChangeRefusedError)) throw error;
      const { refusal } = error;
      switch (refusal.kind) {
        case "unknown_payment":
          throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "the order has no such payment", "payment_id");
        case "not_switchable":
          throw apiError(
            Code.FailedPrecondition,
            ErrorCode.PAYMENT_METHOD_UNAVAILABLE,
            "only an unpaid payment of a live order whose tries at its gateway all failed can move",
            "payment_id"
          );
        case "calculation":
          throw apiError(
            Code.InvalidArgument,
            calculationErrors[refusal.problem.kind],
            refusal.problem.kind.replaceAll("_", " "),
            refusal.problem.field
          );
      }
    }
  };
}
