import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { partnerMethodIds } from "../../shared/partner-methods";
import { languageOf, partners, type Language, type Locale, type Partner } from "../../shared/route-table";
import { paymentMethodsFor } from "../domain/payment-methods";

/**
 * The three product variants the shop serves, chosen by the request host (SPEC §1, shop-hosts.ts).
 * What differs between them lives here: market, currency, brand, languages, logo, legal documents, support contacts,
 * which benefit partners' pages there are, which links the header shows, indexing. The web reads all of it; the
 * e-mails, documents and links read the brand, the languages and the support contacts, and so this sits below the web
 * tier.
 */
export type SiteVariantKey = "DZB_CZ" | "DZB_PL" | "DZB_WL_PLUXEE_CZ";

export type SiteVariant = {
  key: SiteVariantKey;
  /** The product key's slug form, used in asset paths. */
  slug: "dzb-cz" | "dzb-pl" | "dzb-wl-pluxee-cz";
  currency: "CZK" | "PLN";
  /**
   * The shop's one name on this host, in every language: the pages' titles, the logo's text, the e-mails' sender and
   * signature and the documents say it (a host never speaks under another variant's brand).
   */
  brandName: string;
  defaultLocale: Locale;
  /**
   * The locales this host has pages in, its own first: its language menu offers these, once each, search engines are
   * told of these (sitemaps, robots.txt, hreflang links), and a path prefixed with another locale is sent to the same
   * screen in the host's own. The white label speaks only Czech: its texts are
   * written for a shop that takes Pluxee alone, the English ones for a shop that takes every partner.
   */
  languages: readonly Locale[];
  /** Locales this host serves without being asked by path: the ones a cookie or the browser may pick. */
  servedLocales: readonly Locale[];
  /** The voucher is sold on the Czech markets only. */
  sellsVouchers: boolean;
  /** The white label must stay out of search engines. */
  noindex: boolean;
  /** Languages the legal PDFs exist in; other languages get the first one. */
  documentLanguages: readonly Language[];
  support: { phone: string; email: string };
  /** The benefit partners whose payment methods the host takes: only theirs have a page, a link or a sitemap entry. */
  partners: readonly Partner[];
};

/** A partner is the variant's when the variant takes one of the partner's payment methods (the domain's list). */
function partnersOf(key: SiteVariantKey): Partner[] {
  const taken = new Set(paymentMethodsFor(key).hotel.map((method) => method.id));
  return partners.filter((partner) => partnerMethodIds[partner].some((id) => taken.has(id)));
}

export const siteVariants: Record<SiteVariantKey, SiteVariant> = {
  DZB_CZ: {
    key: "DZB_CZ",
    slug: "dzb-cz",
    currency: "CZK",
    brandName: "Dovolená za benefity",
    defaultLocale: "cs",
    languages: ["cs", "en"],
    servedLocales: ["cs"],
    sellsVouchers: true,
    noindex: false,
    documentLanguages: ["cs"],
    support: { phone: "+420 228 882 288", email: "podpora@dovolenazabenefity.cz" },
    partners: partnersOf("DZB_CZ"),
  },
  DZB_PL: {
    key: "DZB_PL",
    slug: "dzb-pl",
    currency: "PLN",
    brandName: "Urlop za benefity",
    defaultLocale: "pl",
    languages: ["pl", "en"],
    servedLocales: ["pl", "en"],
    sellsVouchers: false,
    noindex: false,
    documentLanguages: ["pl", "en"],
    support: { phone: "+48 223 882 288", email: "pomoc@urlopzabenefity.pl" },
    partners: partnersOf("DZB_PL"),
  },
  DZB_WL_PLUXEE_CZ: {
    key: "DZB_WL_PLUXEE_CZ",
    slug: "dzb-wl-pluxee-cz",
    currency: "CZK",
    brandName: "Dovolená za benefity × Pluxee",
    defaultLocale: "cs-pluxee",
    languages: ["cs-pluxee"],
    servedLocales: ["cs-pluxee"],
    sellsVouchers: true,
    noindex: true,
    documentLanguages: ["cs"],
    support: { phone: "+420 228 882 288", email: "podpora@dovolenazabenefity.cz" },
    partners: partnersOf("DZB_WL_PLUXEE_CZ"),
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
