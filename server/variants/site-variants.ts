import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { languageOf, type Language, type Locale } from "../../shared/route-table";

/**
 * The three product variants the shop serves, chosen by the request host (SPEC §1, shop-hosts.ts).
 * What differs between them lives here: market, currency, languages, logo, legal documents, support contacts, which
 * links the header shows, indexing. The web reads all of it; the e-mails, documents and links read the languages and
 * the support contacts, and so this sits below the web tier.
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
