import type { Translate } from "./translator";

/** What names a method: its id, and where the api sent them, its translation code and English label. */
type NamedMethod = { methodId: string; translationCode?: string; name?: string };

/**
 * A payment method's name in a language, the same at checkout, on the status page and in the e-mails (a voucher's
 * credit is the method "voucher"): the text of its translation code (`payment_method.{id}`), else the api's label or
 * the id itself for a method this build has no text for, such as one retired since the order, rather than a raw key.
 */
export function paymentMethodName(t: Translate, { methodId, translationCode, name }: NamedMethod): string {
  const key = translationCode || `payment_method.${methodId}`;
  const text = t(key);
  return text === key ? name || methodId : text;
}
