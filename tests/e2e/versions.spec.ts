import { expect, test, type Page } from "@playwright/test";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * What a page running JavaScript does when the shop changes under it (issue 16, SPEC §8): a page of an older build
 * loads its next page whole, a script module that cannot be loaded loads the page it was going to whole, once, and
 * the language overlay shows while the language changes. Without JavaScript every navigation is a whole document.
 */
/** Marks the document: a navigation that keeps the mark stayed in it, one that loses it loaded a new document. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { shopTestMark: true }));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => "shopTestMark" in window);
}

const contactLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Kontakt" });

test("a page of this build moves to the next page without reloading the document", async ({ page }, testInfo) => {
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  await markDocument(page);
  await contactLink(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  expect(await sameDocument(page)).toBe(true);
});

test("a page of an older build loads the next page as a whole document, of the new build", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  await markDocument(page);
  // The page speaks for the build it was loaded with; here, one the server no longer runs.
  await page.route(/[?&]_data=/, (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-shop-build": "an-older-build" } })
  );
  await contactLink(page).click();
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  await expect.poll(() => sameDocument(page)).toBe(false);
  await expectJavaScriptState(page, testInfo);
});

test("a script module that cannot be loaded loads the page it was for whole, and only once", async ({
  page,
}, testInfo) => {
  expect(javaScriptEnabled(testInfo)).toBe(true);
  // The contact screen's module, in every locale (routes are named locale--screen), gone as after a deployment: the
  // server answers, without it (a module the network cannot bring is decision 059's, in slow-phone.spec.ts).
  await page.route(/\/build\/[\w-]+--contact-\w+\.js$/, (route) => route.fulfill({ status: 404 }));
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  await markDocument(page);
  await contactLink(page).click();
  // The contact page, loaded as a document: it works without its script.
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  expect(await sameDocument(page)).toBe(false);

  // The same module failing again in this tab is not reloaded for ever: the error page says so, with its way home.
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  await markDocument(page);
  await contactLink(page).click();
  await expect(page.getByRole("link", { name: "Přejít na úvodní stránku" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("the language overlay shows while the language changes", async ({ page }, testInfo) => {
  await page.goto(onHost("pl.localhost", "/kontakt"));
  await expectJavaScriptState(page, testInfo);
  // The post is held in the page, to look at it between the choice and the new page (a pending navigation would
  // hold every look at the page until it ended); then the form is sent as it would have been.
  await page.evaluate(() =>
    document.querySelector("form.language-form")!.addEventListener("submit", (event) => event.preventDefault())
  );
  await page.getByRole("combobox", { name: "Język" }).selectOption("en");
  await page.getByRole("button", { name: "Zmień język" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zmieniamy język…" })).toBeVisible();
  await page.evaluate(() => document.querySelector<HTMLFormElement>("form.language-form")!.submit());
  await expect(page).toHaveURL(/\/en\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  await expect(page.getByRole("status").filter({ hasText: "Zmieniamy język…" })).toHaveCount(0);
});
