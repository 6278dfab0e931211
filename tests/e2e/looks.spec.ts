import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { e2eVouchers } from "../playwright.config";
import { field, openRooms, orderStep, submitStay, type Language } from "./order-flow";
import {
  chooseFirstRoom,
  decideAtGateway,
  orderByRequest,
  reservationPath,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { availableStay, bookingLink } from "./stays";
import { brokenWords, expectJavaScriptState, onHost } from "./support";

/**
 * How the shop looks and speaks on a phone, with JavaScript on and off: nothing scrolls sideways on the order screens
 * whatever the customer typed or the hotel is called, buttons speak in the page's font, and the words are the
 * customer's language.
 */

/** 44 characters and, to the browser, one word: nothing in it allows a line break. Each test's own, as ownEmail. */
function longEmail(language: Language, testInfo: TestInfo): string {
  return `janamarie.novakovadlouh.${language}${testInfo.project.name === "js" ? "js" : "nj"}@firmaexample.cz`;
}
/** The simulator names a hotel after its link, so this hotel has a 38-letter word in its name. */
const longHotel = "hotel-schlosshotelwellnessresortpanoramablick-prague";

/**
 * A customer of this test alone: an unpaid order for the same e-mail, hotel, dates and rooms as another test's would
 * replace that one as a duplicate.
 */
function ownEmail(testInfo: TestInfo, what: string): string {
  return `${what}.${testInfo.project.name}@example.cz`;
}

/** The common phone width, then the narrowest still in use. */
const phoneWidths = [360, 320];

test.use({ viewport: { width: 360, height: 780 } });

async function expectNoSidewaysScroll(page: Page, screen: string) {
  for (const width of phoneWidths) {
    await page.setViewportSize({ width, height: 780 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${screen} at ${width} px is no wider than the screen`).toBeLessThanOrEqual(clientWidth);
  }
}

for (const language of ["cs", "pl"] as const satisfies readonly Language[]) {
  test(`no order screen scrolls sideways on a phone, whatever is typed (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    // Step 1, with a link too long for any line, sent and answered with its error.
    await page.goto(orderStep[language]);
    await expectJavaScriptState(page, testInfo);
    await field(page, "url").fill(`https://www.example.com/${"x".repeat(120)}`);
    await expectNoSidewaysScroll(page, "step 1");
    await submitStay(page);
    await expect(field(page, "url")).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page, "step 1 with its error");

    // The rooms of a hotel with a long word in its name.
    const stay = await availableStay(longHotel);
    await openRooms(page, language, bookingLink(longHotel, { ...stay, adults: 2, rooms: 1 }));
    await expect(page.locator("#hotel-name")).toContainText("Schlosshotelwellnessresortpanoramablick");
    await expectNoSidewaysScroll(page, "the rooms");

    // The reservation, priced with a long e-mail typed.
    await chooseFirstRoom(page, language);
    await expect(page).toHaveURL(reservationPath[language]);
    const email = longEmail(language, testInfo);
    expect(email).toHaveLength(44);
    await field(page, "email").fill(email);
    await submitIntent(page, "update");
    await expect(field(page, "email")).toHaveValue(email);
    await expectNoSidewaysScroll(page, "the reservation");

    // The status page of an order with both.
    await page.goto(await orderByRequest(request, { language, hotel: longHotel, fields: { email } }));
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSidewaysScroll(page, "the status page");
    // The account to pay to is copied from here: no part of it is broken across lines, even at 320 px.
    expect(await brokenWords(page.getByTestId("transfer-account"))).toEqual([]);
  });
}

test("the voucher purchase does not scroll sideways on a phone, a gift with a long e-mail and a refused amount typed", async ({
  page,
}, testInfo) => {
  await page.goto(onHost("localhost", "/voucher"));
  await expectJavaScriptState(page, testInfo);
  await expectNoSidewaysScroll(page, "the voucher purchase");
  await field(page, "asGift").check();
  await field(page, "recipientEmail").fill(longEmail("cs", testInfo));
  await page.locator("#field-value-custom").check();
  await field(page, "customValue").fill("25000000000000000000");
  await submitIntent(page, "update");
  await expect(field(page, "customValue")).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page, "the voucher purchase with its error");
});

/** The font a control is drawn in, as the browser computed it. */
function fontOf(control: Locator) {
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.fontFamily} ${style.fontSize}`;
  });
}

test("buttons speak in the page's font, not the browser's own", async ({ page }, testInfo) => {
  // A card payment left unpaid at the gateway: the status page offers to pay it again. The order is placed in the
  // page's own browser, which so keeps its owner key and is offered the cancellation.
  const fields = { lastPayment: "payment_card", email: ownEmail(testInfo, "fonts") };
  await page.goto(await orderByRequest(page.request, { fields }));
  await decideAtGateway(page, /ČSOB/, "decline");
  await expectJavaScriptState(page, testInfo);
  const pageFont = await fontOf(page.locator("body"));
  const payAgain = page.getByRole("button", { name: /^Zaplatit znovu: / });
  await expect(payAgain).toBeVisible();
  expect(await fontOf(payAgain)).toBe(pageFont);

  await page.locator(".order-cancel").getByRole("link", { name: "Zrušit objednávku…" }).click();
  const confirm = page.getByRole("button", { name: "Ano, zrušit objednávku" });
  await expect(confirm).toBeVisible();
  expect(await fontOf(confirm)).toBe(pageFont);
  await expect(page).toHaveURL(statusPath);
});

test("a payment whose outcome is not known yet reads as news, not as an error", async ({ page, request }, testInfo) => {
  const status = await orderByRequest(request, { fields: { email: ownEmail(testInfo, "outcome") } });
  await page.goto(`${status}?outcome=unknown`);
  const notice = page.locator(".payment-outcome");
  await expect(notice).toHaveText("Výsledek platby zatím neznáme. Jakmile nám ho brána sdělí, uvidíte ho na této stránce.");
  await expect(notice).toHaveAttribute("role", "status");
  await expect(notice).toHaveClass(/payment-outcome--info/);

  await page.goto(`${status}?outcome=failed`);
  await expect(page.locator(".payment-outcome")).toHaveAttribute("role", "alert");
});

test("the 404 page has a title in the page's language", async ({ page }) => {
  await page.goto(onHost("localhost", "/no-such-page"));
  await expect(page).toHaveTitle("Stránka nenalezena | Dovolená za benefity");
  await page.goto(onHost("pl.localhost", "/no-such-page"));
  await expect(page).toHaveTitle("Nie znaleziono strony | Urlop za benefity");
});

test("an English page of the Czech host offers the host's own languages alone, under its brand", async ({
  page,
}, testInfo) => {
  await page.goto("/en/order");
  await expectJavaScriptState(page, testInfo);
  await expect(page).toHaveTitle("Accommodation reservation | Dovolená za benefity");
  // On a phone the language menu is in the site menu.
  await page.locator(".menu-toggle").click();
  const select = page.getByLabel("Language");
  await expect(select.locator("option")).toHaveText(["Čeština", "English"]);
  await select.selectOption("cs");
  await page.getByRole("button", { name: "Change language" }).click();
  await page.waitForURL((url) => url.pathname === "/objednavka");
  await expect(page.locator("html")).toHaveAttribute("lang", "cs");
});

for (const [language, label] of [
  ["cs", "Číslo rezervace v hotelu"],
  ["pl", "Numer rezerwacji w hotelu"],
] as const) {
  test(`once the stay is booked, the status page gives the hotel's booking reference (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    // Paid in full by the big voucher, so the booking job books it at once.
    const voucherCodes = language === "pl" ? e2eVouchers.PLN : e2eVouchers.CZK;
    const email = ownEmail(testInfo, `booked-${language}`);
    await page.goto(await orderByRequest(request, { language, fields: { voucherCodes, email } }));
    const reference = page.getByTestId("booking-reference");
    await expect(async () => {
      await page.reload();
      await expect(reference).toHaveText(/^SIM-\d{20}$/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator(".order-progress dt", { hasText: label })).toBeVisible();
  });
}

/** The simulator's hotel with both of its charges, a city tax and a service charge, named in English. */
const chargingHotel = "hotel-city-tax-prague";

for (const [language, cityTax, serviceCharge] of [
  ["cs", "Poplatek z pobytu", "Servisní poplatek"],
  ["pl", "Opłata miejscowa", "Opłata serwisowa"],
] as const) {
  test(`the hotel's charges are named in the customer's language (${language})`, async ({ page }) => {
    const stay = await availableStay(chargingHotel);
    await openRooms(page, language, bookingLink(chargingHotel, { ...stay, adults: 2, rooms: 1 }));
    const conditions = page.locator(".product__conditions");
    await expect(conditions.filter({ hasText: cityTax }).first()).toBeVisible();
    await expect(conditions.filter({ hasText: serviceCharge }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("City tax");
    await expect(page.locator("main")).not.toContainText("Service charge");

    await chooseFirstRoom(page, language);
    await expect(page.locator(".price-breakdown")).toContainText(cityTax);
    await expect(page.locator(".chosen-rooms")).toContainText(cityTax);
    await expect(page.locator("main")).not.toContainText("City tax");
  });
}
