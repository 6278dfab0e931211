import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { changeOwnPayment } from "../orders/payment-change";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { toHotelOrder } from "./contract/order";
import { requestProductKey } from "./contract/product-variant";

/**
 * The customer pays an unpaid part of an order with another method (orders/payment-change.ts). The order answers
 * with the part's new method and amount; paying it is PaymentStart's.
 */
export function orderPaymentChange(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderPaymentChange"] {
  return async (request) => {
    if (request.methodId === "") {
      throw apiError(Code.InvalidArgument, ErrorCode.PAYMENT_METHOD_ID_MISSING, "a method is needed", "method_id");
    }
    const changed = await changeOwnPayment(deps, requestProductKey(request.productVariant), request);
    return { hotelOrder: toHotelOrder(changed) };
  };
}
