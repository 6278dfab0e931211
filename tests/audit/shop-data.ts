import { localizedPath, matchScreen, type Language, type RouteParams, type ScreenId } from "../../shared/route-table";
import { siteVariants, type SiteVariant } from "../../server/variants/site-variants";
import { availableStay, bookingLink } from "../e2e/stays";
import { czechCustomer, polishCustomer, type Customer } from "../fixtures/customers";
import { requestWithHost } from "../fixtures/host-request";

/**
 * The shop as a visitor in each audited language reaches it, and the stays, reservations and orders the audited
 * screens show, made the way a script-less browser makes them: plain form posts on the language's host.
 */

export type Site = { language: Language; host: string; variant: SiteVariant };

/** The hosts that pick a variant when no DOMAIN_* is set (server/variants/shop-hosts.ts); English is the Czech shop's. */
export const sites: Record<Language, Site> = {
  cs: { language: "cs", host: "localhost", variant: siteVariants.DZB_CZ },
  pl: { language: "pl", host: "pl.localhost", variant: siteVariants.DZB_PL },
  en: { language: "en", host: "localhost", variant: siteVariants.DZB_CZ },
};

export function pathOn(site: Site, screen: ScreenId, params: RouteParams = {}): string {
  return localizedPath(screen, site.language, site.variant.defaultLocale, params);
}

/** The shop answering on the loopback at `port`, asked as `site`'s host. */
export class ShopClient {
  constructor(readonly port: number) {}

  /** The address a browser opens: Chromium resolves *.localhost to the loopback itself. */
  url(site: Site, path: string): string {
    return `http://${site.host}:${this.port}${path}`;
  }

  request(site: Site, path: string, form?: Record<string, string>): Promise<Response> {
    return requestWithHost(`http://127.0.0.1:${this.port}${path}`, `${site.host}:${this.port}`, {
      method: form ? "POST" : "GET",
      ...(form && {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      }),
    });
  }

  /** Posts a form the shop answers with a redirect, and the parameters of the screen it leads to. */
  async postAndFollow(site: Site, path: string, form: Record<string, string>, expected: ScreenId): Promise<RouteParams> {
    const answer = await this.request(site, path, form);
    const location = answer.headers.get("location");
    const match = location === null ? null : matchScreen(new URL(location, "http://shop.invalid").pathname);
    if (answer.status !== 303 || match?.screen !== expected) {
      throw new Error(`posting to ${path} on ${site.host} led to ${answer.status} ${location ?? ""}, not to ${expected}`);
    }
    return match.params;
  }
}

const hotel = "hotel-paris-prague";

/** A stay offered and one room of it reserved: the ids of the rooms and reservation screens. */
export async function reserveStay(shop: ShopClient, site: Site): Promise<{ availabilityId: string; previewId: string }> {
  const stay = await availableStay(hotel);
  const { availabilityId = "" } = await shop.postAndFollow(
    site,
    pathOn(site, "order"),
    { url: bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }) },
    "orderAccommodation",
  );
  const rooms = pathOn(site, "orderAccommodation", { availabilityId });
  const productId = /name="quantity\.(\d+(?:_\d+)+)"/.exec(await (await shop.request(site, rooms)).text())?.[1];
  if (!productId) throw new Error(`the rooms screen ${rooms} on ${site.host} offers no room to choose`);
  const { previewId = "" } = await shop.postAndFollow(site, rooms, { [`quantity.${productId}`]: "1" }, "orderReservation");
  return { availabilityId, previewId };
}

/** The market's customer, whatever the language: the country is free text, read in any language. */
const buyers: Record<SiteVariant["currency"], Customer & { country: string }> = {
  CZK: { ...czechCustomer, country: "Česká republika" },
  PLN: { ...polishCustomer, country: "Polska" },
};

/**
 * An order placed from a reservation, paid by bank transfer: the id of its status screen. Priced first, as the form
 * asks, so that the total it is placed at is the one shown.
 */
export async function placeOrder(shop: ShopClient, site: Site, previewId: string): Promise<string> {
  const buyer = buyers[site.variant.currency];
  // The e-mail tagged with the language: one customer ordering the same stay again would be asked about the first order.
  const email = buyer.email.replace("@", `+audit-${site.language}@`);
  const reservation = pathOn(site, "orderReservation", { previewId });
  const form = { ...buyer, email, lastPayment: "transfer", agreeCp: "on", agreeTac: "on" };
  const priced = await shop.request(site, reservation, { ...form, intent: "update" });
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(await priced.text())?.[1];
  if (priced.status !== 200 || !seenTotal) throw new Error(`pricing ${reservation} answered ${priced.status}, no total`);
  const { id = "" } = await shop.postAndFollow(site, reservation, { ...form, intent: "order", seenTotal }, "orderStatus");
  return id;
}
