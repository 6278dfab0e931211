import { Currency, Lang, Product, type ProductVariant } from "../../../gen/dzb/shop/v1/common_pb";
import type { ProviderLanguage } from "../../adapters/provider/hotel-provider";
import { type CurrencyCode, type ProductKey } from "../../domain/products";

/** The contract's enums as the domain's plain keys; UNSPECIFIED has none (the request limits reject it). */
const productKeys: Record<Product, ProductKey | undefined> = {
  [Product.UNSPECIFIED]: undefined,
  [Product.DZB_CZ]: "DZB_CZ",
  [Product.DZB_PL]: "DZB_PL",
  [Product.DZB_WL_PLUXEE_CZ]: "DZB_WL_PLUXEE_CZ",
};

const currencyCodes: Record<Currency, CurrencyCode | undefined> = {
  [Currency.UNSPECIFIED]: undefined,
  [Currency.CZK]: "CZK",
  [Currency.PLN]: "PLN",
};

const languages: Record<Lang, ProviderLanguage> = {
  [Lang.UNSPECIFIED]: "en",
  [Lang.CS]: "cs",
  [Lang.PL]: "pl",
  [Lang.EN]: "en",
};

export function productKeyOf(product: Product): ProductKey | undefined {
  return productKeys[product];
}

export function currencyCodeOf(currency: Currency): CurrencyCode | undefined {
  return currencyCodes[currency];
}

/**
 * The product key of a request that has passed the request limits, which guarantee a complete variant;
 * throws when called on one that has not, since that is a wiring bug.
 */
export function requestProductKey(variant: ProductVariant | undefined): ProductKey {
  const key = variant && productKeyOf(variant.product);
  if (!key) {
    throw new Error("product variant missing: the request limits interceptor did not run");
  }
  return key;
}

/** The variant's language as the provider's; an unspecified one is English. */
export function providerLanguageOf(lang: Lang | undefined): ProviderLanguage {
  return languages[lang ?? Lang.UNSPECIFIED];
}
