import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { LanguageForm } from "~/components/language-form";
import { LocalizedLink } from "~/components/localized-link";
import { useShop } from "~/shop-data";

/** Must match the tablet breakpoint in app.css: from there on the menu is always open. */
const tabletQuery = "(min-width: 48rem)";

/**
 * The site header. On narrow screens the menu hides behind a toggle. Before JavaScript (and without it) the toggle is a
 * checkbox and its label, which CSS alone opens the menu with; once the page runs its script it is a button that says
 * whether the menu is open (`aria-expanded`), and Escape closes the menu and puts the cursor back on it. The menu also
 * closes when a link is clicked and when the viewport grows to the tablet breakpoint.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const { site } = useShop();
  const [menuOpen, setMenuOpen] = useState(false);
  // False on the server and in the hydrating render, so both render the checkbox.
  const [hydrated, setHydrated] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // A menu opened before the script ran stays open under its button.
    setMenuOpen((document.getElementById("menu-toggle") as HTMLInputElement).checked);
    setHydrated(true);
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

  const icon = <span className="menu-toggle__icon" aria-hidden="true" />;
  return (
    <header
      className="site-header"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !menuOpen) return;
        close();
        toggle.current?.focus();
      }}
    >
      <div className="site-header__bar">
        <LocalizedLink to="home" className="site-header__logo" data-nav="home">
          <img src={`/logos/${site.slug}.svg`} alt={site.brandName} width={176} height={32} />
        </LocalizedLink>
        {hydrated ? (
          <button
            type="button"
            ref={toggle}
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {icon}
            {t("nav.menu")}
          </button>
        ) : (
          <>
            <input type="checkbox" id="menu-toggle" className="menu-toggle__input" aria-controls="site-menu" />
            <label htmlFor="menu-toggle" className="menu-toggle">
              {icon}
              {t("nav.menu")}
            </label>
          </>
        )}
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
