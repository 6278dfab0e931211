import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { languageOf, type Locale } from "../../shared/route-table";
import type { SiteVariant } from "./variants";

const products = {
  DZB_CZ: Product.DZB_CZ,
  DZB_PL: Product.DZB_PL,
  DZB_WL_PLUXEE_CZ: Product.DZB_WL_PLUXEE_CZ,
} as const;
const langs = { cs: Lang.CS, pl: Lang.PL, en: Lang.EN } as const;
const currencies = { CZK: Currency.CZK, PLN: Currency.PLN } as const;

/** The product variant every RPC call carries (SPEC §7): built from the site, the locale and the currency. */
export function productVariantFor(variant: SiteVariant, locale: Locale) {
  return { product: products[variant.key], lang: langs[languageOf(locale)], currency: currencies[variant.currency] };
}
