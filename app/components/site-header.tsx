import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { LanguageForm } from "~/components/language-form";
import { LocalizedLink } from "~/components/localized-link";
import { useShop } from "~/shop-data";

/** Must match the tablet breakpoint in app.css: from there on the menu is always open. */
const tabletQuery = "(min-width: 48rem)";

/**
 * The site header. On narrow screens the menu hides behind a toggle that works without
 * JavaScript (a checkbox and its label); with JavaScript the menu also closes when a link is
 * clicked and when the viewport grows to the tablet breakpoint.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const { site } = useShop();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(tabletQuery);
    const closeOnTablet = (event: MediaQueryListEvent) => event.matches && setMenuOpen(false);
    query.addEventListener("change", closeOnTablet);
    return () => query.removeEventListener("change", closeOnTablet);
  }, []);

  const close = () => setMenuOpen(false);
  const links = (
    [
      ["order", "nav.order"],
      ["howItWorks", "nav.howItWorks"],
      ["inspiration", "nav.inspiration"],
      ...(site.sellsVouchers ? ([["voucher", "nav.voucher"]] as const) : []),
      ["contact", "nav.contact"],
    ] as const
  ).map(([screen, label]) => (
    <li key={screen}>
      <LocalizedLink to={screen} onClick={close} data-nav={screen}>
        {t(label)}
      </LocalizedLink>
    </li>
  ));

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <LocalizedLink to="home" className="site-header__logo" data-nav="home">
          <img src={`/logos/${site.slug}.svg`} alt={site.brandName} width={176} height={32} />
        </LocalizedLink>
        <input
          type="checkbox"
          id="menu-toggle"
          className="menu-toggle__input"
          checked={menuOpen}
          onChange={(event) => setMenuOpen(event.target.checked)}
          aria-controls="site-menu"
        />
        <label htmlFor="menu-toggle" className="menu-toggle">
          <span className="menu-toggle__icon" aria-hidden="true" />
          {t("nav.menu")}
        </label>
        <div className="site-menu" id="site-menu">
          <nav aria-label={t("nav.main")}>
            <ul className="site-menu__links">{links}</ul>
          </nav>
          <LanguageForm />
        </div>
      </div>
    </header>
  );
}
