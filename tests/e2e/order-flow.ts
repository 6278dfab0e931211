import { expect, type Page } from "@playwright/test";
import { onHost } from "./support";

/** Step 1 in each language: cs on the Czech host, pl and en on the Polish one. */
export const orderStep = {
  cs: onHost("localhost", "/objednavka"),
  pl: onHost("pl.localhost", "/zamowienie"),
  en: onHost("pl.localhost", "/en/order"),
} as const;

export const roomsPath = {
  cs: /\/objednavka\/ubytovani\/[0-9a-f-]{36}$/,
  pl: /\/zamowienie\/nocleg\/[0-9a-f-]{36}$/,
  en: /\/en\/order\/accommodation\/[0-9a-f-]{36}$/,
} as const;

export type Language = keyof typeof orderStep;

/** The control of a form field, found the way a screen reader finds it: by the id its label points to. */
export function field(page: Page, name: string) {
  return page.locator(`#field-${name.replace(/[^a-zA-Z0-9_-]+/g, "-")}`);
}

export async function submitStay(page: Page) {
  await page.locator("form.stay-form button[type=submit]").click();
}

/** Pastes a link on step 1 and sends it. */
export async function pasteLink(page: Page, language: Language, link: string) {
  await page.goto(orderStep[language]);
  await field(page, "url").fill(link);
  await submitStay(page);
}

/** A link that carries the whole stay goes straight to the rooms. */
export async function openRooms(page: Page, language: Language, link: string) {
  await pasteLink(page, language, link);
  await page.waitForURL(roomsPath[language]);
  await expect(page.locator(".room-card").first()).toBeVisible();
}

/** The message is shown next to the field and tied to it for assistive technology. */
export async function expectFieldError(page: Page, name: string, message: string | RegExp) {
  const control = field(page, name);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-errors"));
  expect(errorId, `${name} names its errors`).toBeTruthy();
  await expect(page.locator(`#${errorId}`)).toHaveText(message);
}

/** An error of the whole form, announced as an alert above it. */
export async function expectFormError(page: Page, message: string) {
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
}

/** A formatted amount ("9 108 Kč", "1 234,50 zł") as minor units, to compare sums. */
export function minorUnitsOf(text: string): number {
  const digits = text.replace(/[^\d,.]/g, "");
  const [whole, fraction = ""] = digits.split(/[,.](?=\d{2}$)/);
  return Number(whole.replace(/[,.]/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The line of an order form's price summary with this label, as minor units. */
export async function summaryLine(page: Page, label: string): Promise<number> {
  const line = page.locator(".reservation__summary .price-line").filter({ has: page.getByText(label, { exact: true }) });
  return minorUnitsOf((await line.locator("dd").textContent()) ?? "");
}
