import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { paymentMethodsFor, type PaymentMethodInfo } from "../domain/payment-methods";
import { toPaymentMethod } from "./contract/payment-method";
import { requestProductKey } from "./contract/product-variant";

/** The variant's hotel and voucher payment methods, from the domain's table, each with its fee there. */
export const paymentMethods: ServiceImpl<typeof ShopService>["paymentMethods"] = (request) => {
  const product = requestProductKey(request.productVariant);
  const { hotel, voucher } = paymentMethodsFor(product);
  const offered = (method: PaymentMethodInfo) => toPaymentMethod(method, product);
  return { hotelMethods: hotel.map(offered), voucherMethods: voucher.map(offered) };
};
