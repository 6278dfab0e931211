import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { paymentMethodsFor } from "../domain/payment-methods";
import { toPaymentMethod } from "./contract/payment-method";
import { requestProductKey } from "./contract/product-variant";

/** The variant's hotel and voucher payment methods, from the domain's table. */
export const paymentMethods: ServiceImpl<typeof ShopService>["paymentMethods"] = (request) => {
  const { hotel, voucher } = paymentMethodsFor(requestProductKey(request.productVariant));
  return { hotelMethods: hotel.map(toPaymentMethod), voucherMethods: voucher.map(toPaymentMethod) };
};
