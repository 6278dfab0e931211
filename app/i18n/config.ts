import type { Language } from "../../shared/route-table";

/** Settings of the server's i18next (remix-i18next); the browser translates with `translator.ts`. */
export const i18nConfig = {
  supportedLngs: ["cs", "pl", "en"] satisfies Language[],
  fallbackLng: "cs",
  defaultNS: "translation",
  // React escapes on its own; double escaping would show `&amp;` in prices and names.
  interpolation: { escapeValue: false },
} as const;
