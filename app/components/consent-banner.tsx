import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { focusPageStart } from "~/focus";
import { localizedPath } from "../../shared/route-table";
import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";

/**
 * Asks a visitor who has not chosen yet whether the browser may send errors and speed to the shop's monitoring
 * (shared/consent.ts). Rejecting is one click, as accepting is, with a button of the same look; nothing optional runs
 * until they choose. A plain form post, so it works before JavaScript; the choice can be changed from the footer.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const { locale, site } = useShop();
  const settingsPath = localizedPath("cookieSettings", locale, site.defaultLocale);
  // Answered, the banner goes with the button that had the cursor.
  useEffect(() => focusPageStart, []);
  // The settings page asks the same, in full.
  if (location.pathname === settingsPath) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      {/* One short paragraph and two buttons: the question must not push the page's own first screen away. */}
      <p>
        <strong id="consent-title">{t("consent.title")}</strong>: {t("consent.text")}{" "}
        <Link to={settingsPath}>{t("consent.details")}</Link>
      </p>
      <Form method="post" action={settingsPath} preventScrollReset className="consent-banner__choices">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" name="choice" value="reject" className="button">
          {t("consent.reject")}
        </button>
        <button type="submit" name="choice" value="accept" className="button">
          {t("consent.accept")}
        </button>
      </Form>
    </section>
  );
}
