import type { Partner, RouteParams, ScreenId } from "./route-table";

/** What of a host decides which of the route table's screens it has (server/variants/site-variants.ts). */
export type HostPages = { sellsVouchers: boolean; partners: readonly Partner[] };

/**
 * Whether a host has a screen (with these parameters): the one rule its links, its sitemap and the screens' loaders
 * follow, so a host never shows, links or lists what it does not take. The voucher is sold where the variant sells
 * vouchers; a benefit partner's page, and the page on the ended 2024 Edenred promotion, are where the variant takes
 * that partner (the Pluxee white label takes Pluxee alone). Every other screen is on every host.
 */
export function hostHasPage(host: HostPages, screen: ScreenId, params: RouteParams = {}): boolean {
  if (screen === "voucher") return host.sellsVouchers;
  if (screen === "partner") return host.partners.some((partner) => partner === params.partner);
  if (screen === "edenred2024") return host.partners.includes("edenred");
  return true;
}
