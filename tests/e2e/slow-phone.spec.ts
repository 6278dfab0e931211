import { expect, test, type Page } from "@playwright/test";
import { field, orderStep, roomsPath, submitStay } from "./order-flow";
import {
  acceptTerms,
  chooseFirstRoom,
  czechCustomer,
  fillCustomer,
  openReservation,
  reservationPath,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { mailsMentioning } from "./deadlines";
import { availableStay, bookingLink, defaultParty } from "./stays";

/**
 * A customer on a slow phone with a flaky connection (issue 31), with JavaScript: what they type before the page's
 * scripts run is kept, a double tap on the order button orders once, and a connection that drops right after the
 * order is sent leaves them the order's page (once back online) and never a blank one.
 */

test.use({ viewport: { width: 360, height: 800 } });

const numberOn = async (page: Page) =>
  /\d+/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";

/** The order confirmations the shop has mailed to `email`. */
async function confirmationsTo(email: string): Promise<number> {
  return (await mailsMentioning(email)).filter((mail) => mail.includes("order_confirmation")).length;
}

/**
 * Holds the page's scripts back until the answer is called: what a test types meanwhile is typed before hydration,
 * however fast the machine, instead of racing the scripts. Released, the hold lets every script through.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/build\/.*\.js(\?.*)?$/;
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

async function expectNotHydrated(page: Page) {
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
}

/** Hydrated, however long the slow phone takes to run the scripts. */
async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

test("on a slow phone what is typed before the scripts run is kept, and a double tap orders once", async ({ page }) => {
  // Every page loaded at a slow phone's pace: more than the usual time.
  test.slow();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

  const stay = await availableStay("hotel-paris-prague", defaultParty);
  const link = bookingLink("hotel-paris-prague", { ...stay, adults: defaultParty.adults, rooms: 1 });
  let releaseScripts = await holdScripts(page);
  await page.goto(orderStep.cs, { waitUntil: "commit" });
  await field(page, "url").fill(link);
  await field(page, "adults").fill(String(defaultParty.adults));
  await expectNotHydrated(page);
  releaseScripts();
  await hydrated(page);
  await expect(field(page, "url")).toHaveValue(link);
  await expect(field(page, "adults")).toHaveValue(String(defaultParty.adults));
  await submitStay(page);
  await page.waitForURL(roomsPath.cs);
  await chooseFirstRoom(page, "cs");

  // The reservation screen loaded whole, as a phone that reopens it does: the customer types while it hydrates.
  const reservation = page.url();
  expect(reservation).toMatch(reservationPath.cs);
  releaseScripts = await holdScripts(page);
  await page.goto(reservation, { waitUntil: "commit" });
  const customer = await fillCustomer(page, czechCustomer);
  await expectNotHydrated(page);
  releaseScripts();
  await hydrated(page);
  for (const [name, value] of Object.entries(customer)) await expect(field(page, name)).toHaveValue(value);

  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await submitIntent(page, "update");
  await page.locator(".reservation__actions button[value=order]").dblclick();
  await page.waitForURL(statusPath);
  await page.locator("#confirmation-title").waitFor();
  await expect.poll(() => confirmationsTo(customer.email)).toBe(1);
});

test("a connection that drops right after the order is sent shows what is known, then the one order once back online", async ({
  page,
  context,
}) => {
  await openReservation(page, "cs");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const customer = await fillCustomer(page, czechCustomer);
  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await submitIntent(page, "update");

  // The order's post reaches the shop; the connection drops as the browser asks for the status page's data.
  const statusData = /\/status\/[0-9a-f-]{36}\?(.*&)?_data=/;
  await page.route(statusData, async (route) => {
    await context.setOffline(true);
    await route.abort("internetdisconnected");
  });
  await submitIntent(page, "order");

  const notice = page.getByTestId("offline-notice");
  await expect(notice).toContainText("Nejste připojeni k internetu");
  await expect(notice).toContainText("Vaše objednávka dorazila a je uložená.");
  await expect(page).toHaveURL(statusPath);
  const statusPage = page.url();
  await expect(page.locator("header")).toBeVisible();
  await expect(page.getByTestId("retry")).toHaveAttribute("href", new URL(statusPage).pathname);

  // Back online, the status page loads by itself: the order that was made, and no other.
  await page.unroute(statusData);
  await context.setOffline(false);
  await expect(page.locator("#confirmation-title")).toBeVisible();
  expect(page.url()).toBe(statusPage);
  const number = await numberOn(page);
  expect(number).not.toBe("");
  await expect.poll(() => confirmationsTo(customer.email)).toBe(1);
  expect((await mailsMentioning(customer.email)).every((mail) => mail.includes(number))).toBe(true);
});
