import { languageOf, localizedPath, ownerKeyQuery, type Language, type Locale, type RouteParams } from "../../shared/route-table";
import type { Config } from "../config";
import type { AnyDocumentKind } from "../domain/order-documents";
import type { ProductKey } from "../domain/products";
import { siteVariants } from "../variants/site-variants";
import { orderOwnerKey } from "./owner-key";

/**
 * Links to the shop that leave it by e-mail or in a document, where no request tells the host: built from the
 * configured domain of the order's variant, or, unconfigured, from the development host that serves it (DESIGN §3).
 */

const developmentHostOf: Record<ProductKey, string> = {
  DZB_CZ: "localhost",
  DZB_PL: "pl.localhost",
  DZB_WL_PLUXEE_CZ: "pluxee.localhost",
};

export function shopOrigin(config: Config, product: ProductKey): string {
  const domain = { DZB_CZ: config.domains.cz, DZB_PL: config.domains.pl, DZB_WL_PLUXEE_CZ: config.domains.wlPluxeeCz }[
    product
  ];
  return domain ? `https://${domain}` : `http://${developmentHostOf[product]}:${config.port}`;
}

/**
 * The locale a variant speaks a language in (the white label's Czech is its own cs-pluxee); a language the variant's
 * host has no pages in is read in the host's own.
 */
export function localeOf(product: ProductKey, language: Language): Locale {
  const { languages, defaultLocale } = siteVariants[product];
  return languages.find((locale) => languageOf(locale) === language) ?? defaultLocale;
}

type LinkedOrder = { id: string; product: ProductKey; language: Language };

function orderLink(config: Config, order: LinkedOrder, screen: "orderStatus" | "orderDocument", params: RouteParams) {
  const locale = localeOf(order.product, order.language);
  const path = localizedPath(screen, locale, siteVariants[order.product].defaultLocale, { id: order.id, ...params });
  return `${shopOrigin(config, order.product)}${path}`;
}

/**
 * The absolute address of an order's status page, in the language the customer ordered in, without its owner key:
 * what reads the order and changes nothing, for what may travel beyond the customer (a calendar's event).
 */
export function orderStatusUrl(config: Config, order: LinkedOrder): string {
  return orderLink(config, order, "orderStatus", {});
}

/**
 * The absolute address of an order's status page, in the language the customer ordered in, for the order's customer
 * only (their e-mails): it carries the order's owner key, which lets whoever opens it change the order (decision 041).
 */
export function orderOwnerUrl(config: Config, order: LinkedOrder): string {
  const key = new URLSearchParams({ [ownerKeyQuery]: orderOwnerKey(config.orderKeySecret, order.id) });
  return `${orderStatusUrl(config, order)}?${key}`;
}

/** The voucher check page with a voucher's code filled in, in the language the customer ordered in. */
export function voucherCheckUrl(config: Config, order: Omit<LinkedOrder, "id">, code: string): string {
  const locale = localeOf(order.product, order.language);
  const path = localizedPath("voucherStatus", locale, siteVariants[order.product].defaultLocale, { id: code });
  return `${shopOrigin(config, order.product)}${path}`;
}

/** Where an order's document is downloaded. */
export function orderDocumentUrl(config: Config, order: LinkedOrder, document: AnyDocumentKind): string {
  return orderLink(config, order, "orderDocument", { document });
}
