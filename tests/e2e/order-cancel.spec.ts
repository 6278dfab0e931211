import { expect, test, type Page } from "@playwright/test";
import { baseURL, e2eVouchers } from "../playwright.config";
import { confirmationMailText, endOfDayDeadline, mailsMentioning } from "./deadlines";
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
import { expectJavaScriptState, javaScriptEnabled } from "./support";
import { localizedPath } from "../../shared/route-table";

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
    voucherValue: (value: string) => `Dostanete poukaz v hodnotě ${value}.`,
    returned: /^Vráceno \d+\. \S+ \d{4}: objednávka byla zrušena a částka přešla na nový poukaz objednatele\.$/u,
    portal: "Pobyt zrušený přímo na rezervačním portálu není možné vrátit",
    deadline: "Objednávku můžete zrušit do",
    cancelled: "Zrušená na vaši žádost",
    headline: /^Objednávka \d+ je zrušená\.$/,
    intoVoucher: "Převedeno na poukaz",
    bookingAfter: ["Ruší se", "Zrušená"],
    voucherTitle: "Váš poukaz",
    ownerOnly: "Chcete-li objednávku zrušit nebo zaplatit jinak, otevřete ji odkazem z e-mailu",
    ownerKeyRefused: "Objednávku může změnit jen zákazník, který ji vytvořil.",
  },
  pl: {
    documents: ["Faktura", "Regulamin"],
    documentsAfterCancel: ["Faktura", "Faktura korygująca", "Regulamin"],
    start: "Anuluj zamówienie…",
    question: /Czy na pewno chcesz anulować zamówienie \d+\? Tej operacji nie można cofnąć\./,
    confirm: "Tak, anuluj zamówienie",
    voucherValue: (value: string) => `Otrzymasz voucher o wartości ${value}.`,
    returned: /^Zwrócono \d+ \S+ \d{4}: zamówienie anulowano, a kwota przeszła na nowy voucher zamawiającego\.$/u,
    portal: "Pobyt anulowany bezpośrednio na portalu rezerwacyjnym nie podlega zwrotowi",
    deadline: "Zamówienie możesz anulować do",
    cancelled: "Anulowane na Twoją prośbę",
    headline: /^Zamówienie \d+ zostało anulowane\.$/,
    intoVoucher: "Zamienione na voucher",
    bookingAfter: ["Trwa anulowanie", "Anulowana"],
    voucherTitle: "Twój voucher",
    ownerOnly: "Aby anulować zamówienie lub zapłacić w inny sposób, otwórz je z linku w e-mailu",
    ownerKeyRefused: "Zamówienie może zmienić tylko klient, który je złożył.",
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
    // Before confirming, the customer reads what the voucher will be worth: what was paid online (the voucher's
    // credit; what the hotel collects at the property was never paid to the shop), as no fee was charged.
    const paid = (await page.locator(".order-payment .chosen-room__price").textContent()) ?? "";
    await expect(cancel.getByTestId("cancel-voucher-value")).toHaveText(says.voucherValue(paid));

    // Second step: the cancellation itself.
    await cancel.getByRole("button", { name: says.confirm }).click();
    const voucher = page.locator(".refund-voucher");
    await expect(voucher.getByRole("heading")).toHaveText(says.voucherTitle);
    const code = (await voucher.getByTestId("refund-voucher-code").textContent()) ?? "";
    expect(code).toMatch(/^\d{8}$/);
    await expect(voucher).toContainText(paid);
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

    // The voucher that paid the order tells, on its check page, that what the order took was returned.
    const paying = language === "pl" ? e2eVouchers.PLN : e2eVouchers.CZK;
    // Each shop speaks its own language by default, without a prefix.
    await page.goto(new URL(localizedPath("voucherStatus", language, language, { id: paying }), page.url()).href);
    const spending = page.locator(".voucher-history tbody tr", { hasText: orderNumber });
    await expect(spending.getByTestId("spending-returned")).toHaveText(says.returned);
  });

  test(`whoever has only the status page's address reads the order but cannot cancel it; the e-mail's link can, on another device (${language})`, async ({
    page,
    browser,
  }, testInfo) => {
    // An order, then a second browser through two pages and a cancellation.
    test.slow();
    await paidOrder(page, language);
    const statusUrl = page.url();
    const orderNumber = /\d+/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "";
    // Another browser, which never ordered: a travel companion the address was forwarded to, or someone who found it.
    const other = await browser.newContext({ javaScriptEnabled: javaScriptEnabled(testInfo), locale: "cs-CZ" });
    try {
      const stranger = await other.newPage();
      await stranger.goto(statusUrl);
      await expectJavaScriptState(stranger, testInfo);
      await expect(stranger.locator("#confirmation-title")).toContainText(orderNumber);
      await expect(stranger.getByTestId("owner-only")).toContainText(says.ownerOnly);
      await expect(stranger.locator(".order-cancel").getByRole("link", { name: says.start })).toHaveCount(0);

      // The cancellation posted by hand is refused, and the order stays as it was.
      const host = new URL(statusUrl).host;
      const posted = await stranger.request.post(`${baseURL}${new URL(statusUrl).pathname}`, {
        form: { intent: "cancel" },
        headers: { host, origin: `http://${host}` },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(303);
      await stranger.goto(new URL(posted.headers().location!, statusUrl).href);
      await expect(stranger.getByRole("alert").filter({ hasText: says.ownerKeyRefused })).toHaveCount(1);
      await expect(stranger.getByTestId("order-status")).not.toHaveText(says.cancelled);

      // The confirmation e-mail's link carries the owner key; the page keeps it and drops it from its address.
      await expect.poll(async () => (await confirmationMailText(orderNumber)) ?? "", { timeout: 15_000 }).toContain(
        new URL(statusUrl).pathname
      );
      const link = /https?:\/\/\S+\/status\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]+/.exec(
        (await confirmationMailText(orderNumber)) ?? ""
      )?.[0];
      expect(link).toBeDefined();
      await stranger.goto(link!);
      await expect(stranger).toHaveURL(statusUrl);
      await expect(stranger.getByTestId("owner-only")).toHaveCount(0);
      await stranger.locator(".order-cancel").getByRole("link", { name: says.start }).click();
      await stranger.locator(".order-cancel").getByRole("button", { name: says.confirm }).click();
      await expect(stranger.getByTestId("order-status")).toHaveText(says.cancelled);
      await expect(stranger.getByTestId("refund-voucher-code")).toHaveText(/^\d{8}$/);
    } finally {
      await other.close();
    }
  });
}
