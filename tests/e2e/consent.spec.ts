import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * Cookie consent (issue 16, SPEC §7): a new visitor is asked before anything optional runs, rejecting is one click as
 * accepting is, the choice is remembered and can be changed from the footer, with JavaScript and without it.
 */

const banner = (page: Page) => page.getByRole("region", { name: "Cookies a diagnostika" });

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

test("a new visitor gets only the necessary cookies and is asked; rejecting keeps them on the page", async ({
  page,
}, testInfo) => {
  await page.goto("/jak-to-funguje");
  await expectJavaScriptState(page, testInfo);
  await expect(banner(page)).toBeVisible();
  expect(await cookieNames(page)).toEqual(["sid"]);

  const reject = banner(page).getByRole("button", { name: "Jen nutné" });
  const accept = banner(page).getByRole("button", { name: "Povolit", exact: true });
  // As easy as accepting: the same kind of button, as large, side by side in view.
  await expect(reject).toHaveClass((await accept.getAttribute("class"))!);
  const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
  expect(rejectBox!.height).toBe(acceptBox!.height);
  expect(Math.abs(rejectBox!.width - acceptBox!.width)).toBeLessThan(2);
  await expect(reject).toBeInViewport();

  await reject.click();
  await expect(page).toHaveURL(/\/jak-to-funguje$/);
  await expect(banner(page)).toHaveCount(0);
  expect(await cookieNames(page)).toEqual(["consent", "sid"]);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Nastavení cookies" }).click();
  await expect(page.getByText("Diagnostiku jste odmítli.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Diagnostika chyb a rychlosti" })).not.toBeChecked();
});

test("accepting is remembered, and the choice is changed from the footer's settings page", async ({
  page,
}, testInfo) => {
  await page.goto(onHost("pl.localhost", "/en/inspiration"));
  await expectJavaScriptState(page, testInfo);
  await page.getByRole("region", { name: "Cookies and diagnostics" }).getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/en\/inspiration$/);
  await expect(page.getByRole("region", { name: "Cookies and diagnostics" })).toHaveCount(0);

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(page).toHaveURL(/\/en\/cookies$/);
  await expect(page.getByText("You have allowed diagnostics.")).toBeVisible();
  const diagnostics = page.getByRole("checkbox", { name: "Error and speed diagnostics" });
  await expect(diagnostics).toBeChecked();
  await diagnostics.uncheck();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByRole("status")).toHaveText("Your choice is saved.");
  await expect(page.getByText("You have refused diagnostics.")).toBeVisible();
  await expect(diagnostics).not.toBeChecked();
});

test("a page kept for the next visitors never shows one visitor's choice to another", async ({ browser }, testInfo) => {
  const newVisitor = async () =>
    (await browser.newContext({ baseURL, locale: "cs-CZ", javaScriptEnabled: javaScriptEnabled(testInfo) })).newPage();
  const first = await newVisitor();
  await first.goto("/");
  await banner(first).getByRole("button", { name: "Povolit", exact: true }).click();
  await expect(banner(first)).toHaveCount(0);
  // The home page is now kept without the banner, for visitors who have chosen; a new visitor is still asked.
  const second = await newVisitor();
  await second.goto("/");
  await expect(banner(second)).toBeVisible();
  await first.goto("/");
  await expect(banner(first)).toHaveCount(0);
  await Promise.all([first.context().close(), second.context().close()]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // The question comes before the page, so it must leave the page's first screen to the page.
  for (const [address, title] of [
    ["/objednavka", "Cookies a diagnostika"],
    [onHost("pl.localhost", "/zamowienie"), "Pliki cookie i diagnostyka"],
    ["/en/order", "Cookies and diagnostics"],
  ] as const) {
    test(`the question takes at most a fifth of the first screen, answers side by side (${address})`, async ({
      page,
    }, testInfo) => {
      await page.goto(address);
      await expectJavaScriptState(page, testInfo);
      const question = page.getByRole("region", { name: title });
      const box = await question.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(740 / 5);
      const answers = question.getByRole("button");
      await expect(answers).toHaveCount(2);
      const [first, second] = [await answers.nth(0).boundingBox(), await answers.nth(1).boundingBox()];
      expect(first!.y).toBe(second!.y);
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    });
  }
});
