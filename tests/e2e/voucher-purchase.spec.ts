import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { confirmationMailText, mailsMentioning } from "./deadlines";
import { expectFieldError, field, minorUnitsOf, summaryLine } from "./order-flow";
import { acceptTerms, czechCustomer, fillCustomer, ownEmail, shownTotal, submitIntent } from "./reservation-flow";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * Buying a value voucher (issue 15) on the Czech shop and on the white label, with JavaScript and without: a 3 000
 * voucher as a gift, in each fee mode, paid partly by a benefit provider and the rest by a personal card, up to the
 * gateway that takes the first part. What happens after the payment (the voucher's issuing) is tested where it is
 * built.
 */

const shops = {
  cs: { host: "localhost", benefit: "edenred_card", gateway: /Edenred/ },
  "white label": { host: "pluxee.localhost", benefit: "pluxee_cafeteria", gateway: /Pluxee/ },
} as const;

const recipient = {
  recipientFirstName: "Petr",
  recipientLastName: "Svoboda",
  recipientEmail: "petr.svoboda@example.cz",
  recipientMobile: "+420 777 123 456",
};

/** An amount as the page shows it, in minor units. */
async function amountOf(page: Page, selector: string): Promise<number> {
  return minorUnitsOf((await page.locator(selector).textContent()) ?? "");
}

async function openPurchase(page: Page, host: string) {
  const response = await page.goto(onHost(host as "localhost", "/voucher"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Výměna benefitů");
}

for (const [shop, { host, benefit, gateway }] of Object.entries(shops)) {
  for (const feeMode of ["value_plus_fees", "fees_included"] as const) {
    test(`a 3 000 voucher bought as a gift (${shop}, ${feeMode}) is split between a benefit and a card, and paid at the gateway`, async ({
      page,
    }, testInfo) => {
      await openPurchase(page, host);
      await expectJavaScriptState(page, testInfo);
      // The page opens priced: the first preset, the fees on top.
      await expect(field(page, "value")).toBeChecked();
      await expect(shownTotal(page)).toHaveText(/^1\s000\sKč$/);
      // Each design is shown by the drawing its printed artwork is made from, not a guess at its colours.
      const drawings = page.locator(".voucher-design img");
      await expect(drawings).toHaveCount(3);
      for (const [index, design] of ["classic", "mountains", "celebration"].entries()) {
        await expect(drawings.nth(index)).toHaveAttribute("src", `/voucher-designs/${design}.svg`);
        await expect.poll(() => drawings.nth(index).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      }

      await page.locator("#field-value-3000").check();
      await page.locator(`#field-feeMode${feeMode === "fees_included" ? "-fees_included" : ""}`).check();
      await page.locator("#field-design-mountains").check();
      await field(page, "asGift").check();
      for (const [name, value] of Object.entries(recipient)) await field(page, name).fill(value);
      const customer = await fillCustomer(page, czechCustomer);
      await acceptTerms(page);
      await page.locator("input[name=lastPayment][value=payment_card]").check();
      await field(page, `amount.${benefit}`).fill("1 000");
      await submitIntent(page, "update");

      // What each method is charged adds up to the total; the benefit provider charges its service fee.
      const total = await amountOf(page, "[data-testid=price-total]");
      const benefitCharged = await amountOf(page, `.price-line[data-method=${benefit}] dd`);
      const cardCharged = await amountOf(page, ".price-line[data-method=payment_card] dd");
      const voucherValue = await summaryLine(page, "Hodnota poukazu");
      const serviceFee = await summaryLine(page, "Servisní poplatek");
      expect(benefitCharged + cardCharged).toBe(total);
      expect(serviceFee).toBeGreaterThan(0);
      if (feeMode === "value_plus_fees") {
        // Total = voucher + fees: the voucher is worth the 3 000 chosen, the benefit pays 1 000 of it plus its fee.
        expect(voucherValue).toBe(300_000);
        expect(total).toBe(voucherValue + serviceFee);
        expect(benefitCharged).toBe(100_000 + serviceFee);
      } else {
        // Total = the 3 000 entered; the voucher is that less the fees, the benefit is charged the 1 000 typed.
        expect(total).toBe(300_000);
        expect(voucherValue).toBe(total - serviceFee);
        expect(benefitCharged).toBe(100_000);
      }
      // What was typed is still there after the price was updated.
      await expect(field(page, "recipientEmail")).toHaveValue(recipient.recipientEmail);
      await expect(field(page, "email")).toHaveValue(customer.email);
      await expect(page.locator("#field-design-mountains")).toBeChecked();

      await submitIntent(page, "order");
      // The benefit part is paid first, at its provider's gateway, the amount the summary said.
      await page.waitForURL(/\/sandbox-gateway\//);
      await expect(page.locator("header")).toContainText(gateway);
      expect(minorUnitsOf((await page.getByTestId("sandbox-amount").textContent()) ?? "")).toBe(benefitCharged);
      const orderNumber = /\d+/.exec((await page.locator("h1").textContent()) ?? "")?.[0] ?? "";
      expect(orderNumber).not.toBe("");
      // The buyer is told of the order by e-mail, at the address typed.
      await expect.poll(() => confirmationMailText(orderNumber), { timeout: 15_000 }).toContain(orderNumber);
      expect(await mailsMentioning(`order-${orderNumber}-order_confirmation`)).toEqual([
        expect.stringContaining(customer.email),
      ]);
    });
  }
}

test("the total follows each choice as it is made", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "without JavaScript the price follows the update button (the test above)");
  await openPurchase(page, "localhost");
  await expectJavaScriptState(page, testInfo);
  await page.locator("#field-value-5000").check();
  await expect(shownTotal(page)).toHaveText(/^5\s000\sKč$/);
  await field(page, "extraService").check();
  await expect(shownTotal(page)).toHaveText(/^5\s149\sKč$/);
  await expect(page.locator(".reservation__summary")).toContainText("Tištěný poukaz poštou149 Kč");
  // Another amount: its field takes the cursor, and the price waits for it.
  await page.locator("#field-value-custom").check();
  await expect(field(page, "customValue")).toBeFocused();
  await field(page, "customValue").fill("2 500");
  await expect(shownTotal(page)).toHaveText(/^2\s649\sKč$/);
});

test("another amount is taken in whole units within the bounds the field shows, and kept as typed", async ({
  page,
}, testInfo) => {
  await openPurchase(page, "localhost");
  await expectJavaScriptState(page, testInfo);
  await page.locator("#field-value-custom").check();
  await expect(page.locator("#field-customValue-hint")).toHaveText("V celých korunách, od 500 Kč do 100 000 Kč.");

  await field(page, "customValue").fill("2500,50");
  await submitIntent(page, "update");
  await expectFieldError(page, "customValue", "Zadejte částku v celých korunách, bez haléřů.");
  await expect(field(page, "customValue")).toHaveValue("2500,50");
  await expect(page.getByTestId("price-unavailable")).toBeVisible();

  // Below the api's bounds: its sentence, next to the field.
  await field(page, "customValue").fill("100");
  await submitIntent(page, "update");
  await expectFieldError(page, "customValue", "Hodnotu poukazu zadejte v celých korunách, v rozmezí uvedeném u pole.");
  await expect(field(page, "customValue")).toHaveValue("100");

  await field(page, "customValue").fill("2 500");
  await submitIntent(page, "update");
  await expect(shownTotal(page)).toHaveText(/^2\s500\sKč$/);
  await expect(field(page, "customValue")).not.toHaveAttribute("aria-invalid");
});

test("a gift names its recipient: the summary lists what is missing, and what was typed stays", async ({
  page,
}, testInfo) => {
  await openPurchase(page, "localhost");
  await expectJavaScriptState(page, testInfo);
  // Not a gift: the recipient's fields are not shown.
  await expect(field(page, "recipientFirstName")).toBeHidden();
  await field(page, "asGift").check();
  await expect(field(page, "recipientFirstName")).toBeVisible();
  await field(page, "recipientMobile").fill("12345");
  const customer = await fillCustomer(page, czechCustomer);
  await acceptTerms(page);
  // With JavaScript, a split typed is priced in the background before the order is sent.
  await field(page, "amount.edenred_card").fill("500");
  if (javaScriptEnabled(testInfo)) await expect(page.locator(".price-line[data-method=edenred_card]")).toBeVisible();
  await submitIntent(page, "order");

  // The answer's summary comes first, and the cursor is on it.
  const summary = page.locator("#error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Ve formuláři objednávky je chyba.");
  await expect(summary).toContainText("Obdarovaný: Jméno: Povinné pole – zadejte prosím.");
  await expect(summary).toContainText("Obdarovaný: E-mail: Povinné pole – zadejte prosím.");
  await expectFieldError(page, "recipientLastName", "Povinné pole – zadejte prosím.");
  await expectFieldError(page, "recipientMobile", "Zadejte platné telefonní číslo, např. +420 123 456 789.");
  await expect(field(page, "recipientMobile")).toHaveValue("12345");
  await expect(field(page, "email")).toHaveValue(customer.email);
  await expect(field(page, "asGift")).toBeChecked();
  await expect(page).toHaveURL(/\/voucher$/);
});

test("the same order sent twice is one order", async ({ request }) => {
  const page = await request.get("/voucher");
  const html = await page.text();
  const previewId = /name="previewId" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "";
  const form = {
    previewId,
    value: "3000",
    feeMode: "value_plus_fees",
    lastPayment: "transfer",
    ...czechCustomer,
    email: ownEmail(czechCustomer.email),
    country: "Česká republika",
    agreeCp: "on",
    agreeTac: "on",
  };
  const updated = await request.post("/voucher", { form: { ...form, intent: "update" } });
  expect(updated.status()).toBe(200);
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(await updated.text())?.[1] ?? "";
  expect(seenTotal).toBe("300000");
  const order = { ...form, intent: "order", seenTotal };
  const first = await request.post("/voucher", { form: order, maxRedirects: 0 });
  const second = await request.post("/voucher", { form: order, maxRedirects: 0 });
  expect(first.status()).toBe(303);
  // Paid by transfer: nothing to pay at a gateway, so the status page of the one order.
  expect(first.headers()["location"]).toMatch(/^\/status\/[0-9a-f-]{36}$/);
  expect(second.headers()["location"]).toBe(first.headers()["location"]);
});

test("the Polish shop sells no vouchers: its /voucher is the 404 page", async ({ page }) => {
  for (const path of ["/voucher", "/en/voucher"]) {
    const response = await page.goto(onHost("pl.localhost", path));
    expect(response?.status()).toBe(404);
  }
  const posted = await page.request.post(`${baseURL}/voucher`, {
    headers: { host: `pl.localhost:${new URL(baseURL).port}` },
    form: { intent: "update", value: "3000" },
  });
  expect(posted.status()).toBe(404);
});
