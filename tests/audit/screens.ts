import type { RouteParams, ScreenId } from "../../shared/route-table";
import { pathOn, placeOrder, reserveStay, type ShopClient, type Site } from "./shop-data";

/** The screens `npm run audit` measures, by the names its table and its `--screens` option use. */

type Audited = {
  name: string;
  screen: ScreenId;
  /** Makes what the screen shows (a stay, a reservation, an order) and answers its path's parameters. */
  params?: (shop: ShopClient, site: Site) => Promise<RouteParams>;
  /** Whether the site has the screen at all. */
  on?: (site: Site) => boolean;
};

/** The FAQ is a page of the content store, at this slug in every language. */
const faqSlug = "faq";

export const auditedScreens: Audited[] = [
  { name: "home", screen: "home" },
  { name: "order", screen: "order" },
  { name: "rooms", screen: "orderAccommodation", params: async (shop, site) => reserveStay(shop, site) },
  { name: "reservation", screen: "orderReservation", params: async (shop, site) => reserveStay(shop, site) },
  {
    name: "status",
    screen: "orderStatus",
    params: async (shop, site) => ({ id: await placeOrder(shop, site, (await reserveStay(shop, site)).previewId) }),
  },
  { name: "voucher", screen: "voucher", on: (site) => site.variant.sellsVouchers },
  { name: "voucher-check", screen: "voucherStatus" },
  { name: "contact", screen: "contact" },
  { name: "how-it-works", screen: "howItWorks" },
  { name: "faq", screen: "contentPage", params: async () => ({ "*": faqSlug }) },
  { name: "inspiration", screen: "inspiration" },
];

/**
 * The path of an audited screen on a site, after making what it shows; checked to answer 200 first, as a redirect or
 * an error page would be measured as if it were the screen.
 */
export async function preparedPath(shop: ShopClient, site: Site, audited: Audited): Promise<string> {
  const path = pathOn(site, audited.screen, (await audited.params?.(shop, site)) ?? {});
  const answer = await shop.request(site, path);
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${path} on ${site.host} answered ${answer.status}, not 200`);
  return path;
}
