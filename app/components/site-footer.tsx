import { useTranslation } from "~/i18n/use-translation";
import { InfoPanel } from "~/components/info-panel";
import { LocalizedLink } from "~/components/localized-link";
import { OperatorDetails } from "~/components/operator-details";
import { legalDocumentPath, useShop } from "~/shop-data";

const legalDocuments = [
  ["cancellation-policy", "footer.cancellationPolicy"],
  ["privacy-policy", "footer.privacyPolicy"],
  ["terms-of-service", "footer.termsOfService"],
  ["complaints-procedure", "footer.complaintsProcedure"],
] as const;

const faqSlug = "faq";

export function SiteFooter() {
  const { t } = useTranslation();
  const { site, locale, env } = useShop();
  const links = [
    ["home", "nav.home"],
    ["order", "nav.order"],
    ["howItWorks", "nav.howItWorks"],
    ["inspiration", "nav.inspiration"],
    ...(site.sellsVouchers ? ([["voucher", "nav.voucher"]] as const) : []),
    ["voucherStatus", "nav.voucherStatus"],
    ["contact", "nav.contact"],
  ] as const;

  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div>
          <img src={`/logos/${site.slug}.svg`} alt={site.brandName} width={176} height={32} loading="lazy" />
          <p className="site-footer__support">
            <strong>{t("footer.support")}</strong>
            <br />
            <a href={`tel:${site.support.phone.replace(/\s/g, "")}`}>{site.support.phone}</a>
            <br />
            <a href={`mailto:${site.support.email}`}>{site.support.email}</a>
            <br />
            {t("footer.supportHours")}
          </p>
        </div>
        <nav aria-label={t("nav.footer")}>
          <ul className="site-footer__links">
            {links.map(([screen, label]) => (
              <li key={screen}>
                <LocalizedLink to={screen}>{t(label)}</LocalizedLink>
              </li>
            ))}
            <li>
              {/* The content store's FAQ, under the same slug in every language (content/README.md). */}
              <LocalizedLink to="contentPage" params={{ "*": faqSlug }} data-nav="faq">
                {t("nav.faq")}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t("footer.documents")}</h2>
          <ul className="site-footer__links">
            {legalDocuments.map(([file, label]) => (
              <li key={file}>
                <a href={legalDocumentPath(site, locale, file)} target="_blank" rel="noopener">
                  {t(label)} <span className="visually-hidden">{t("footer.opensInNewTab")}</span>
                </a>
              </li>
            ))}
            <li>
              <LocalizedLink to="cookieSettings">{t("consent.settingsLink")}</LocalizedLink>
            </li>
          </ul>
        </div>
      </div>
      {/* No landmark of its own: the contact page names the same company in its main content. */}
      <div className="site-footer__operator">
        <h2 className="site-footer__heading">{t("operator.title")}</h2>
        <OperatorDetails className="operator-details" />
      </div>
      {env === "prod" || env === "preprod" ? <InfoPanel placement="footer" /> : null}
    </footer>
  );
}
