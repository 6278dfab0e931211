import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  acceptTerms,
  czechCustomer,
  fillCustomer,
  openReservation,
  polishCustomer,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { mailsMentioning } from "./deadlines";
import { expectJavaScriptState } from "./support";

/**
 * A second order of the same stay by the same e-mail (decision 013): the reservation screen names the unpaid order
 * first and lets the customer keep both or replace it; a replaced order says so on its status page, linking the new
 * one, and its customer gets an e-mail. With JavaScript and without it, in Czech and in Polish, at a phone's width.
 */

test.use({ viewport: { width: 360, height: 800 } });

const texts = {
  cs: {
    customer: czechCustomer,
    title: "Na tento pobyt už máte nezaplacenou objednávku",
    keepBoth: /Ponechat obě objednávky/,
    replace: /Nahradit ji touto objednávkou/,
    replacedBy: (number: string) => `Tuto objednávku jste nahradili objednávkou ${number}. Stav objednávky ${number}`,
    cancelled: "Zrušená jako duplicitní",
  },
  pl: {
    customer: polishCustomer,
    title: "Masz już nieopłacone zamówienie na ten pobyt",
    keepBoth: /Zachowaj oba zamówienia/,
    replace: /Zastąp je tym zamówieniem/,
    replacedBy: (number: string) =>
      `To zamówienie zostało zastąpione Twoim zamówieniem ${number}. Status zamówienia ${number}`,
    cancelled: "Anulowane jako duplikat",
  },
} as const;

/** The reservation screen of the shared stay, filled in with this run's e-mail, paid by transfer. */
async function fillSameStay(page: Page, testInfo: TestInfo, language: "cs" | "pl", email: string) {
  await openReservation(page, language);
  // With JavaScript, typed only once the page is hydrated, so nothing typed is lost.
  await expectJavaScriptState(page, testInfo);
  await fillCustomer(page, { ...texts[language].customer, email }, { sameEmail: true });
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await acceptTerms(page);
  await submitIntent(page, "update");
}

const numberOn = async (page: Page) =>
  /\d+/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";

for (const language of ["cs", "pl"] as const) {
  const says = texts[language];

  test(`an unpaid order of the same stay is named; keep both keeps it, replace cancels it and says so (${language})`, async ({
    page,
  }, testInfo) => {
    // Three reservations filled in and two orders placed in one test: more than the usual time on a busy machine.
    test.slow();
    // An e-mail of this run's own, so only this test's orders are of "the same stay".
    const email = `same-stay-${testInfo.project.name}@example.${language === "pl" ? "pl" : "cz"}`;
    await fillSameStay(page, testInfo, language, email);
    await submitIntent(page, "order");
    await page.waitForURL(statusPath);
    const first = await numberOn(page);
    const firstUrl = page.url();

    // The same stay again: nothing is ordered until the customer chooses, and the earlier order is named.
    await fillSameStay(page, testInfo, language, email);
    await submitIntent(page, "order");
    const choice = page.locator(".duplicate-choice");
    await expect(choice.locator("legend")).toHaveText(says.title);
    await expect(choice).toContainText(first);
    await choice.getByLabel(says.keepBoth).check();
    await submitIntent(page, "order");
    await page.waitForURL(statusPath);
    const second = await numberOn(page);
    expect(second).not.toBe(first);

    // A third time, replacing: both earlier orders are cancelled and point to the new one.
    await fillSameStay(page, testInfo, language, email);
    await submitIntent(page, "order");
    await expect(choice).toContainText(`${first}, ${second}`);
    await choice.getByLabel(says.replace).check();
    await submitIntent(page, "order");
    await page.waitForURL(statusPath);
    const third = await numberOn(page);
    const thirdUrl = page.url();

    // The replaced order says so, and links the order that replaced it; its customer is told by e-mail.
    await page.goto(firstUrl);
    await expect(page.getByTestId("order-status")).toHaveText(says.cancelled);
    await expect(page.getByTestId("replaced-by")).toHaveText(says.replacedBy(third));
    await page.getByTestId("replaced-by").getByRole("link").click();
    await expect(page).toHaveURL(thirdUrl);
    for (const earlier of [first, second]) {
      await expect.poll(async () => (await mailsMentioning(`order-${earlier}-order_replaced`)).length).toBe(1);
      const [mail] = await mailsMentioning(`order-${earlier}-order_replaced`);
      expect(mail).toContain(third);
      expect(mail).toContain(new URL(thirdUrl).pathname);
    }
  });
}
