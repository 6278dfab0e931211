import type { Translate } from "../../shared/i18n/translator";
import type { PaymentMethodView } from "~/order/reservation-form";

/**
 * A payment method's name in the visitor's language: the text of its translation code (`payment_method.{id}`), or
 * the api's English label for a method this build has no text for yet.
 */
export function methodNamer(t: Translate, methods: readonly PaymentMethodView[]): (methodId: string) => string {
  return (methodId) => {
    const method = methods.find((candidate) => candidate.methodId === methodId);
    const code = method?.translationCode || `payment_method.${methodId}`;
    const text = t(code);
    return text === code ? method?.name ?? methodId : text;
  };
}
