import type { Translate } from "./translator";

/** How a charge is named: by its type where the shop has a name for it (`chargeTypes.*`), else by its own name. */
export type NamedCharge = { readonly name: string; readonly type?: string | null };

/**
 * A charge's name in a language, the same on the pages and in the order documents: the shop's own name for a type it
 * knows (the simulator, for one, names its charges in English), else the provider's name, which a provider gives in
 * the language it was asked in when it can.
 */
export function chargeName(t: Translate, charge: NamedCharge): string {
  return charge.type ? t(`chargeTypes.${charge.type}`) : charge.name;
}
