import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { endpoints, languageOf } from "../../shared/route-table";
import { useShop } from "~/shop-data";

/**
 * The language dropdown: a plain form posted to the language endpoint, which sets the cookie
 * and redirects to the same screen in the chosen locale. The language changes on its button
 * only, never as the choice changes (WCAG 3.2.2: arrow keys move through a closed select); with
 * JavaScript a full-page overlay then says that the language is changing. It offers the host's own
 * languages, once each (server/variants/site-variants.ts); a host of one language has none to offer.
 */
export function LanguageForm() {
  const { t } = useTranslation();
  const { locale, site } = useShop();
  const location = useLocation();
  const [changing, setChanging] = useState(false);
  const options = site.languages;
  if (options.length < 2) return null;

  return (
    <form
      method="post"
      action={`/${endpoints.languageSwitch.path}`}
      className="language-form"
      onSubmit={() => setChanging(true)}
    >
      <input type="hidden" name="path" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="language-form__label">
        {t("language.label")}
      </label>
      <select
        id="language-select"
        name="locale"
        defaultValue={locale}
      >
        {options.map((option) => (
          <option key={option} value={option} lang={languageOf(option)}>
            {t(`language.names.${option}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="language-form__submit">
        <span className="language-form__submit-text">{t("language.submit")}</span>
        <span className="language-form__submit-arrow" aria-hidden="true">
          →
        </span>
      </button>
      {changing ? (
        <div className="overlay" role="status" aria-live="assertive">
          <span className="overlay__spinner" aria-hidden="true" />
          {t("language.changing")}
        </div>
      ) : null}
    </form>
  );
}
