import type { ServiceImpl } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { PaymentMethodType, type PaymentMethodSchema } from "../../gen/dzb/shop/v1/payment_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { paymentMethodsFor, type PaymentMethodInfo, type PaymentMethodKind } from "../domain/payment-methods";
import { requestProductKey } from "./product-variant";

const methodTypes: Record<PaymentMethodKind, PaymentMethodType> = {
  bank_transfer: PaymentMethodType.BANK_TRANSFER,
  payment_card: PaymentMethodType.PAYMENT_CARD,
  benefit_provider: PaymentMethodType.BENEFIT_PROVIDER,
  voucher: PaymentMethodType.VOUCHER,
};

export function toPaymentMethod(method: PaymentMethodInfo): MessageInitShape<typeof PaymentMethodSchema> {
  return {
    methodId: method.id,
    type: methodTypes[method.kind],
    name: method.label,
    translationCode: method.translationCode,
  };
}

/** The variant's hotel and voucher payment methods, from the domain's table. */
export const paymentMethods: ServiceImpl<typeof ShopService>["paymentMethods"] = (request) => {
  const { hotel, voucher } = paymentMethodsFor(requestProductKey(request.productVariant));
  return { hotelMethods: hotel.map(toPaymentMethod), voucherMethods: voucher.map(toPaymentMethod) };
};
