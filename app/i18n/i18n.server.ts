import { RemixI18Next } from "remix-i18next/server";
import { messages } from "../../shared/i18n/messages";
import { i18nConfig } from "./config";

export const resources = {
  cs: { translation: messages.cs },
  pl: { translation: messages.pl },
  en: { translation: messages.en },
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
