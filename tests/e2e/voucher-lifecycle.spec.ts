import { expect, test, type Page } from "@playwright/test";
import { flatText } from "../../server/documents/pdf-text.test-helper";
import { baseURL } from "../playwright.config";
import { mailsMentioning } from "./deadlines";
import { field, minorUnitsOf, summaryLine } from "./order-flow";
import {
  acceptTerms,
  czechCustomer,
  decideAtGateway,
  fillCustomer,
  openReservation,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { expectJavaScriptState, onHost } from "./support";
import { plainTextOf } from "../fixtures/mime";

/**
 * A value voucher from purchase to spending (issue 15): bought as a gift, paid partly by a benefit card and the rest
 * by a personal card at the sandbox gateways; issued by the worker and e-mailed with its code; printed as a PDF;
 * checked on the check page; spent on a stay; its history showing that stay.
 */

/** The status page once the worker has issued the voucher: the page says so only after a reload. */
async function issuedCode(page: Page): Promise<string> {
  const code = page.getByTestId("issued-voucher-code");
  await expect
    .poll(
      async () => {
        if ((await code.count()) === 0) await page.reload();
        return code.count();
      },
      { timeout: 30_000 }
    )
    .toBe(1);
  return (await code.textContent())?.trim() ?? "";
}

/**
 * The Czech shop buys with the fees on top and Edenred; the white label with the fees included and Pluxee. Both spend
 * the voucher on a stay of the Czech shop, which takes vouchers of its currency.
 */
const shops = {
  cs: {
    host: "localhost",
    benefit: "edenred_card",
    gateway: /Edenred/,
    feeMode: "value_plus_fees",
  },
  "white label": {
    host: "pluxee.localhost",
    benefit: "pluxee_cafeteria",
    gateway: /Pluxee/,
    feeMode: "fees_included",
  },
} as const;

for (const [shop, { host, benefit, gateway, feeMode }] of Object.entries(shops)) {
  test(`a gift voucher bought, paid, issued, printed, checked and spent on a stay (${shop}, ${feeMode})`, async ({
    page,
  }, testInfo) => {
    await page.goto(onHost(host, "/voucher"));
    await expectJavaScriptState(page, testInfo);
    await page.locator("#field-value-3000").check();
    if (feeMode === "fees_included") await page.locator("#field-feeMode-fees_included").check();
    await page.locator("#field-design-celebration").check();
    await field(page, "asGift").check();
    await field(page, "recipientFirstName").fill("Petr");
    await field(page, "recipientLastName").fill("Svoboda");
    await field(page, "recipientEmail").fill("petr.svoboda@example.cz");
    const buyer = await fillCustomer(page, czechCustomer);
    await acceptTerms(page);
    await page.locator("input[name=lastPayment][value=payment_card]").check();
    await field(page, `amount.${benefit}`).fill("1 000");
    await submitIntent(page, "update");
    // With the fees on top the voucher is worth the 3 000 chosen; with the fees included, 3 000 less the fees.
    const value = await summaryLine(page, "Hodnota poukazu");
    expect(value).toBe(
      feeMode === "value_plus_fees" ? 300_000 : 300_000 - (await summaryLine(page, "Servisní poplatek"))
    );
    await submitIntent(page, "order");

    // The benefit card's part at its gateway, then the personal card's at the bank's.
    await page.waitForURL(/\/sandbox-gateway\//);
    await expect(page.locator("header")).toContainText(gateway);
    await page.locator("button[name=decision][value=approve]").click();
    await decideAtGateway(page, /ČSOB/, "approve");
    await expect(page).toHaveURL(statusPath);
    await expect(page.locator(".payment-outcome")).toContainText("Platba proběhla");

    const code = await issuedCode(page);
    expect(code).toMatch(/^[1-9]\d{7}$/);
    await expect(page.locator(".refund-voucher")).toContainText("Váš dárkový poukaz");

    // The e-mail with the code, to the buyer: a job of its own, sent after the voucher is issued, so it may come later.
    const orderNumber = /\d{6,}/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";
    const voucherMail = async () => (await mailsMentioning(`order-${orderNumber}-voucher_issued`))[0];
    await expect.poll(voucherMail, { timeout: 15_000 }).toContain(buyer.email);
    const mail = await voucherMail();
    const mailText = plainTextOf(mail ?? "");
    expect(mailText).toContain(code);
    expect(mailText).toMatch(/\/status\/[0-9a-f-]{36}\/dokument\/voucher\b/);

    // The voucher to print: a real PDF that shows the code, on A4 and as the folded card.
    for (const label of ["Poukaz k vytištění (A4)", "Poukaz jako dárková karta k přeložení"]) {
      const href = (await page.getByRole("link", { name: label }).getAttribute("href")) ?? "";
      // From Node, to the loopback with the shop's host named (Node does not resolve pluxee.localhost as Chromium does).
      const pdf = await page.request.get(`${baseURL}${href}`, { headers: { host: new URL(page.url()).host } });
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(await flatText(new Uint8Array(bytes))).toContain(code);
    }
    // The receipt of the payment, from the status page too: a voucher's sale gets no invoice (decision 054).
    const receiptLink = page.getByRole("link", { name: "Potvrzení o přijetí platby" });
    const receiptHref = (await receiptLink.getAttribute("href")) ?? "";
    const hostHeader = { host: new URL(page.url()).host };
    const receipt = await page.request.get(`${baseURL}${receiptHref}`, { headers: hostHeader });
    const receiptText = await flatText(new Uint8Array(await receipt.body()));
    expect(receiptText).toContain(`Potvrzení o přijetí platby č. ${orderNumber}`);
    expect(mailText).toContain(receiptHref);

    // Its check page, from the status page.
    await page.getByRole("link", { name: "Zobrazit zůstatek a historii poukazu" }).click();
    await page.waitForURL(new RegExp(`/overeni-poukazu/${code}$`));
    const details = page.getByTestId("voucher-details");
    await expect(details.locator(".voucher-state")).toHaveText("Platný");
    const amount = async (selector: string) => minorUnitsOf((await details.locator(selector).textContent()) ?? "");
    expect(await amount(".voucher-details__available")).toBe(value);
    await expect(details).toContainText("Poukazem zatím nebyla zaplacena žádná objednávka.");

    // Spent on a stay: the reservation takes what the stay needs from it, the rest by transfer.
    await openReservation(page, "cs");
    await fillCustomer(page, czechCustomer);
    await acceptTerms(page);
    await field(page, "voucherCodes").fill(code);
    await page.locator("input[name=lastPayment][value=transfer]").check();
    await submitIntent(page, "update");
    await expect(page.locator(".voucher-uses")).toContainText(code);
    await submitIntent(page, "order");
    await page.waitForURL(statusPath);
    const stayNumber = /\d{6,}/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";

    // The history shows the stay and what it took; what is left is the rest.
    await page.goto(onHost(host, `/overeni-poukazu/${code}`));
    const row = details.locator(".voucher-history tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.locator("td").first()).toHaveText(stayNumber);
    const usage = minorUnitsOf((await row.locator("td").nth(3).textContent()) ?? "");
    expect(usage).toBeGreaterThan(0);
    expect(await amount(".voucher-details__available")).toBe(value - usage);
  });
}
