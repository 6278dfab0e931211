import {
  isLocale,
  languageOf,
  localizedPath,
  matchScreen,
  type Locale,
  type RouteParams,
  type ScreenId,
  type ScreenMatch,
} from "../../shared/route-table";
import type { SiteVariant } from "../variants/site-variants";

export type LocaleResolution = {
  locale: Locale;
  screen: ScreenMatch | null;
  /** Set when the visitor belongs on another path: the root loader answers with this redirect. */
  redirect?: { location: string; status: 301 | 302 };
};

/**
 * Decides the locale of a request once (DESIGN §3): the path prefix, else the locale cookie,
 * else the browser's languages on the home page, else the variant's default. Unprefixed paths
 * always render the default locale; a visitor who prefers another one is redirected to the
 * same screen's prefixed path, and a path written in the other language of the default-locale
 * routes (`/zamowienie` on the Czech host) moves to the right one. A path prefixed with a locale the host has no pages
 * in (`/pl` on the Czech host) moves to the same screen in the host's own locale: a host speaks only under its brand.
 * A content page or article is written per language under its own slug, so it moves to its list (or home) instead.
 */
export function resolveLocale(input: {
  pathname: string;
  search: string;
  variant: SiteVariant;
  cookieLocale: unknown;
  acceptLanguage: string | undefined;
}): LocaleResolution {
  const { variant } = input;
  const screen = matchScreen(input.pathname);
  const defaultLocale = variant.defaultLocale;
  if (!screen) return { locale: defaultLocale, screen };
  if (screen.prefixLocale && !variant.languages.includes(screen.prefixLocale)) {
    const [target, params] = slugLanding[screen.screen] ?? [screen.screen, screen.params];
    const location = localizedPath(target, defaultLocale, defaultLocale, params) + input.search;
    return { locale: defaultLocale, screen, redirect: { location, status: 301 } };
  }
  if (screen.prefixLocale) return { locale: screen.prefixLocale, screen };

  const served = variant.servedLocales;
  const fromCookie = isLocale(input.cookieLocale) && served.includes(input.cookieLocale) ? input.cookieLocale : null;
  const fromBrowser =
    fromCookie === null && input.pathname === "/" ? bestAcceptedLocale(input.acceptLanguage, served) : null;
  const preferred = fromCookie ?? fromBrowser;
  const sameScreenIn = (locale: Locale, status: 301 | 302): LocaleResolution => ({
    locale: defaultLocale,
    screen,
    redirect: { location: localizedPath(screen.screen, locale, defaultLocale, screen.params) + input.search, status },
  });
  if (preferred && preferred !== defaultLocale) return sameScreenIn(preferred, 302);
  if (!screen.pathLanguages.includes(languageOf(defaultLocale))) return sameScreenIn(defaultLocale, 301);
  return { locale: defaultLocale, screen };
}

/** Where a page whose slug is one language's own lands in another language. */
const slugLanding: Partial<Record<ScreenId, [ScreenId, RouteParams]>> = {
  contentPage: ["home", {}],
  inspirationDetail: ["inspiration", {}],
};

/** The served locale the Accept-Language header ranks highest, by language and q-value. */
export function bestAcceptedLocale(header: string | undefined, candidates: readonly Locale[]): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split("-")[0],
        quality: Number.isFinite(quality) ? quality : 0,
        position,
      };
    })
    .filter((entry) => entry.quality > 0 && entry.language !== "")
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const { language } of ranked) {
    const found = candidates.find((locale) => languageOf(locale) === language);
    if (found) return found;
  }
  return null;
}
