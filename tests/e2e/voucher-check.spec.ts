import { expect, test, type Page } from "@playwright/test";
import { e2eCheckedVouchers } from "../playwright.config";
import { expectFieldError, field } from "./order-flow";
import { expectJavaScriptState, onHost, ownVisitor } from "./support";

/**
 * The voucher check (SPEC §2): a code typed into the form opens the code's own page, which shows the voucher's state,
 * values, validity and history; a malformed, unknown or other shop's code is refused in the visitor's language with
 * what was typed kept. Each project is a visitor of its own, so the wrong codes it tries use up no other test's budget.
 */
async function checkCode(page: Page, code: string) {
  await field(page, "code").fill(code);
  await page.locator("form.voucher-check__form button[type=submit]").click();
}

const details = (page: Page) => page.getByTestId("voucher-details");

test("a voucher checked by its code, typed with a space; a malformed and an unknown code refused as typed (cs)", async ({
  page,
}, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.31");
  await page.goto(onHost("localhost", "/overeni-poukazu"));
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator("h1")).toHaveText("Ověření poukazu");

  await checkCode(page, "123");
  await expectFieldError(page, "code", "Neplatný kód poukazu: má 8 číslic.");
  await expect(field(page, "code")).toHaveValue("123");

  await checkCode(page, "4000 0031");
  await page.waitForURL(/\/overeni-poukazu\/40000031$/);
  await expect(details(page)).toContainText("Poukaz 40000031");
  await expect(details(page).locator(".voucher-state")).toHaveText("Platný");
  await expect(details(page)).toContainText(/Zbývající hodnota\s*2\s500\sKč/);
  await expect(details(page)).toContainText(/Původní hodnota\s*2\s500\sKč/);
  await expect(details(page)).toContainText("Poukazem zatím nebyla zaplacena žádná objednávka.");
  await expect(field(page, "code")).toHaveValue(e2eCheckedVouchers.CZK);

  await checkCode(page, "39999999");
  await page.waitForURL(/\/overeni-poukazu\/39999999$/);
  await expectFieldError(page, "code", "Poukaz nebyl nalezen.");
  await expect(field(page, "code")).toHaveValue("39999999");
  await expect(details(page)).toHaveCount(0);
});

test("the Polish shop checks its own vouchers in Polish and English, and tells another shop's voucher apart", async ({
  page,
}, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.32");
  await page.goto(onHost("pl.localhost", "/sprawdz-voucher"));
  await expectJavaScriptState(page, testInfo);
  await checkCode(page, e2eCheckedVouchers.PLN);
  await page.waitForURL(/\/sprawdz-voucher\/40000032$/);
  await expect(details(page).locator(".voucher-state")).toHaveText("Ważny");
  await expect(details(page)).toContainText(/Pozostała wartość\s*250(,00)?\szł/);

  await page.goto(onHost("pl.localhost", `/en/voucher-status/${e2eCheckedVouchers.PLN}`));
  await expect(page.locator("h1")).toHaveText("Voucher status");
  await expect(details(page).locator(".voucher-state")).toHaveText("Valid");

  // The Czech shop's voucher, asked of the Polish shop: it exists, but not here.
  await page.goto(onHost("pl.localhost", `/sprawdz-voucher/${e2eCheckedVouchers.CZK}`));
  await expectFieldError(page, "code", "Ten voucher nie jest obsługiwany.");
  await expect(details(page)).toHaveCount(0);
});

test("a malformed code in the address gets the check page refusing it, to be typed again", async ({ page }, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.36");
  const answer = await page.goto(onHost("localhost", "/overeni-poukazu/abc"));
  expect(answer?.status()).toBe(404);
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator("h1")).toHaveText("Ověření poukazu");
  await expectFieldError(page, "code", "Neplatný kód poukazu: má 8 číslic.");
  await expect(field(page, "code")).toHaveValue("abc");

  await checkCode(page, e2eCheckedVouchers.CZK);
  await page.waitForURL(/\/overeni-poukazu\/40000031$/);
  await expect(details(page)).toContainText("Poukaz 40000031");
});

test("a voucher is checked wherever it pays: the Czech shop's on the Pluxee white label", async ({ page }, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.37");
  await page.goto(onHost("pluxee.localhost", `/overeni-poukazu/${e2eCheckedVouchers.CZK}`));
  await expectJavaScriptState(page, testInfo);
  await expect(details(page)).toContainText(`Poukaz ${e2eCheckedVouchers.CZK}`);
  await expect(details(page)).toContainText(/Zbývající hodnota\s*2\s500\sKč/);
});
