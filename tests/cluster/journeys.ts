import { localizedPath, type Locale, type ScreenId } from "../../shared/route-table";
import { czechCustomer } from "../e2e/reservation-flow";
import { availableStay, bookingLink } from "../e2e/stays";
import { Visitor, type Answer } from "./visitor";

/**
 * What the cluster test's customers do, as a browser without JavaScript does it: the whole order, from the hotel's
 * link to the status page after paying by card at the sandbox gateway, and reading pages.
 */

export interface PlacedOrder {
  /** The order's id, from the status page's address the customer ended on. */
  readonly orderId: string;
  readonly email: string;
}

/** Posted on the Czech host, Czech being its default locale. */
const czech = (screen: ScreenId) => localizedPath(screen, "cs", "cs");

function expectStatus(answer: Answer, status: number, step: string): Answer {
  if (answer.status !== status) {
    // What the page told the customer: its alerts and fields' errors, else the start of the page.
    const told = [...answer.body.matchAll(/(?:role="alert"|class="field__error[^"]*")[^>]*>(.*?)<\/(?:div|p|span|li)>/gs)]
      .map((match) => match[1]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim())
      .filter(Boolean);
    throw new Error(`${step}: expected ${status}, got ${answer.status}: ${told.join(" | ") || answer.body.slice(0, 300)}`);
  }
  return answer;
}

function redirectPath(answer: Answer, step: string): string {
  expectStatus(answer, 303, step);
  return Visitor.pathOf(answer.location ?? "");
}

/** Link → rooms → reservation → priced → ordered → paid by card at the sandbox → the status page. */
export async function orderAStay(visitor: Visitor, hotel: string, email: string): Promise<PlacedOrder> {
  const stay = await availableStay(hotel);
  expectStatus(await visitor.get(czech("order")), 200, "step 1");
  const link = bookingLink(hotel, { ...stay, adults: 2, rooms: 1 });
  const rooms = redirectPath(await visitor.post(czech("order"), { url: link }), "the link");
  const roomsPage = expectStatus(await visitor.get(rooms), 200, "the rooms");
  const productId = /name="quantity\.(\d+(?:_\d+)+)"/.exec(roomsPage.body)?.[1];
  if (!productId) throw new Error("the rooms page offers no room");
  const reservation = redirectPath(await visitor.post(rooms, { [`quantity.${productId}`]: "1" }), "the room");
  expectStatus(await visitor.get(reservation), 200, "the reservation");

  const form = {
    ...czechCustomer,
    email,
    country: "Česká republika",
    lastPayment: "payment_card",
    agreeCp: "on",
    agreeTac: "on",
  };
  const priced = expectStatus(await visitor.post(reservation, { ...form, intent: "update" }), 200, "the price");
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(priced.body)?.[1] ?? "";
  const gateway = redirectPath(await visitor.post(reservation, { ...form, intent: "order", seenTotal }), "the order");

  const gatewayPage = expectStatus(await visitor.get(gateway), 200, "the gateway's page");
  const decide = /<form method="post" action="([^"]+)"/.exec(gatewayPage.body)?.[1]?.replaceAll("&amp;", "&");
  if (!decide) throw new Error("the gateway's page has no form");
  let next = redirectPath(await visitor.post(decide, { decision: "approve" }), "the payment");
  // The gateway's return settles the payment, then sends the customer on to the status page.
  for (let hops = 0; hops < 3; hops += 1) {
    const answer = await visitor.get(next);
    if (answer.status === 200) {
      const orderId = /\/status\/([0-9a-f-]{36})/.exec(next)?.[1];
      if (!orderId) throw new Error(`the payment ended on ${next}, not on a status page`);
      return { orderId, email };
    }
    next = redirectPath(answer, "the way back from the gateway");
  }
  throw new Error("the way back from the gateway did not end");
}

/** The pages a visitor reads, on each variant's host in its languages. */
const pageViews: readonly { host: string; locale: Locale; defaultLocale: Locale; screens: readonly ScreenId[] }[] = [
  { host: "localhost", locale: "cs", defaultLocale: "cs", screens: ["home", "order", "contact", "howItWorks", "voucher"] },
  { host: "pl.localhost", locale: "pl", defaultLocale: "pl", screens: ["home", "order", "contact", "howItWorks"] },
  { host: "pl.localhost", locale: "en", defaultLocale: "pl", screens: ["home", "order", "contact"] },
];

/** Every page of the list once, each answered 200. */
export async function readPages(visitors: (host: string) => Visitor): Promise<void> {
  for (const { host, locale, defaultLocale, screens } of pageViews) {
    const visitor = visitors(host);
    for (const screen of screens) {
      expectStatus(await visitor.get(localizedPath(screen, locale, defaultLocale)), 200, `${host} ${screen}`);
    }
  }
}
