import type { Language } from "~/route-table";

/** Settings of the server's i18next (remix-i18next); the browser translates with `translator.ts`. */
export const i18nConfig = {
  supportedLngs: ["cs", "pl", "en"] satisfies Language[],
  fallbackLng: "cs",
  defaultNS: "translation",
  // React escapes on its own; double escaping would show `&amp;` in prices and names.
  interpolation: { escapeValue: false },
} as const;

/** The BCP 47 tag Intl formats each language with: Czech and Polish as written in their countries, British English. */
export const localeTags: Readonly<Record<Language, string>> = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" };
