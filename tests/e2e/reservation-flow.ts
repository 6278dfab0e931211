import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { field, openRooms, type Language } from "./order-flow";
import { availableStay, bookingLink } from "./stays";

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

/** From a hotel link to the reservation screen of one room. */
export async function openReservation(
  page: Page,
  language: Language,
  hotel = "hotel-paris-prague",
  options: { freelyCancellable?: boolean } = {}
) {
  const stay = await availableStay(hotel);
  await openRooms(page, language, bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  await chooseFirstRoom(page, language, options.freelyCancellable);
  await expect(page.locator(".chosen-room")).toHaveCount(1);
}

export type Customer = Record<
  "firstName" | "lastName" | "email" | "mobile" | "street" | "streetNumber" | "postalCode" | "city",
  string
>;

export const czechCustomer: Customer = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana.novakova@example.cz",
  mobile: "+420 603 123 456",
  street: "Dlouhá",
  streetNumber: "12",
  postalCode: "110 00",
  city: "Praha",
};

export const polishCustomer: Customer = {
  firstName: "Anna",
  lastName: "Kowalska",
  email: "anna.kowalska@example.pl",
  mobile: "+48 601 234 567",
  street: "Długa",
  streetNumber: "5",
  postalCode: "00-238",
  city: "Warszawa",
};

export async function fillCustomer(page: Page, customer: Customer) {
  for (const [name, value] of Object.entries(customer)) await field(page, name).fill(value);
}

export async function acceptTerms(page: Page) {
  await field(page, "agreeCp").check();
  await field(page, "agreeTac").check();
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

/** The reservation screen's path for one room, made the way a script-less browser makes it. */
export async function reservationByRequest(request: APIRequestContext, hotel = "hotel-paris-prague"): Promise<string> {
  const stay = await availableStay(hotel);
  const search = await request.post("/objednavka", {
    form: { url: bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }) },
    maxRedirects: 0,
  });
  expect(search.status()).toBe(303);
  const rooms = search.headers()["location"];
  const productId = /name="quantity\.(\d+(?:_\d+)+)"/.exec(await (await request.get(rooms)).text())?.[1];
  const choice = await request.post(rooms, { form: { [`quantity.${productId}`]: "1" }, maxRedirects: 0 });
  expect(choice.status()).toBe(303);
  return choice.headers()["location"];
}

/**
 * The form a script-less browser posts to place the order, paid by transfer: first priced with that split ("Update
 * price"), so that the total it was shown is the one the order is placed at.
 */
export async function orderForm(request: APIRequestContext, reservation: string): Promise<Record<string, string>> {
  const form = {
    lastPayment: "transfer",
    country: "Česká republika",
    agreeCp: "on",
    agreeTac: "on",
    ...czechCustomer,
  };
  const updated = await request.post(reservation, { form: { ...form, intent: "update" } });
  expect(updated.status()).toBe(200);
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(await updated.text())?.[1] ?? "";
  return { ...form, intent: "order", seenTotal };
}

/** An order placed without a browser, for pages that need one: its status page's path. */
export async function orderByRequest(request: APIRequestContext): Promise<string> {
  const reservation = await reservationByRequest(request);
  const placed = await request.post(reservation, { form: await orderForm(request, reservation), maxRedirects: 0 });
  expect(placed.status()).toBe(303);
  return placed.headers()["location"];
}
