import type { Config } from "../config";
import { siteVariants, type SiteVariant, type SiteVariantKey } from "./site-variants";

/** Which host is which variant's, and which addresses are the shop's own. */

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
