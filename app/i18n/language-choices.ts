import { locales, type Locale } from "../../shared/route-table";

/**
 * The locales the language dropdown offers on a host whose own locale is `hostLocale` (SPEC §2): cs offers only cs,
 * so the dropdown does nothing there; pl and en offer pl and en, and on a host of another language (the Czech shop,
 * the white label) its own locale first, so a visitor who chose English can always get back; any other locale offers
 * every locale but itself.
 */
export function languageChoices(current: Locale, hostLocale: Locale): Locale[] {
  if (current === "cs") return ["cs"];
  if (current === "pl" || current === "en") return [...new Set([hostLocale, "pl", "en"] as const)];
  return locales.filter((locale) => locale !== current);
}
