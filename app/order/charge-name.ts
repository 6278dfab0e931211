import type { Translate } from "../../shared/i18n/translator";
import type { ChargeNameView } from "~/order/availability-view";

/**
 * A charge's name in the visitor's language: the shop's own name for a type it knows (the simulator, for one, names
 * its charges in English), else the provider's name, which a provider gives in the language it was asked in when it
 * can.
 */
export function chargeName(t: Translate, charge: ChargeNameView): string {
  return charge.type ? t(`chargeTypes.${charge.type}`) : charge.name;
}
