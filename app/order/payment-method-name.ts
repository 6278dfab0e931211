import type { Translate } from "../../shared/i18n/translator";
import { paymentMethodName } from "../../shared/i18n/payment-method-name";
import type { PaymentView } from "~/order/order-view";
import type { PaymentMethodView } from "~/order/reservation-view";

/** Names the methods of a screen, with the api's English label for a method this build has no text for yet. */
export function methodNamer(t: Translate, methods: readonly PaymentMethodView[]): (methodId: string) => string {
  return (methodId) => {
    const method = methods.find((candidate) => candidate.methodId === methodId);
    return paymentMethodName(t, method ?? { methodId });
  };
}

/** Names the methods of an order's payments: each payment's own, and those it may be moved to. */
export function paymentsMethodNamer(
  t: Translate,
  payments: readonly Pick<PaymentView, "method" | "alternatives">[]
): (methodId: string) => string {
  return methodNamer(t, payments.flatMap((payment) => [payment.method, ...payment.alternatives]));
}
