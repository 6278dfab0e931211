import type { MessageInitShape } from "@bufbuild/protobuf";
import { PaymentMethodType, type PaymentMethodSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import type { PaymentMethodInfo, PaymentMethodKind } from "../../domain/payment-methods";

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
