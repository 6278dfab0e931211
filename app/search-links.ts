import { hostHasPage, type HostPages } from "../shared/host-pages";
import {
  languageOf,
  localizedPath,
  matchScreen,
  partners,
  type Locale,
  type RouteParams,
  type ScreenId,
} from "../shared/route-table";

/** What search engines are told of a host: its address and the locales it publishes (server/variants/site-variants.ts). */
export type SearchSite = HostPages & {
  /** The host's public origin, e.g. "https://www.dovolenazabenefity.cz". */
  origin: string;
  defaultLocale: Locale;
  /** The locales the host has pages in, its own first. */
  languages: readonly Locale[];
};

/** A public page: a screen and the parameters that name it. */
export type PublicPage = { screen: ScreenId; params: RouteParams };

/**
 * Screens anyone may find through a search engine. Not the order's later steps, a status or a voucher's check (they
 * name one customer's order or voucher), the documents, the sitemap itself or the catch-all.
 */
const publicScreens: ScreenId[] = [
  "home",
  "order",
  "howItWorks",
  "inspiration",
  "voucherStatus",
  "contact",
  "edenred2024",
  "voucher",
];

/** Every public page the host has (hostHasPage), in the order of the sitemap. */
export function publicPages(site: HostPages): PublicPage[] {
  return [
    ...publicScreens.map((screen) => ({ screen, params: {} })),
    ...partners.map((partner) => ({ screen: "partner" as const, params: { partner } })),
  ].filter((page) => hostHasPage(site, page.screen, page.params));
}

/**
 * The content store's pages and articles: each is written in its own language under a slug of that language (the
 * branches are /pobocky in Czech, /branches in English), so it has no language versions to name.
 */
const contentScreens: ScreenId[] = ["contentPage", "inspirationDetail"];

/** A content page or article by its slug, for the sitemap (which asks the content store which there are). */
export function contentPage(screen: "contentPage" | "inspirationDetail", slug: string): PublicPage {
  return { screen, params: { "*": slug } };
}

/**
 * The public page at a path, or null: another screen, a voucher's own check, an unknown partner. A content page's
 * path is taken as one: a path that is none answers the 404 page, whose meta names no address.
 */
export function publicPageAt(pathname: string, site: HostPages): PublicPage | null {
  const match = matchScreen(pathname);
  if (!match) return null;
  if (contentScreens.includes(match.screen)) return { screen: match.screen, params: match.params };
  const named = (page: PublicPage) =>
    Object.entries(match.params).every(([name, value]) => value === undefined || page.params[name] === value);
  return publicPages(site).find((page) => page.screen === match.screen && named(page)) ?? null;
}

/** A language version of a page as `<link rel="alternate" hreflang>` and the sitemap's `xhtml:link` name it. */
export type Alternate = { hreflang: string; href: string };

/**
 * The address search engines should keep for a page in a locale (canonical: no query, the locale's own path), and
 * its language versions on the host: one per locale it has pages in and `x-default`, the host's own language. A host that
 * publishes one locale has no alternates to name, and neither has a page in a locale the host does not publish.
 */
export function searchLinks(site: SearchSite, locale: Locale, page: PublicPage) {
  const href = (inLocale: Locale) =>
    site.origin + localizedPath(page.screen, inLocale, site.defaultLocale, page.params);
  const alternates: Alternate[] =
    site.languages.length > 1 && site.languages.includes(locale) && !contentScreens.includes(page.screen)
      ? [
          ...site.languages.map((language) => ({ hreflang: languageOf(language), href: href(language) })),
          { hreflang: "x-default", href: href(site.defaultLocale) },
        ]
      : [];
  return { canonical: href(locale), alternates };
}
