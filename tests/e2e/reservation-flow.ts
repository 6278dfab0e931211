import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { field, openRooms, orderStep, type Language } from "./order-flow";
import { availableStay, bookingLink, defaultParty } from "./stays";
import { czechCustomer, polishCustomer, type Customer } from "../fixtures/customers";

export { czechCustomer, polishCustomer, type Customer };

/** The reservation screen in each language, its id being the order preview's. */
export const reservationPath = {
  cs: /\/objednavka\/rezervace\/[0-9a-f-]{36}$/,
  pl: /\/zamowienie\/rezerwacja\/[0-9a-f-]{36}$/,
  en: /\/en\/order\/reservation\/[0-9a-f-]{36}$/,
} as const;

/** The status page, with or without what to tell the visitor after a payment gateway (`?outcome=...`). */
export const statusPath = /\/status\/[0-9a-f-]{36}(\?.*)?$/;

/** The sandbox gateway's page, where the visitor decides how the payment ends; then back at the status page. */
export async function decideAtGateway(page: Page, gateway: RegExp, decision: "approve" | "decline" | "cancel") {
  await page.waitForURL(/\/sandbox-gateway\//);
  await expect(page.locator("header")).toContainText(gateway);
  await page.locator(`button[name=decision][value=${decision}]`).click();
  await page.waitForURL(statusPath);
}

/** The first room the rooms screen lets the customer choose, once. */
export async function chooseFirstRoom(page: Page, language: Language, freelyCancellable = false) {
  const choosable = page
    .locator(".product")
    .filter({ has: page.locator("select") })
    // The first condition of a product is its cancellation: good when it is free to cancel.
    .filter(freelyCancellable ? { has: page.locator(".product__conditions > li:first-child.condition--good") } : {})
    .first();
  await choosable.locator("select").selectOption("1");
  await page.locator(".room-choice button[type=submit]").click();
  await page.waitForURL(reservationPath[language]);
}

/** From a hotel link to the reservation screen of one room, for two adults unless `adults` says otherwise. */
export async function openReservation(
  page: Page,
  language: Language,
  hotel = "hotel-paris-prague",
  options: { freelyCancellable?: boolean; adults?: number } = {}
) {
  const adults = options.adults ?? defaultParty.adults;
  const stay = await availableStay(hotel, { ...defaultParty, adults });
  await openRooms(page, language, bookingLink(hotel, { ...stay, adults, rooms: 1 }));
  await chooseFirstRoom(page, language, options.freelyCancellable);
  await expect(page.locator(".chosen-room")).toHaveCount(1);
}

let ownEmails = 0;

/**
 * The e-mail with a tag of its own ("jana+w1-3@example.cz"). Orders of the same stay by one e-mail are the
 * customer's to reconcile (decision 013): tests ordering the same stay side by side must not look like one customer.
 */
export function ownEmail(email: string): string {
  ownEmails += 1;
  const [local, domain] = email.split("@");
  return `${local}+${process.pid}-${ownEmails}@${domain}`;
}

/**
 * Types the customer's details, the e-mail with a tag of its own (ownEmail) unless `sameEmail` (a test of orders by
 * one customer); answers the details as typed.
 */
export async function fillCustomer(page: Page, customer: Customer, { sameEmail = false } = {}): Promise<Customer> {
  const typed = sameEmail ? customer : { ...customer, email: ownEmail(customer.email) };
  for (const [name, value] of Object.entries(typed)) await field(page, name).fill(value);
  return typed;
}

export async function acceptTerms(page: Page) {
  await field(page, "agreeCp").check();
  await field(page, "agreeTac").check();
}

/**
 * The customer's details typed (fillCustomer), the terms accepted and the whole price paid by transfer: the order is
 * placed, and its status page shown.
 */
export async function placeTransferOrder(page: Page, customer: Customer) {
  await fillCustomer(page, customer);
  // Ticked before the price is updated: a re-price echoes the form as it was sent.
  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await submitIntent(page, "update");
  await submitIntent(page, "order");
  await page.waitForURL(statusPath);
}

/** The price's total as the breakdown shows it. */
export function shownTotal(page: Page) {
  return page.getByTestId("price-total");
}

/**
 * Clicks a button of the reservation form by its intent (the hidden default button aside). "Update price" is waited
 * for until its post is answered and, with JavaScript, the page has taken the answer: the buttons are disabled while a
 * post is under way, so a click that followed at once could land on a button just disabled and be lost.
 */
export async function submitIntent(page: Page, intent: "update" | "order") {
  const button = page.locator(`.reservation__actions button[value=${intent}]`);
  if (intent === "order") return button.click();
  // Requests sent after this point only: a background re-price sent before the click is not this post.
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await button.click();
  await (await posted).response();
  await expect(button).toBeEnabled();
}

/**
 * A request to an address on a variant host. Node does not resolve pl.localhost as Chromium does: the request goes
 * to the loopback with the host named.
 */
function onVariantHost(address: string) {
  const url = new URL(address);
  return { url: `${baseURL}${url.pathname}${url.search}`, headers: { host: url.host } };
}

/** The reservation screen of one room, made the way a script-less browser makes it, on the language's host. */
export async function reservationByRequest(
  request: APIRequestContext,
  hotel = "hotel-paris-prague",
  language: Language = "cs"
): Promise<string> {
  const stay = await availableStay(hotel);
  const step = onVariantHost(orderStep[language]);
  const search = await request.post(step.url, {
    headers: step.headers,
    form: { url: bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }) },
    maxRedirects: 0,
  });
  expect(search.status()).toBe(303);
  const rooms = onVariantHost(new URL(search.headers()["location"], orderStep[language]).href);
  const roomsPage = await request.get(rooms.url, { headers: rooms.headers });
  const productId = /name="quantity\.(\d+(?:_\d+)+)"/.exec(await roomsPage.text())?.[1];
  const choice = await request.post(rooms.url, {
    headers: rooms.headers,
    form: { [`quantity.${productId}`]: "1" },
    maxRedirects: 0,
  });
  expect(choice.status()).toBe(303);
  return new URL(choice.headers()["location"], orderStep[language]).href;
}

/**
 * The form a script-less browser posts to place the order, paid by transfer unless `fields` say otherwise: first
 * priced with that split ("Update price"), so that the total it was shown is the one the order is placed at.
 */
export async function orderForm(
  request: APIRequestContext,
  reservation: string,
  fields: Record<string, string> = {}
): Promise<Record<string, string>> {
  const form = {
    lastPayment: "transfer",
    country: "Česká republika",
    agreeCp: "on",
    agreeTac: "on",
    ...czechCustomer,
    email: ownEmail(czechCustomer.email),
    ...fields,
  };
  const { url, headers } = onVariantHost(reservation);
  const updated = await request.post(url, { headers, form: { ...form, intent: "update" } });
  expect(updated.status()).toBe(200);
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(await updated.text())?.[1] ?? "";
  return { ...form, intent: "order", seenTotal };
}

/**
 * An order placed without a browser, for pages that need one: the address it leads to, its status page (or the
 * gateway's page, when `fields` choose a method paid there). A Polish order is placed by a Polish customer.
 */
export async function orderByRequest(
  request: APIRequestContext,
  options: { language?: "cs" | "pl"; hotel?: string; fields?: Record<string, string> } = {}
): Promise<string> {
  const { language = "cs", hotel, fields = {} } = options;
  const reservation = await reservationByRequest(request, hotel, language);
  // The Polish customer with an e-mail of this order's own too: orders of one stay by one e-mail are duplicates.
  const buyer = language === "pl" ? { ...polishCustomer, email: ownEmail(polishCustomer.email), country: "Polska" } : {};
  const form = await orderForm(request, reservation, { ...buyer, ...fields });
  const { url, headers } = onVariantHost(reservation);
  const placed = await request.post(url, { headers, form, maxRedirects: 0 });
  expect(placed.status()).toBe(303);
  return new URL(placed.headers()["location"], reservation).href;
}
