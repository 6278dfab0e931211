import { locales, type Locale } from "~/route-table";

/**
 * The locales the language dropdown offers (SPEC §2): cs offers only cs, so the dropdown does
 * nothing there; pl and en offer pl and en; any other locale offers every locale but itself.
 */
export function languageChoices(current: Locale): Locale[] {
  if (current === "cs") return ["cs"];
  if (current === "pl" || current === "en") return ["pl", "en"];
  return locales.filter((locale) => locale !== current);
}
