import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { baseURL, e2eVouchers } from "../playwright.config";
import { onlyEvent } from "../../server/documents/calendar-text.test-helper";
import { readPdf } from "../../server/documents/pdf-text.test-helper";
import { expectNoAxeViolations, undersizedTargets } from "./accessibility-checks";
import { orderByRequest } from "./reservation-flow";
import { expectJavaScriptState } from "./support";

/**
 * The booked stay on the status page: downloaded as a calendar file (.ics) by a plain link, in the order's language,
 * and the page printed on one A4 sheet without the shell and the controls. With JavaScript and without it.
 */

const texts = {
  cs: {
    link: "Přidat do kalendáře",
    summary: "Pobyt: ",
    bookingReference: "Číslo rezervace v hotelu: ",
    orderNumber: "Číslo objednávky: ",
    file: /^pobyt-\d{8}\.ics$/,
  },
  pl: {
    link: "Dodaj do kalendarza",
    summary: "Pobyt: ",
    bookingReference: "Numer rezerwacji w hotelu: ",
    orderNumber: "Numer zamówienia: ",
    file: /^pobyt-\d{8}\.ics$/,
  },
} as const;

/**
 * An order paid in full by the big voucher, placed by this page's browser (so it is the order's customer), and its
 * status page once the booking job has booked the room: the booking reference is shown then.
 */
async function bookedOrder(page: Page, language: "cs" | "pl"): Promise<void> {
  const voucherCodes = language === "pl" ? e2eVouchers.PLN : e2eVouchers.CZK;
  await page.goto(await orderByRequest(page.request, { language, fields: { voucherCodes } }));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("booking-reference")).toHaveText(/^SIM-\d{20}$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

for (const language of ["cs", "pl"] as const) {
  const says = texts[language];

  test(`the booked stay is downloaded from the status page as a calendar file in the order's language (${language})`, async ({
    page,
  }, testInfo) => {
    await bookedOrder(page, language);
    await expectJavaScriptState(page, testInfo);
    const statusUrl = page.url().replace(/\?.*$/, "");
    const orderId = /[0-9a-f-]{36}$/.exec(statusUrl)?.[0];
    const orderNumber = /\d{8}/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0];
    const reference = await page.getByTestId("booking-reference").textContent();
    // The link is a control like the page's others: named, and a target of 24 px at least.
    await expectNoAxeViolations(page, testInfo);
    expect(await undersizedTargets(page)).toEqual([]);

    // A plain link: a download, the page stays where it is.
    const link = page.getByRole("link", { name: says.link });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(says.file);
    expect(download.suggestedFilename()).toContain(orderNumber);
    expect(page.url()).toContain(statusUrl);
    const event = onlyEvent(await readFile((await download.path())!, "utf8"));

    expect(event.get("UID")?.raw).toBe(`stay-${orderId}`);
    expect(event.get("SUMMARY")?.text).toBe(`${says.summary}${await page.locator(".hotel-summary h2").textContent()}`);
    // All-day, from check-in through the day of check-out (the end is exclusive): the two nights' stay is three days.
    const day = (name: string) => {
      const date = event.get(name);
      expect(date?.params).toEqual(["VALUE=DATE"]);
      return Date.UTC(Number(date?.raw.slice(0, 4)), Number(date?.raw.slice(4, 6)) - 1, Number(date?.raw.slice(6)));
    };
    expect((day("DTEND") - day("DTSTART")) / 86_400_000).toBe(3);
    const address = (await page.locator(".hotel-summary__address").textContent()) ?? "";
    expect(event.get("LOCATION")?.text).toContain(address.split(",")[0]!.trim());
    const description = event.get("DESCRIPTION")?.text.replace(/\u00a0/g, " ");
    expect(description).toContain(`${says.bookingReference}${reference}`);
    expect(description).toContain(`${says.orderNumber}${orderNumber}`);
    // The status page, without the owner key a calendar's shared event must not carry.
    expect(description).toContain(statusUrl);
    expect(event.get("URL")?.raw).toBe(statusUrl);

    // Answered as a download; the PDFs still open in the browser's viewer.
    const host = { host: new URL(statusUrl).host };
    const calendar = await page.request.get(`${baseURL}${await link.getAttribute("href")}`, { headers: host });
    expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(calendar.headers()["content-disposition"]).toMatch(/^attachment; filename="pobyt-\d{8}\.ics"$/);
    const terms = await page.locator(".order-documents a").last().getAttribute("href");
    const pdf = await page.request.get(`${baseURL}${terms}`, { headers: host });
    expect(pdf.headers()["content-disposition"]).toMatch(/^inline; /);
  });
}

test("the status page prints on one A4 sheet: no header, cookie question, footer, info panel or controls", async ({
  page,
}, testInfo) => {
  await bookedOrder(page, "cs");
  await expectJavaScriptState(page, testInfo);
  const controls = page.locator(":is(button, form, .button):visible");
  const shell = [".skip-link", ".info-panel", ".consent-banner", ".site-header", ".site-footer", ".stay-calendar"];
  await expect(page.locator(".consent-banner")).toBeVisible();
  expect(await controls.count()).toBeGreaterThan(0);

  await page.emulateMedia({ media: "print" });
  for (const selector of shell) await expect(page.locator(selector), selector).toBeHidden();
  await expect(controls).toHaveCount(0);
  // What the order is stays, links as their text.
  await expect(page.locator(".order-documents a").first()).toBeVisible();
  await expect(page.getByTestId("booking-reference")).toBeVisible();

  const printed = await readPdf(new Uint8Array(await page.pdf({ format: "A4" })));
  expect(printed.pages).toHaveLength(1);
  const text = printed.pages[0]!.replace(/\s+/g, " ");
  expect(text).toContain((await page.locator("#confirmation-title").textContent()) ?? "");
  expect(text).toContain("Obchodní podmínky");
  for (const shellText of ["Cookies a diagnostika", "Zákaznická podpora", "Přidat do kalendáře", "Zrušit objednávku"]) {
    expect(text).not.toContain(shellText);
  }
});
