import { RemixI18Next } from "remix-i18next/server";
import type { Language } from "~/route-table";
import { i18nConfig } from "./config";
import cs from "./messages/cs.json";
import en from "./messages/en.json";
import pl from "./messages/pl.json";

export type Messages = typeof en;

/** All messages, per language; the browser only ever receives its own language's file. */
export const messages: Record<Language, Messages> = { cs, pl, en };

export const resources = {
  cs: { translation: cs },
  pl: { translation: pl },
  en: { translation: en },
};

/**
 * Translation on the server. The locale is resolved once by the web server and handed over
 * in the load context, so detection here is never consulted.
 */
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
  },
  i18next: { ...i18nConfig, resources },
});
