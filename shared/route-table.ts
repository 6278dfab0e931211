/**
 * The one table of screens: every path of the shop, per language.
 *
 * `remix.config.js` turns it into routes (ids `{locale}--{screen}`, plus `default--{screen}`
 * for the unprefixed paths of the variant's default locale), the web server uses it to
 * resolve the locale and to redirect, and every link is built from it. No path string is
 * typed anywhere else. Keep this module free of imports: the Remix config loads it at build time.
 */

export const locales = ["cs", "cs-pluxee", "pl", "en"] as const;
export type Locale = (typeof locales)[number];

/** The languages that paths and message files exist in; `cs-pluxee` speaks cs. */
export type Language = "cs" | "pl" | "en";

export function languageOf(locale: Locale): Language {
  return locale === "cs-pluxee" ? "cs" : locale;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

type LocalizedPaths = Record<Language, string>;

function samePath(path: string): LocalizedPaths {
  return { cs: path, pl: path, en: path };
}

/**
 * Paths are relative to the locale prefix, without a leading slash. `:name` is a parameter,
 * `:name?` an optional one, and a trailing `*` takes the rest of the path.
 */
export const screens = {
  home: { paths: samePath("") },
  order: {
    paths: { cs: "objednavka", pl: "zamowienie", en: "order" },
  },
  /** A slow availability check, for a browser that sent step 1 without JavaScript; the stay is in the query. */
  orderCheck: {
    paths: { cs: "objednavka/overeni", pl: "zamowienie/sprawdzanie", en: "order/checking" },
  },
  orderAccommodation: {
    paths: {
      cs: "objednavka/ubytovani/:availabilityId",
      pl: "zamowienie/nocleg/:availabilityId",
      en: "order/accommodation/:availabilityId",
    },
  },
  orderReservation: {
    paths: {
      cs: "objednavka/rezervace/:previewId",
      pl: "zamowienie/rezerwacja/:previewId",
      en: "order/reservation/:previewId",
    },
  },
  /** An order still being made, for a browser that sent the reservation without JavaScript (its preview's id). */
  orderPlacing: {
    paths: {
      cs: "objednavka/odesilani/:previewId",
      pl: "zamowienie/wysylanie/:previewId",
      en: "order/sending/:previewId",
    },
  },
  orderStatus: { paths: samePath("status/:id") },
  /** A payment's start the gateway is slow to answer, for a browser that asked for it without JavaScript. */
  orderPaying: {
    paths: { cs: "status/:id/k-platbe", pl: "status/:id/do-platnosci", en: "status/:id/to-payment" },
  },
  /**
   * One of an order's documents, a PDF or the stay's calendar file (`:document` is a documentKinds entry); a resource
   * route, no screen.
   */
  orderDocument: {
    paths: {
      cs: "status/:id/dokument/:document",
      pl: "status/:id/dokument/:document",
      en: "status/:id/document/:document",
    },
  },
  /** Where a payment gateway sends the visitor back; without the attempt, the base the api completes for the gateway. */
  paymentReturn: {
    paths: {
      cs: "status/:id/platba/:attemptId?",
      pl: "status/:id/platnosc/:attemptId?",
      en: "status/:id/payment/:attemptId?",
    },
  },
  voucher: { paths: samePath("voucher") },
  voucherStatus: {
    paths: { cs: "overeni-poukazu/:id?", pl: "sprawdz-voucher/:id?", en: "voucher-status/:id?" },
  },
  contact: { paths: { cs: "kontakt", pl: "kontakt", en: "contact" } },
  inspiration: {
    paths: { cs: "inspirace", pl: "inspiracje", en: "inspiration" },
  },
  inspirationDetail: {
    paths: { cs: "inspirace/*", pl: "inspiracje/*", en: "inspiration/*" },
  },
  howItWorks: {
    paths: { cs: "jak-to-funguje", pl: "jak-to-dziala", en: "how-it-works" },
  },
  partner: { paths: samePath("partner/:partner") },
  edenred2024: { paths: samePath("edenred-2024") },
  /** What the optional cookies and scripts are and the visitor's choice of them; the consent banner posts here. */
  cookieSettings: { paths: samePath("cookies") },
  sitemap: { paths: samePath("sitemap.xml") },
  contentPage: { paths: samePath("*") },
} as const satisfies Record<string, { paths: LocalizedPaths }>;

export type ScreenId = keyof typeof screens;

/**
 * A screen's route module, for the Remix config: its folder is its id in kebab case (decision 046), so
 * `orderPlacing` is `screens/order-placing/route.tsx` and `edenred2024` is `screens/edenred-2024/route.tsx`. Named by
 * rule rather than in the table above, which the browser loads: the file names are the build's business alone.
 */
export function screenFile(screen: ScreenId): string {
  return `screens/${screen.replace(/[A-Z]|\d+/g, (part) => `-${part.toLowerCase()}`)}/route.tsx`;
}

/** Routes that are not screens: endpoints that exist once, without a locale. */
export const endpoints = {
  languageSwitch: { file: "endpoints/language-switch.tsx", path: "language" },
  robots: { file: "endpoints/robots.tsx", path: "robots.txt" },
} as const;

/**
 * The query of the status page's link in the customer's e-mails that carries the order's owner key (decision 041).
 * The page keeps the key in a cookie and sends the visitor on to its plain address at once.
 */
export const ownerKeyQuery = "key";

export const partners = ["up", "pluxee", "edenred", "benefit-systems"] as const;
export type Partner = (typeof partners)[number];

export type RouteParams = Record<string, string | undefined>;

/** Builds the absolute path of a screen in a locale; `defaultLocale` is served without a prefix. */
export function localizedPath(
  screen: ScreenId,
  locale: Locale,
  defaultLocale: Locale,
  params: RouteParams = {}
): string {
  const pattern: string = screens[screen].paths[languageOf(locale)];
  const segments = pattern
    .split("/")
    .filter((segment) => segment !== "")
    .flatMap((segment) => {
      if (segment === "*") return (params["*"] ?? "").split("/").filter(Boolean).map(encodeURIComponent);
      if (!segment.startsWith(":")) return [segment];
      const optional = segment.endsWith("?");
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === "") {
        if (optional) return [];
        throw new Error(`localizedPath: missing parameter "${name}" for screen "${screen}"`);
      }
      return [encodeURIComponent(value)];
    });
  const prefix = locale === defaultLocale ? [] : [locale];
  return `/${[...prefix, ...segments].join("/")}`;
}

export type ScreenMatch = {
  screen: ScreenId;
  /** The locale named by the path prefix, or null for an unprefixed path. */
  prefixLocale: Locale | null;
  /** The languages whose path pattern matched (cs and pl share some paths). */
  pathLanguages: Language[];
  params: RouteParams;
};

/**
 * Finds the screen a path belongs to, the same way the router ranks routes:
 * static segments beat parameters, parameters beat the catch-all.
 */
export function matchScreen(pathname: string): ScreenMatch | null {
  const segments = pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => safeDecode(segment));
  const first = segments[0];
  const prefixLocale = isLocale(first) ? first : null;
  const rest = prefixLocale ? segments.slice(1) : segments;
  const languages: Language[] = prefixLocale ? [languageOf(prefixLocale)] : ["cs", "pl", "en"];

  let best: { match: ScreenMatch; score: number } | null = null;
  for (const screen of Object.keys(screens) as ScreenId[]) {
    for (const language of languages) {
      const result = matchPattern(screens[screen].paths[language], rest);
      if (!result) continue;
      if (!best || result.score > best.score) {
        best = {
          score: result.score,
          match: { screen, prefixLocale, pathLanguages: [language], params: result.params },
        };
      } else if (result.score === best.score && best.match.screen === screen) {
        best.match.pathLanguages.push(language);
      }
    }
  }
  return best?.match ?? null;
}

function matchPattern(pattern: string, segments: string[]): { score: number; params: RouteParams } | null {
  const parts = pattern.split("/").filter((part) => part !== "");
  const params: RouteParams = {};
  let score = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    if (part === "*") {
      params["*"] = segments.slice(index).join("/");
      // A catch-all ranks below every complete match, yet a longer static prefix still wins.
      return { score: score * 4 + 1, params };
    }
    const segment = segments[index];
    if (part.startsWith(":")) {
      const optional = part.endsWith("?");
      if (segment === undefined) {
        if (!optional) return null;
        continue;
      }
      params[part.slice(1, optional ? -1 : undefined)] = segment;
      score += 2;
      continue;
    }
    if (segment !== part) return null;
    score += 3;
  }
  if (segments.length > parts.length) return null;
  return { score: score * 4 + 2, params };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Longer than any path and query of the shop's own: step 1 may carry a hotel link and its stay in its query. */
export const MAX_SWITCHED_PATH_LENGTH = 4_096;

/**
 * Where switching to `locale` takes a visitor who is at `path` (path and query, as the language form posts it): the
 * same screen's path in that locale, built from this table, with the same query. A path that is no screen of ours,
 * not our own (another origin), or longer than any of ours, is the locale's home: nothing a stranger posts is copied
 * into the redirect unbounded or unchecked, and no redirect is longer than the bound.
 */
export function switchedLocalePath(path: unknown, locale: Locale, defaultLocale: Locale): string {
  const home = localizedPath("home", locale, defaultLocale);
  if (typeof path !== "string" || path.length > MAX_SWITCHED_PATH_LENGTH) return home;
  const base = "http://shop.invalid";
  const current = URL.canParse(path, base) ? new URL(path, base) : null;
  const match = current?.origin === base ? matchScreen(current.pathname) : null;
  const target = match ? localizedPath(match.screen, locale, defaultLocale, match.params) + current!.search : home;
  // Encoding may lengthen what was read (a letter of nine bytes' escapes): the redirect is held to the same bound.
  return target.length > MAX_SWITCHED_PATH_LENGTH ? home : target;
}

/** Route ids look like `en--order` or `default--order`; the screen is the part after `--`. */
export function screenOfRouteId(routeId: string): ScreenId | null {
  const screen = routeId.split("--")[1];
  return screen !== undefined && screen in screens ? (screen as ScreenId) : null;
}
