/** The shop variants (SPEC §1): each sells in one market currency. */
export const productKeys = ["DZB_CZ", "DZB_PL", "DZB_WL_PLUXEE_CZ"] as const;
export type ProductKey = (typeof productKeys)[number];

export type CurrencyCode = "CZK" | "PLN";

export const marketCurrency: Record<ProductKey, CurrencyCode> = {
  DZB_CZ: "CZK",
  DZB_PL: "PLN",
  DZB_WL_PLUXEE_CZ: "CZK",
};
