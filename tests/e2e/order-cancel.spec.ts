import { expect, test, type Page } from "@playwright/test";
import { baseURL, e2eVouchers } from "../playwright.config";
import { endOfDayDeadline, mailsMentioning } from "./deadlines";
import { field, type Language } from "./order-flow";
import {
  acceptTerms,
  czechCustomer,
  fillCustomer,
  openReservation,
  polishCustomer,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { expectJavaScriptState } from "./support";

/**
 * After the order: its documents, and cancelling it from the status page, confirmed twice, for a voucher that is
 * shown there and e-mailed. With JavaScript and without it, in Czech and in Polish.
 */

const texts = {
  cs: {
    documents: ["Faktura – daňový doklad", "Obchodní podmínky"],
    documentsAfterCancel: ["Faktura – daňový doklad", "Opravný daňový doklad", "Obchodní podmínky"],
    start: "Zrušit objednávku…",
    question: /Opravdu chcete zrušit objednávku \d+\? Zrušení nelze vrátit zpět\./,
    confirm: "Ano, zrušit objednávku",
    portal: "Pobyt zrušený přímo na rezervačním portálu není možné vrátit",
    deadline: "Objednávku můžete zrušit do",
    cancelled: "Zrušená na vaši žádost",
    headline: /^Objednávka \d+ je zrušená\.$/,
    intoVoucher: "Převedeno na poukaz",
    bookingAfter: ["Ruší se", "Zrušená"],
    voucherTitle: "Váš poukaz",
  },
  pl: {
    documents: ["Faktura", "Regulamin"],
    documentsAfterCancel: ["Faktura", "Faktura korygująca", "Regulamin"],
    start: "Anuluj zamówienie…",
    question: /Czy na pewno chcesz anulować zamówienie \d+\? Tej operacji nie można cofnąć\./,
    confirm: "Tak, anuluj zamówienie",
    portal: "Pobyt anulowany bezpośrednio na portalu rezerwacyjnym nie podlega zwrotowi",
    deadline: "Zamówienie możesz anulować do",
    cancelled: "Anulowane na Twoją prośbę",
    headline: /^Zamówienie \d+ zostało anulowane\.$/,
    intoVoucher: "Zamienione na voucher",
    bookingAfter: ["Trwa anulowanie", "Anulowana"],
    voucherTitle: "Twój voucher",
  },
} as const;

/** A freely cancellable stay paid in full by the big voucher: the status page of a paid order. */
async function paidOrder(page: Page, language: "cs" | "pl") {
  await openReservation(page, language, "hotel-paris-prague", { freelyCancellable: true });
  await fillCustomer(page, language === "pl" ? polishCustomer : czechCustomer);
  await field(page, "voucherCodes").fill(language === "pl" ? e2eVouchers.PLN : e2eVouchers.CZK);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await acceptTerms(page);
  await submitIntent(page, "update");
  // The re-priced form keeps what was typed and ticked.
  await expect(field(page, "agreeTac")).toBeChecked();
  await submitIntent(page, "order");
  await page.waitForURL(statusPath);
}

/** The status page lists exactly these documents (the api's list for the order's state), each opening as a PDF. */
async function expectDocuments(page: Page, names: readonly string[]) {
  const documents = page.locator(".order-documents a");
  await expect(documents).toHaveText(names.map((name) => new RegExp(`^${name} `)));
  for (const link of await documents.all()) {
    // Node does not resolve pl.localhost: the request goes to the loopback with the page's host named.
    const url = new URL((await link.getAttribute("href")) ?? "", page.url());
    const response = await page.request.get(`${baseURL}${url.pathname}`, { headers: { host: url.host } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }
}

test.use({ viewport: { width: 360, height: 800 } });

for (const language of ["cs", "pl"] as const satisfies readonly Language[]) {
  const says = texts[language];

  test(`the status page offers the documents, and cancelling twice-confirmed gives a voucher, shown and e-mailed (${language})`, async ({
    page,
  }, testInfo) => {
    await paidOrder(page, language);
    await expectJavaScriptState(page, testInfo);
    const orderNumber = /\d+/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";

    // Paid: the invoice (the tax document) and the terms open as PDFs; the payment request is gone, not stale.
    await expectDocuments(page, says.documents);
    const invoice = new URL((await page.locator(".order-documents a").first().getAttribute("href")) ?? "", page.url());
    const request = invoice.pathname.replace(/invoice$/, "payment-request");
    expect((await page.request.get(`${baseURL}${request}`, { headers: { host: invoice.host } })).status()).toBe(404);

    // First step: the explanation, the portal warning, and a link to confirm.
    const cancel = page.locator(".order-cancel");
    await expect(cancel).toContainText(says.portal);
    // The deadline with its date, time and zone: the room's free cancellation ends at 23:59 in Prague.
    await expect(cancel).toContainText(new RegExp(`${says.deadline} ${endOfDayDeadline[language]}\\.`, "u"));
    await cancel.getByRole("link", { name: says.start }).click();
    await expect(page).toHaveURL(/\?cancel=confirm$/);
    await expect(cancel.locator(".order-cancel__confirm")).toContainText(says.question);

    // Second step: the cancellation itself.
    await cancel.getByRole("button", { name: says.confirm }).click();
    const voucher = page.locator(".refund-voucher");
    await expect(voucher.getByRole("heading")).toHaveText(says.voucherTitle);
    const code = (await voucher.getByTestId("refund-voucher-code").textContent()) ?? "";
    expect(code).toMatch(/^\d{8}$/);
    await expect(page.getByTestId("order-status")).toHaveText(says.cancelled);
    // The page says it all: the headline, where the money went (a voucher, not back), the booking being let go.
    await expect(page.locator("#confirmation-title")).toHaveText(says.headline);
    await expect(page.locator(".order-payment .payment-state")).toHaveText(`${says.intoVoucher} ${code}`);
    expect(says.bookingAfter).toContain(await page.getByTestId("booking-status").textContent());
    // Irreversible: nothing left to cancel.
    await expect(page.locator(".order-cancel")).toHaveCount(0);
    await expect(page).not.toHaveURL(/cancel=confirm/);
    // The invoice stays; the credit note corrects it by what became the voucher.
    await expectDocuments(page, says.documentsAfterCancel);

    // The same voucher reaches the customer's mailbox.
    await expect.poll(async () => (await mailsMentioning(code)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mailsMentioning(code);
    expect(mail).toContain(`order-${orderNumber}-cancelled_with_voucher`);
  });
}
