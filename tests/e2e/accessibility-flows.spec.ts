import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectVisibleFocus,
  focusFromKeyboard,
  undersizedTargets,
} from "./accessibility-checks";
import { field, openRooms, orderStep, pasteLink, roomsPath, type Language } from "./order-flow";
import {
  chooseFirstRoom,
  czechCustomer,
  type Customer,
  decideAtGateway,
  orderByRequest,
  ownEmail,
  polishCustomer,
  reservationPath,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { availableStay, bookingLink, refusedCheckSearch } from "./stays";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * Issue 32: the order flow, the voucher purchase and check, the 404 and the error states are accessible in every
 * language and on the white label, with JavaScript and without — checked by axe, and by what axe cannot check: the
 * focus ring on each kind of control in each state, the size of every target, where the cursor goes after a
 * navigation in the page, and an order and a voucher bought with the keyboard alone.
 */

test.use({ viewport: { width: 360, height: 800 } });

/**
 * The reservation screen of one room, sent once without any details: every field's error is shown. Answers the rooms
 * screen's address.
 */
async function refusedReservation(page: Page, language: Language): Promise<string> {
  const stay = await availableStay("hotel-paris-prague");
  await openRooms(page, language, bookingLink("hotel-paris-prague", { ...stay, adults: 2, rooms: 1 }));
  const rooms = page.url();
  await chooseFirstRoom(page, language);
  await page.locator(".reservation__actions button[value=order]").click();
  await expect(field(page, "agreeTac")).toHaveAttribute("aria-invalid", "true");
  return rooms;
}

for (const language of ["cs", "pl", "en"] as const) {
  test(`axe finds nothing on the order flow and its error states (${language})`, async ({ page }, testInfo) => {
    await page.goto(orderStep[language]);
    await expectJavaScriptState(page, testInfo);
    await expectNoAxeViolations(page, testInfo);
    // A link of no hotel: the step's error state.
    await pasteLink(page, language, "https://example.com/no-hotel");
    await expect(field(page, "url")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, testInfo);

    const rooms = await refusedReservation(page, language);
    await expectNoAxeViolations(page, testInfo);
    await page.goto(rooms);
    await expectNoAxeViolations(page, testInfo);

    const status = await orderByRequest(page.request, { language: language === "cs" ? "cs" : "pl" });
    await page.goto(language === "en" ? status.replace("/status/", "/en/status/") : status);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, testInfo);

    const missing = await page.goto(onHost(language === "cs" ? "localhost" : "pl.localhost", "/no-such-page"));
    expect(missing?.status()).toBe(404);
    await expectNoAxeViolations(page, testInfo);
  });
}

// Each of these runs axe several times; without JavaScript each run opens the page again in a new context, so they
// are kept apart to stay well inside the test's time on a loaded machine.
test("axe finds nothing on the white label's home and order step", async ({ page }, testInfo) => {
  await page.goto(onHost("pluxee.localhost", "/"));
  await expectJavaScriptState(page, testInfo);
  await expectNoAxeViolations(page, testInfo);
  await page.goto(onHost("pluxee.localhost", "/objednavka"));
  await expectNoAxeViolations(page, testInfo);
});

for (const host of ["localhost", "pluxee.localhost"] as const) {
  test(`axe finds nothing on the voucher purchase, refused too (${host})`, async ({ page }, testInfo) => {
    await page.goto(onHost(host, "/voucher"));
    await expectJavaScriptState(page, testInfo);
    await expectNoAxeViolations(page, testInfo);
    await submitIntent(page, "update");
    await page.locator(".reservation__actions button[value=order]").click();
    await expect(field(page, "agreeTac")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, testInfo);
  });
}

test("axe finds nothing on the voucher check, refused too", async ({ page }, testInfo) => {
  await page.goto(onHost("localhost", "/overeni-poukazu"));
  await expectJavaScriptState(page, testInfo);
  await expectNoAxeViolations(page, testInfo);
  await field(page, "code").fill("1234");
  await page.locator("form.voucher-check__form button[type=submit]").click();
  await expect(field(page, "code")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, testInfo);
});

test("axe finds nothing on a hotel's refusal, the sandbox gateway's page and a declined payment's status page", async ({
  page,
}, testInfo) => {
  await page.goto(`${onHost("localhost", "/objednavka/overeni")}?${refusedCheckSearch().search}`);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page, testInfo);

  await page.goto(await orderByRequest(page.request, { fields: { lastPayment: "payment_card" } }));
  await expect(page.locator("button[name=decision][value=decline]")).toBeVisible();
  await expectNoAxeViolations(page, testInfo);
  await decideAtGateway(page, /./, "decline");
  await expect(page.locator(".payment-outcome")).toBeVisible();
  await expectNoAxeViolations(page, testInfo);
});

test("every kind of control shows a focus ring of 3:1 or more, in every state", async ({ page }, testInfo) => {
  await refusedReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  const form = page.locator("form.reservation-form");
  const controls: [string, Locator][] = [
    ["an invalid checkbox", field(page, "agreeTac")],
    ["a checkbox", field(page, "carRentalInterest")],
    ["an invalid text field", field(page, "firstName")],
    ["a textarea", field(page, "noteForHotel")],
    ["a radio button", await radioGroupStop(page, "lastPayment")],
    // Beside the price, outside the form they send.
    ["a teal button", page.locator(".reservation__actions button[value=order]")],
    ["a white button", page.locator(".reservation__actions button[value=update]")],
    ["a link", form.locator("a.checkbox-field__document").first()],
    ["the language menu", page.locator("#language-select")],
    ["the info panel's summary", page.locator("[data-testid=info-panel] summary")],
  ];
  // The site menu shows its controls once opened.
  await page.locator(".menu-toggle").click();
  for (const [name, control] of controls) await expectVisibleFocus(control, name);

  // Looked at by whoever changes the ring: an invalid checkbox and a teal button, focused.
  for (const [name, control] of [controls[0], controls[5]]) {
    await focusedLook(control, testInfo.outputPath(`focus-${name.replace(/\W+/g, "-")}.png`));
  }
});

/** A screenshot of the control with its ring and some of what surrounds it. */
async function focusedLook(control: Locator, path: string) {
  await focusFromKeyboard(control);
  const box = (await control.boundingBox())!;
  const margin = 24;
  await control.page().screenshot({
    path,
    clip: {
      x: Math.max(0, box.x - margin),
      y: Math.max(0, box.y - margin),
      width: box.width + 2 * margin,
      height: box.height + 2 * margin,
    },
  });
}

for (const width of [360, 1280]) {
  test(`every target is 24 px or spaced as WCAG 2.5.8 asks (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const pages = [
      "/",
      "/jak-to-funguje",
      "/cookies",
      "/kontakt",
      "/objednavka",
      "/voucher",
      "/overeni-poukazu",
      onHost("pl.localhost", "/"),
    ];
    for (const path of pages) {
      await page.goto(path);
      await expectJavaScriptState(page, testInfo);
      expect(await undersizedTargets(page), path).toEqual([]);
    }
    await refusedReservation(page, "cs");
    expect(await undersizedTargets(page), "the reservation").toEqual([]);
    await page.goto(await orderByRequest(page.request));
    expect(await undersizedTargets(page), "the status page").toEqual([]);
  });
}

test("after each navigation in the page the cursor is on the new screen's heading", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "without JavaScript every screen is a page load, which starts at the top");
  const stay = await availableStay("hotel-paris-prague");
  await page.goto(orderStep.cs);
  await expectJavaScriptState(page, testInfo);
  await field(page, "url").fill(bookingLink("hotel-paris-prague", { ...stay, adults: 2, rooms: 1 }));
  await page.locator("form.stay-form button[type=submit]").click();
  await page.waitForURL(roomsPath.cs);
  const heading = page.locator("main h1");
  await expect(heading).toBeFocused();
  await chooseFirstRoom(page, "cs");
  await expect(heading).toBeFocused();
  // A refused post stays on its screen: its error summary, not the heading, takes the cursor.
  await page.locator(".reservation__actions button[value=order]").click();
  await expect(page.locator("#error-summary")).toBeFocused();
  await page.locator("header .site-header__logo").click();
  await expect(heading).toBeFocused();
});

test("once the cookie question is answered, the next Tab reaches the skip link", async ({ page }, testInfo) => {
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  const banner = page.locator(".consent-banner");
  await banner.getByRole("button", { name: "Jen nutné" }).focus();
  await page.keyboard.press("Enter");
  await expect(banner).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).toBeFocused();
});

/** Presses Tab until `target` has the cursor, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} never had the cursor after ${limit} presses of Tab`);
}

/** A radio group is one stop of Tab: on its checked button, or its first when none is checked. */
async function radioGroupStop(page: Page, name: string): Promise<Locator> {
  const checked = page.locator(`input[name=${name}]:checked`);
  return (await checked.count()) > 0 ? checked : page.locator(`input[name=${name}]`).first();
}

/** Tab to the radio group, then the arrow keys move through it, checking each button they reach, to `value`. */
async function chooseByArrows(page: Page, name: string, value: string) {
  await tabTo(page, await radioGroupStop(page, name));
  const wanted = page.locator(`input[name=${name}][value=${value}]`);
  for (let presses = 0; presses < 10 && !(await wanted.isChecked()); presses++) await page.keyboard.press("ArrowDown");
  await expect(wanted).toBeChecked();
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/**
 * An order form (a stay's or a voucher's) filled in and sent from the keyboard: the customer's details typed (with an
 * e-mail of this order's own), both consents ticked with Space, the last payment's method chosen with the arrow keys,
 * the price updated, then the order sent.
 */
async function sendByKeyboard(page: Page, customer: Customer, lastPayment: string) {
  const typed = { ...customer, email: ownEmail(customer.email) };
  for (const [name, value] of Object.entries(typed)) await typeInto(page, field(page, name), value);
  for (const consent of ["agreeCp", "agreeTac"]) {
    await tabTo(page, field(page, consent));
    await page.keyboard.press("Space");
  }
  await chooseByArrows(page, "lastPayment", lastPayment);
  const [update, order] = ["update", "order"].map((intent) =>
    page.locator(`.reservation__actions button[value=${intent}]`)
  );
  await tabTo(page, update);
  await page.keyboard.press("Enter");
  await expect(order).toBeEnabled();
  await tabTo(page, order);
  await page.keyboard.press("Enter");
}

test("an order is placed with the keyboard alone", async ({ page }, testInfo) => {
  const stay = await availableStay("hotel-paris-prague");
  await page.goto(orderStep.pl);
  await expectJavaScriptState(page, testInfo);
  await typeInto(page, field(page, "url"), bookingLink("hotel-paris-prague", { ...stay, adults: 2, rooms: 1 }));
  await page.keyboard.press("Enter");
  await page.waitForURL(roomsPath.pl);

  // The first room's quantity: ArrowDown on a closed select picks the next option, 1.
  await tabTo(page, page.locator(".product select").first());
  await page.keyboard.press("ArrowDown");
  await tabTo(page, page.locator(".room-choice button[type=submit]"));
  await page.keyboard.press("Enter");
  await page.waitForURL(reservationPath.pl);

  await sendByKeyboard(page, polishCustomer, "transfer");
  await page.waitForURL(statusPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status zamówienia");
});

test("a voucher is bought with the keyboard alone, up to its payment gateway", async ({ page }, testInfo) => {
  await page.goto(onHost("localhost", "/voucher"));
  await expectJavaScriptState(page, testInfo);
  await sendByKeyboard(page, czechCustomer, "payment_card");
  await page.waitForURL(/\/sandbox-gateway\//);
  // The gateway's own page is the shop's sandbox: its decision, by keyboard too.
  await tabTo(page, page.locator("button[name=decision][value=approve]"));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/overeni-poukazu\/|\/status\//);
});
