import type { MessageInitShape } from "@bufbuild/protobuf";
import { PaymentMethodType, type MethodQuoteSchema, type PaymentMethodSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import { moneyOf } from "../../../shared/money";
import type { MethodQuote } from "../../domain/method-quotes";
import type { PaymentMethodInfo, PaymentMethodKind } from "../../domain/payment-methods";
import type { CurrencyCode, ProductKey } from "../../domain/products";
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

/** What paying with one method alone would cost: a row of the ways to pay side by side. */
export function toMethodQuote(quote: MethodQuote, currency: CurrencyCode): MessageInitShape<typeof MethodQuoteSchema> {
  return {
    methodId: quote.methodId,
    serviceFee: moneyOf(quote.serviceFee, currency),
    total: moneyOf(quote.total, currency),
    bonus: moneyOf(quote.bonus, currency),
    voucherValue: quote.voucherValue === undefined ? undefined : moneyOf(quote.voucherValue, currency),
  };
}
