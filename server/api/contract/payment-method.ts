import type { MessageInitShape } from "@bufbuild/protobuf";
import { PaymentMethodType, type PaymentMethodSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import type { PaymentMethodInfo, PaymentMethodKind } from "../../domain/payment-methods";
import type { ProductKey } from "../../domain/products";
import { serviceFeeBasisPoints } from "../../domain/service-fee";

const methodTypes: Record<PaymentMethodKind, PaymentMethodType> = {
  bank_transfer: PaymentMethodType.BANK_TRANSFER,
  payment_card: PaymentMethodType.PAYMENT_CARD,
  benefit_provider: PaymentMethodType.BENEFIT_PROVIDER,
  voucher: PaymentMethodType.VOUCHER,
};

/** A method as a variant offers it, with the fee it carries there. */
export function toPaymentMethod(
  method: PaymentMethodInfo,
  product: ProductKey
): MessageInitShape<typeof PaymentMethodSchema> {
  return {
    methodId: method.id,
    type: methodTypes[method.kind],
    name: method.label,
    translationCode: method.translationCode,
    feeBasisPoints: serviceFeeBasisPoints(product, method.id),
  };
}
