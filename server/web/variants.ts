import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import type { Config } from "../config";
import { languageOf, type Language, type Locale } from "../../shared/route-table";

/**
 * The three product variants the shop serves, chosen by the request host (SPEC §1).
 * What differs between them for the web tier lives here: market, currency, languages,
 * logo, legal documents, support contacts, which links the header shows, indexing.
 */
export type SiteVariantKey = "DZB_CZ" | "DZB_PL" | "DZB_WL_PLUXEE_CZ";

export type SiteVariant = {
  key: SiteVariantKey;
  /** The product key's slug form, used in asset paths. */
  slug: "dzb-cz" | "dzb-pl" | "dzb-wl-pluxee-cz";
  currency: "CZK" | "PLN";
  defaultLocale: Locale;
  /** Locales this host serves without being asked by path: the ones a cookie or the browser may pick. */
  servedLocales: readonly Locale[];
  /** The voucher is sold on the Czech markets only. */
  sellsVouchers: boolean;
  /** The white label must stay out of search engines. */
  noindex: boolean;
  /**
   * The locales whose pages search engines are told about (the sitemaps, robots.txt, hreflang links): the host's own
   * language, and English where the language menu offers it.
   */
  indexedLocales: readonly Locale[];
  /** Languages the legal PDFs exist in; other languages get the first one. */
  documentLanguages: readonly Language[];
  support: { phone: string; email: string };
};

export const siteVariants: Record<SiteVariantKey, SiteVariant> = {
  DZB_CZ: {
    key: "DZB_CZ",
    slug: "dzb-cz",
    currency: "CZK",
    defaultLocale: "cs",
    servedLocales: ["cs"],
    sellsVouchers: true,
    noindex: false,
    indexedLocales: ["cs"],
    documentLanguages: ["cs"],
    support: { phone: "+420 228 882 288", email: "podpora@dovolenazabenefity.cz" },
  },
  DZB_PL: {
    key: "DZB_PL",
    slug: "dzb-pl",
    currency: "PLN",
    defaultLocale: "pl",
    servedLocales: ["pl", "en"],
    sellsVouchers: false,
    noindex: false,
    indexedLocales: ["pl", "en"],
    documentLanguages: ["pl", "en"],
    support: { phone: "+48 223 882 288", email: "pomoc@urlopzabenefity.pl" },
  },
  DZB_WL_PLUXEE_CZ: {
    key: "DZB_WL_PLUXEE_CZ",
    slug: "dzb-wl-pluxee-cz",
    currency: "CZK",
    defaultLocale: "cs-pluxee",
    servedLocales: ["cs-pluxee"],
    sellsVouchers: true,
    noindex: true,
    indexedLocales: ["cs-pluxee"],
    documentLanguages: ["cs"],
    support: { phone: "+420 228 882 288", email: "podpora@dovolenazabenefity.cz" },
  },
};

/** Hosts that pick a variant when no DOMAIN_* is configured (see DESIGN §3). */
const developmentHosts: Record<string, SiteVariantKey> = {
  localhost: "DZB_CZ",
  "127.0.0.1": "DZB_CZ",
  "pl.localhost": "DZB_PL",
  "pluxee.localhost": "DZB_WL_PLUXEE_CZ",
};

/** Strips the port and case, so `PL.localhost:3000` and `pl.localhost` are the same host. */
export function hostName(host: string): string {
  const withoutPort = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return withoutPort.trim().toLowerCase().replace(/\.$/, "");
}

/** Each variant's configured domain, when one is set. */
function configuredDomains(domains: Config["domains"]): [string | undefined, SiteVariantKey][] {
  return [
    [domains.cz, "DZB_CZ"],
    [domains.pl, "DZB_PL"],
    [domains.wlPluxeeCz, "DZB_WL_PLUXEE_CZ"],
  ];
}

/**
 * Picks the variant from a static allow-list of hosts. An unknown host gets the Czech shop:
 * it is the default market, and answering it beats a blank error for a mistyped domain.
 */
export function variantForHost(host: string, domains: Config["domains"]): SiteVariant {
  const name = hostName(host);
  for (const [domain, key] of configuredDomains(domains)) {
    if (domain && hostName(domain) === name) return siteVariants[key];
  }
  return siteVariants[developmentHosts[name] ?? "DZB_CZ"];
}

/**
 * The shop's own host names: each variant's configured domain or, unconfigured, its development hosts (DESIGN §3).
 * Unlike `variantForHost`, no fallback: a host that merely gets the default shop is not the shop's.
 */
function shopHostNames(domains: Config["domains"]): Set<string> {
  const development = Object.entries(developmentHosts);
  return new Set(
    configuredDomains(domains).flatMap(([domain, key]) =>
      domain ? [hostName(domain)] : development.filter(([, hostKey]) => hostKey === key).map(([host]) => host)
    )
  );
}

/**
 * Whether an address the shop sends a visitor to (a payment gateway's way back) is the shop's own: http(s), no user
 * name in it, on one of the shop's hosts. Anything else would make the shop an open redirect to a stranger's page.
 * The port is not compared, as the variant's choice does not compare it: a proxy or a container may publish the
 * shop on a port of its own, and the development hosts are the visitor's own loopback.
 */
export function isShopAddress(address: string, domains: Config["domains"]): boolean {
  const url = URL.parse(address);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  if (url.username !== "" || url.password !== "") return false;
  return shopHostNames(domains).has(hostName(url.host));
}

const contractProducts = {
  DZB_CZ: Product.DZB_CZ,
  DZB_PL: Product.DZB_PL,
  DZB_WL_PLUXEE_CZ: Product.DZB_WL_PLUXEE_CZ,
} as const;
const contractLangs = { cs: Lang.CS, pl: Lang.PL, en: Lang.EN } as const;
const contractCurrencies = { CZK: Currency.CZK, PLN: Currency.PLN } as const;

/** The product variant every RPC call carries (SPEC §7): built from the site, the locale and the currency. */
export function productVariantFor(variant: SiteVariant, locale: Locale) {
  return {
    product: contractProducts[variant.key],
    lang: contractLangs[languageOf(locale)],
    currency: contractCurrencies[variant.currency],
  };
}
