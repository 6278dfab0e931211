import { expect, test, type Locator, type Page } from "@playwright/test";
import { MAX_NOTE_LENGTH } from "../../shared/input-limits";
import { parseSpayd, parseZbp } from "../../server/domain/transfer-payment";
import { decodeQrDataUrl } from "../fixtures/qr-code";
import { e2eSmallVouchers, e2eVouchers } from "../playwright.config";
import { confirmationMailText, endOfDayDeadline, statedPayBy } from "./deadlines";
import { expectFieldError, field, minorUnitsOf, type Language } from "./order-flow";
import {
  acceptTerms,
  czechCustomer,
  decideAtGateway,
  fillCustomer,
  openReservation,
  orderByRequest,
  orderForm,
  ownEmail,
  placeTransferOrder,
  polishCustomer,
  reservationByRequest,
  reservationPath,
  shownTotal,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { simulatorSlugs } from "./stays";
import { browserUserAgent, expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/** What the status page says of the transfer, and the text of its QR code as a banking app reads it. */
async function transferOnStatusPage(page: Page) {
  const transfer = page.locator(".order-payment[data-method=transfer]");
  const qr = transfer.locator(".transfer__qr img");
  await expect(qr).toBeVisible();
  return {
    transfer,
    orderNumber: /\d+/.exec((await page.locator("#confirmation-title").textContent()) ?? "")?.[0] ?? "",
    iban: ((await transfer.getByTestId("transfer-iban").textContent()) ?? "").replace(/\s/g, ""),
    variableSymbol: (await transfer.getByTestId("transfer-variable-symbol").textContent()) ?? "",
    amount: minorUnitsOf((await transfer.getByTestId("transfer-amount").textContent()) ?? ""),
    qrText: decodeQrDataUrl((await qr.getAttribute("src")) ?? ""),
  };
}

const payByLabel = { cs: "Zaplaťte do", pl: "Zapłać do" } as const;

/**
 * The transfer's deadline on the status page, its date, time and zone, is the one the order was given (23:59 on the
 * third day after ordering, the stay being weeks away), and the confirmation e-mail states the very same words.
 */
async function expectPayBy(
  transfer: Locator,
  orderNumber: string,
  language: "cs" | "pl",
  orderedBetween: [Date, Date]
) {
  const shown = transfer.getByTestId("pay-by");
  await expect(shown).toHaveText(new RegExp(`^${payByLabel[language]} ${endOfDayDeadline[language]}$`, "u"));
  const deadline = ((await shown.textContent()) ?? "").slice(payByLabel[language].length + 1);
  const currency = language === "pl" ? "PLN" : "CZK";
  expect(statedPayBy(...orderedBetween, language, currency)).toContain(deadline);
  await expect.poll(() => confirmationMailText(orderNumber), { timeout: 15_000 }).toContain(deadline);
}

/**
 * A three-way split: a small voucher's credit first, a part by card, and the transfer for the rest; typed, priced,
 * and shown per method before the order is sent. Answers what the transfer will be charged, in minor units.
 */
async function splitVoucherCardAndTransfer(
  page: Page,
  voucher: string,
  cardPart: string,
  charged: RegExp,
  method = "payment_card"
) {
  await field(page, "voucherCodes").fill(voucher);
  // The rest-paying method takes no amount (its field is hidden), so the transfer takes the rest first.
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await field(page, `amount.${method}`).fill(cardPart);
  await submitIntent(page, "update");
  await expect(page.locator(".voucher-uses .condition--good")).toHaveCount(1);
  await expect(page.locator(`.price-line[data-method=${method}] dd`)).toHaveText(charged);
  const transfer = page.locator(".price-line[data-method=transfer] dd");
  await expect(transfer).toBeVisible();
  return minorUnitsOf((await transfer.textContent()) ?? "");
}

/** This project's own small voucher: each order spends one. */
function smallVoucher(currency: keyof typeof e2eSmallVouchers, project: string): string {
  return e2eSmallVouchers[currency][project as keyof (typeof e2eSmallVouchers)["CZK"]];
}

test("a stay split between a voucher, a card and a transfer ends on the status page with the transfer's QR code (cs)", async ({
  page,
}, testInfo) => {
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rezervace");
  await expect(page.locator(".chosen-room__price")).toHaveText(/Kč$/);

  const customer = await fillCustomer(page, czechCustomer);
  // Ticked before the price is updated: a re-price echoes the form as it was sent.
  await acceptTerms(page);
  // Paid by card, 1 500,50 Kč carries no service fee.
  const transferCharge = await splitVoucherCardAndTransfer(
    page,
    smallVoucher("CZK", testInfo.project.name),
    "1 500,50",
    /^1\s500,50\sKč$/
  );
  // What was typed before the price was updated is still there.
  await expect(field(page, "firstName")).toHaveValue(czechCustomer.firstName);
  await expect(field(page, "amount.payment_card")).toHaveValue("1 500,50");
  const orderedFrom = new Date();
  await submitIntent(page, "order");

  // The card part is paid at the card gateway first; back from it, the status page says what came of it.
  await decideAtGateway(page, /ČSOB/, "approve");
  const orderedTo = new Date();
  await expect(page.locator(".payment-outcome")).toHaveText("Platba proběhla. Část objednávky ještě zbývá zaplatit.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stav objednávky");
  await expect(page.locator(".order-confirmation")).toContainText(`Potvrzení jsme poslali na ${customer.email}.`);
  await expect(page.locator(".progress__step--done")).toHaveText(["Odeslaná (hotovo)"]);
  await expect(page.locator(".progress__step--current")).toHaveText("Čeká na platbu (právě probíhá)");

  const { transfer, orderNumber, iban, variableSymbol, amount, qrText } = await transferOnStatusPage(page);
  await expect(transfer).toContainText("Bankovní převod");
  await expect(transfer).toContainText("Čeká");
  await expect(transfer.locator("figcaption")).toHaveText(/Naskenujte QR kód v aplikaci své banky/);
  expect(amount).toBe(transferCharge);
  expect(variableSymbol).toBe(orderNumber);
  const spayd = parseSpayd(qrText);
  expect(spayd, qrText).toMatchObject({ ok: true });
  if (!spayd.ok) return;
  expect(qrText).toMatch(/^SPD\*1\.0\*ACC:/);
  expect(spayd.fields.ACC?.split("+")[0]).toBe(iban);
  expect(spayd.fields.AM).toBe((transferCharge / 100).toFixed(2));
  expect(spayd.fields.CC).toBe("CZK");
  expect(spayd.fields["X-VS"]).toBe(orderNumber);

  await expect(page.locator(".order-payment[data-method=payment_card]")).toContainText("Platební kartaZaplaceno");
  await expect(page.locator(".order-payment[data-method=voucher]")).toContainText("Zaplaceno");
  await expect(page.locator(".chosen-rooms")).toContainText("Pokoje celkem");
  await expectPayBy(transfer, orderNumber, "cs", [orderedFrom, orderedTo]);
  // Money is still owed by transfer: a payment request, not yet the tax document.
  await expect(page.locator(".order-documents a")).toHaveText([/^Výzva k platbě/, /^Obchodní podmínky/]);
});

test("a Polish stay split between a voucher, a card and a transfer has a ZBP code in złoty", async ({
  page,
}, testInfo) => {
  await openReservation(page, "pl");
  await expectJavaScriptState(page, testInfo);
  const customer = await fillCustomer(page, polishCustomer);
  // Ticked before the price is updated: a re-price echoes the form as it was sent.
  await acceptTerms(page);
  await expect(field(page, "country")).toHaveValue("Polska");
  const transferCharge = await splitVoucherCardAndTransfer(
    page,
    smallVoucher("PLN", testInfo.project.name),
    "199,99",
    /^199,99\szł$/,
    "pluxee_cafeteria"
  );
  const orderedFrom = new Date();
  await submitIntent(page, "order");

  await decideAtGateway(page, /Pluxee/, "approve");
  const orderedTo = new Date();
  await expect(page.locator(".payment-outcome")).toHaveText(
    "Płatność przyjęta. Część zamówienia pozostaje jeszcze do zapłaty."
  );
  await expect(page.locator(".order-payment[data-method=pluxee_cafeteria] .payment-state")).toHaveText("Opłacona");
  await expect(page.locator(".order-confirmation")).toContainText(
    `Potwierdzenie wysłaliśmy na adres ${customer.email}.`
  );
  const { transfer, orderNumber, iban, variableSymbol, amount, qrText } = await transferOnStatusPage(page);
  await expect(transfer).toContainText("Przelew bankowy");
  expect(amount).toBe(transferCharge);
  const zbp = parseZbp(qrText);
  expect(zbp, qrText).toMatchObject({ ok: true });
  if (!zbp.ok) return;
  expect(qrText.split("|")[3]).toBe(String(transferCharge).padStart(6, "0"));
  expect(zbp.fields.country).toBe("PL");
  expect(zbp.fields.amount).toBe(transferCharge);
  expect(`PL${zbp.fields.account}`).toBe(iban);
  // The QR code fills in the title the page shows ("Tytuł przelewu"), the order number.
  expect(zbp.fields.title).toBe(variableSymbol);
  expect(variableSymbol).toBe(orderNumber);
  // The payment still owed has its deadline, and the documents are there to download.
  await expectPayBy(transfer, orderNumber, "pl", [orderedFrom, orderedTo]);
  await expect(page.locator(".order-documents a")).toHaveText([/^Faktura proforma/, /^Regulamin/]);
});

test("a benefit card the bank declines says so, and paying again at the gateway pays it (cs)", async ({
  page,
}, testInfo) => {
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await fillCustomer(page, czechCustomer);
  // Ticked before the price is updated: a re-price echoes the form as it was sent.
  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await field(page, "amount.edenred_card").fill("1 000");
  await submitIntent(page, "update");
  await submitIntent(page, "order");

  await decideAtGateway(page, /Edenred/, "decline");
  const benefit = page.locator(".order-payment[data-method=edenred_card]");
  await expect(page.locator(".payment-outcome")).toHaveText(
    "Platba se nezdařila. Zkuste to prosím znovu níže, nebo zaplaťte jiným způsobem."
  );
  await expect(benefit.locator(".payment-state")).toHaveText("Zamítnuto");
  await expect(page.locator(".progress__step--current")).toHaveText("Čeká na platbu (právě probíhá)");

  await benefit.getByRole("button", { name: "Zaplatit znovu: Karta Edenred" }).click();
  await decideAtGateway(page, /Edenred/, "approve");
  await expect(page.locator(".payment-outcome")).toHaveText("Platba proběhla. Část objednávky ještě zbývá zaplatit.");
  await expect(benefit.locator(".payment-state")).toHaveText("Zaplaceno");
  await expect(benefit.getByRole("button")).toHaveCount(0);
  await expect(page.locator(".order-payment[data-method=transfer] .transfer__qr img")).toBeVisible();
});

test("a payment cancelled at the gateway can be paid later from the status page (en)", async ({ page }, testInfo) => {
  await openReservation(page, "en");
  await expectJavaScriptState(page, testInfo);
  await fillCustomer(page, polishCustomer);
  // Ticked before the price is updated: a re-price echoes the form as it was sent.
  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await field(page, "amount.payment_card").fill("500");
  await submitIntent(page, "update");
  await submitIntent(page, "order");

  await decideAtGateway(page, /ČSOB/, "cancel");
  await expect(page.locator(".payment-outcome")).toHaveText("You cancelled the payment. You can pay again below.");
  await page.reload();
  await expect(page.locator(".payment-outcome")).toHaveText("You cancelled the payment. You can pay again below.");
  // Paying again at the same gateway, rather than paying another way.
  await page.locator(".order-payment[data-method=payment_card]").getByRole("button", { name: /^Try again/ }).click();
  await decideAtGateway(page, /ČSOB/, "approve");
  await expect(page.locator(".order-payment[data-method=payment_card] .payment-state")).toHaveText("Paid");
});

test("one adult travelling alone books a room from a link asking for one adult (cs)", async ({ page }, testInfo) => {
  await openReservation(page, "cs", "hotel-paris-prague", { adults: 1 });
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator(".stay-summary")).toContainText("1 dospělý");
  await placeTransferOrder(page, czechCustomer);

  await expect(page.locator(".stay-summary")).toContainText("1 dospělý");
  await expect(page.locator(".order-payment[data-method=transfer] .transfer__qr img")).toBeVisible();
});

const switchCases = [
  { language: "cs", customer: czechCustomer, cheapest: "payment_card", confirm: /^S tímto způsobem platby je celkem/ },
  { language: "pl", customer: polishCustomer, cheapest: "pluxee_cafeteria", confirm: /^Przy tej metodzie płatności/ },
] as const;

for (const { language, customer, cheapest, confirm } of switchCases) {
  test(`the first price carries no fee, and a fee chosen just before sending is confirmed once at its new total (${language})`, async ({
    page,
  }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    // Priced with the cheapest method until the customer chooses: no service fee anywhere.
    await expect(page.locator("input[name=lastPayment]:checked")).toHaveValue(cheapest);
    await expect(page.locator(".price-line__note")).toHaveCount(0);
    const firstTotal = (await shownTotal(page).textContent()) ?? "";

    await fillCustomer(page, customer);
    await acceptTerms(page);
    // Edenred's card carries a service fee in both markets.
    await page.locator("input[name=lastPayment][value=edenred_card]").check();
    if (javaScriptEnabled(testInfo)) {
      // The change is priced in the background before the customer sends: the new total is what they saw.
      await expect(shownTotal(page)).not.toHaveText(firstTotal);
      await submitIntent(page, "order");
    } else {
      // Without JavaScript the send is the first the server hears of the switch: it shows the new total, once.
      await submitIntent(page, "order");
      const summary = page.getByRole("alert").first();
      await expect(summary).toHaveText(confirm);
      const newTotal = (await shownTotal(page).textContent()) ?? "";
      expect(minorUnitsOf(newTotal)).toBeGreaterThan(minorUnitsOf(firstTotal));
      await expect(summary).toContainText(newTotal);
      await expect(summary).toContainText(firstTotal);
      await expect(field(page, "firstName")).toHaveValue(customer.firstName);
      await submitIntent(page, "order");
    }
    await page.waitForURL(/\/sandbox-gateway\//);
  });
}

const voucherCases: { language: Language; code: string; uses: RegExp; paid: string; name: string }[] = [
  {
    language: "cs",
    code: e2eVouchers.CZK,
    uses: /Poukaz \d{8} zaplatí .+ \(zůstatek .+\)\./,
    paid: "Zaplaceno",
    name: "Poukaz",
  },
  {
    language: "pl",
    code: e2eVouchers.PLN,
    uses: /Voucher \d{8} pokryje .+ \(saldo .+\)\./,
    paid: "Opłacona",
    name: "Voucher",
  },
];

for (const { language, code, uses, paid, name } of voucherCases) {
  test(`a voucher pays the stay, and a code that does not exist says so (${language})`, async ({ page }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    const before = minorUnitsOf((await shownTotal(page).textContent()) ?? "");
    await fillCustomer(page, language === "pl" ? polishCustomer : czechCustomer);
    // Ticked before the price is updated: a re-price echoes the form as it was sent.
    await acceptTerms(page);
    await field(page, "voucherCodes").fill(`${code} 12345678`);
    await page.locator("input[name=lastPayment][value=transfer]").check();
    await submitIntent(page, "update");

    const usesList = page.locator(".voucher-uses");
    await expect(usesList.locator(".condition--good")).toHaveText(uses);
    await expect(usesList.locator(".condition--warning")).toHaveText(
      language === "pl"
        ? "Kodu 12345678 nie można użyć: nie został znaleziony."
        : "Kód 12345678 nelze použít: nebyl nalezen."
    );
    await expect(page.locator(".price-line--sub").first()).toContainText(
      language === "pl" ? "w tym vouchery" : "z toho poukazy"
    );
    // Credit pays the price; it does not lower it. Paid by transfer, the price has no service fee.
    expect(minorUnitsOf((await shownTotal(page).textContent()) ?? "")).toBeLessThanOrEqual(before);
    await expect(field(page, "voucherCodes")).toHaveValue(`${code} 12345678`);

    await submitIntent(page, "order");
    await page.waitForURL(statusPath);
    const voucher = page.locator(".order-payment[data-method=voucher]");
    await expect(voucher).toContainText(name);
    await expect(voucher).toContainText(paid);
  });
}

test("sending without the details keeps what was typed and says what is missing, in the shop's language", async ({
  page,
}, testInfo) => {
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await field(page, "firstName").fill("Jana");
  await field(page, "email").fill("jana@");
  await field(page, "mobile").fill("12345");
  await field(page, "noteForHotel").fill("Přijedeme pozdě večer.");
  await field(page, "invoiceToCompany").check();
  await field(page, "amount.transfer").fill("tisíc");
  await submitIntent(page, "order");

  await expectFieldError(page, "lastName", "Povinné pole – zadejte prosím.");
  await expectFieldError(page, "street", "Povinné pole – zadejte prosím.");
  await expectFieldError(page, "email", "Zadejte platný e-mail (jmeno@server).");
  await expectFieldError(page, "mobile", "Zadejte platné telefonní číslo, např. +420 123 456 789.");
  await expectFieldError(page, "agreeCp", "Je potřeba souhlasit se storno podmínkami a obchodními podmínkami.");
  await expectFieldError(page, "companyName", "Povinné pole – zadejte prosím.");
  await expectFieldError(page, "amount.transfer", "Zadejte částku, např. 1500 nebo 1 500,50.");
  await expect(page).toHaveURL(reservationPath.cs);

  await expect(field(page, "firstName")).toHaveValue("Jana");
  await expect(field(page, "email")).toHaveValue("jana@");
  await expect(field(page, "mobile")).toHaveValue("12345");
  await expect(field(page, "noteForHotel")).toHaveValue("Přijedeme pozdě večer.");
  await expect(field(page, "invoiceToCompany")).toBeChecked();
  await expect(field(page, "amount.transfer")).toHaveValue("tisíc");
  await expect(field(page, "companyName")).toBeVisible();

  // Fixed, the same form goes through.
  await field(page, "amount.transfer").fill("");
  await fillCustomer(page, czechCustomer);
  await field(page, "companyName").fill("Firma s.r.o.");
  await field(page, "companyId").fill("12345678");
  await acceptTerms(page);
  await submitIntent(page, "order");
  // The card, the cheapest method, pays all of it: its gateway is next.
  await page.waitForURL(/\/sandbox-gateway\//);
});

const overpaidCases = [
  { language: "cs", message: /^Částky jsou o [\d\s]+(,\d{2})?\s*Kč vyšší, než zbývá zaplatit\. Snižte je prosím\.$/ },
  {
    language: "pl",
    message: /^Kwoty są o [\d\s]+(,\d{2})?\s*zł wyższe, niż pozostało do zapłaty\. Zmniejsz je, proszę\.$/,
  },
] as const;

for (const { language, message } of overpaidCases) {
  test(`an amount above the price says by how much (${language})`, async ({ page }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    await field(page, "amount.transfer").fill("9 999 999");
    await submitIntent(page, "update");
    await expectFieldError(page, "amount.transfer", message);
    await expect(field(page, "amount.transfer")).toHaveValue("9 999 999");
  });
}

const postalCodeCases = [
  { language: "cs", customer: czechCustomer, typed: "1100", message: "Zadejte PSČ ve tvaru 123 45." },
  { language: "pl", customer: polishCustomer, typed: "00238", message: "Wpisz kod pocztowy w formacie 12-345." },
] as const;

for (const { language, customer, typed, message } of postalCodeCases) {
  test(`a postal code not written as the country writes them shows the format (${language})`, async ({
    page,
  }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    await fillCustomer(page, { ...customer, postalCode: typed });
    await acceptTerms(page);
    await submitIntent(page, "order");
    await expectFieldError(page, "postalCode", message);
    await expect(field(page, "postalCode")).toHaveValue(typed);
    await expect(field(page, "lastName")).toHaveValue(customer.lastName);
  });
}

const guestCases = [
  { language: "cs", customer: czechCustomer, required: "Povinné pole – zadejte prosím.", conflict: /^Rezervujete-li/ },
  {
    language: "pl",
    customer: polishCustomer,
    required: "Pole obowiązkowe – uzupełnij je.",
    conflict: /^Jeśli rezerwujesz/,
  },
] as const;

for (const { language, customer, required, conflict } of guestCases) {
  test(`booking for someone else asks for the guest's name, and excludes being the main guest (${language})`, async ({
    page,
  }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    await fillCustomer(page, customer);
    await acceptTerms(page);
    await expect(field(page, "guestName")).toBeHidden();
    await field(page, "bookingForSomeoneElse").check();
    await field(page, "isMainGuest").check();
    await submitIntent(page, "order");
    await expectFieldError(page, "guestName", required);
    await expectFieldError(page, "isMainGuest", conflict);
    await expect(field(page, "bookingForSomeoneElse")).toBeChecked();

    await field(page, "isMainGuest").uncheck();
    await field(page, "guestName").fill("Petr Novák");
    await submitIntent(page, "order");
    await page.waitForURL(/\/sandbox-gateway\//);
  });
}

const summaryCases = [
  {
    language: "cs",
    lastName: "Příjmení: Povinné pole – zadejte prosím.",
    note: "Poznámka pro hotel: Text je příliš dlouhý: nejvýše 1000 znaků. Zkraťte jej prosím.",
    code: /^Kódy poukazů nebo slevové kódy: Kód 123: /,
  },
  {
    language: "pl",
    lastName: "Nazwisko: Pole obowiązkowe – uzupełnij je.",
    note: "Uwagi dla hotelu: Tekst jest za długi: najwyżej 1000 znaków. Skróć go, proszę.",
    code: /: Kod 123: /,
  },
] as const;

for (const { language, lastName, note, code } of summaryCases) {
  test(`the error summary comes first and links every wrong field, at 360 px (${language})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    await field(page, "firstName").fill("Jana");
    const longNote = "Přijedeme pozdě. ".repeat(300);
    await field(page, "noteForHotel").fill(longNote);
    await field(page, "voucherCodes").fill("123");
    await submitIntent(page, "order");

    // With or without JavaScript the summary is where the customer is, and the cursor is on it.
    const summary = page.locator("#error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    const links = summary.getByRole("link");
    await expect(links.filter({ hasText: lastName })).toHaveAttribute("href", "#field-lastName");
    await expect(links.filter({ hasText: note })).toHaveAttribute("href", "#field-noteForHotel");
    await expect(links.filter({ hasText: code })).toHaveAttribute("href", "#field-voucherCodes");
    await expect(links.filter({ hasText: /^Jméno:|^Imię:/ })).toHaveCount(0);
    // Every link leads to a control on the page.
    for (const href of await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")))) {
      await expect(page.locator(href ?? "#none")).toHaveCount(1);
    }
    // The browser keeps the whole note; a page sent back (no JavaScript) repeats it only up to its limit (issue 12).
    const keptNote = javaScriptEnabled(testInfo) ? longNote : longNote.slice(0, MAX_NOTE_LENGTH);
    await expect(field(page, "noteForHotel")).toHaveValue(keptNote);
    await expect(field(page, "voucherCodes")).toHaveValue("123");
    await expect(field(page, "firstName")).toHaveValue("Jana");
  });
}

test("Update price prices the cancellation insurance in (en)", async ({ page }, testInfo) => {
  await openReservation(page, "en");
  await expectJavaScriptState(page, testInfo);
  const before = minorUnitsOf((await shownTotal(page).textContent()) ?? "");
  await expect(page.locator(".price-line").filter({ hasText: "Cancellation insurance" })).toHaveCount(0);
  await field(page, "firstName").fill("Anna");
  await field(page, "cancellationInsurance").check();
  await submitIntent(page, "update");

  const insurance = page.locator(".price-line").filter({ hasText: "Cancellation insurance" });
  await expect(insurance.locator("dd")).toHaveText(/^PLN\s?199$/);
  // Paid by a benefit card, the insurance carries the card's service fee too: the total grows by at least its price.
  await expect
    .poll(async () => minorUnitsOf((await shownTotal(page).textContent()) ?? "") - before)
    .toBeGreaterThanOrEqual(19_900);
  await expect(field(page, "cancellationInsurance")).toBeChecked();
  await expect(field(page, "firstName")).toHaveValue("Anna");
  await expect(page.getByText("Cancellation insurance for PLN 199")).toBeVisible();
});

test("with JavaScript, a change of the split re-prices without reloading the page", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "the background re-price is JavaScript's");
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
  await field(page, "cancellationInsurance").check();
  await expect(page.locator(".price-line").filter({ hasText: "Pojištění storna" }).locator("dd")).toHaveText(
    /1\s500\sKč/
  );
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await expect(page.locator(".price-line[data-method=transfer]")).toBeVisible();
  await field(page, "amount.payment_card").fill("1000");
  await expect(page.locator(".price-line[data-method=payment_card] dd")).toHaveText(/^1\s000\sKč$/);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  // Enter in a field updates the price; it never sends the order.
  await field(page, "firstName").fill("Jana");
  await field(page, "firstName").press("Enter");
  await expect(page).toHaveURL(reservationPath.cs);
});

test("a background re-price that reaches the shop after Update price does not undo it", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "the background re-price is JavaScript's");
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  // The first post (the background re-price of the method chosen) is held back until the later one has been answered.
  let held: (() => void) | undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => reservationPath.cs.test(url.pathname), async (route) => {
    if (route.request().method() !== "POST" || !held) return route.continue();
    held();
    held = undefined;
    await released;
    await route.continue();
  });
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await holding;
  await field(page, "amount.payment_card").fill("1000");
  await submitIntent(page, "update");
  await expect(page.locator(".price-line[data-method=payment_card] dd")).toHaveText(/^1\s000\sKč$/);

  const late = page.waitForResponse((response) => response.request().method() === "POST");
  release();
  await late;
  await expect(page.getByRole("status").filter({ hasText: /./ })).toHaveCount(0);
  await expect(page.locator(".price-line[data-method=payment_card] dd")).toHaveText(/^1\s000\sKč$/);
  // What the shop kept is the later split too.
  await page.reload();
  await expect(page.locator(".price-line[data-method=payment_card] dd")).toHaveText(/^1\s000\sKč$/);
});

test("pressing Enter updates the price and never sends the order", async ({ page }, testInfo) => {
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await fillCustomer(page, czechCustomer);
  await acceptTerms(page);
  await field(page, "city").press("Enter");
  await page.waitForLoadState("load");
  await expect(page).toHaveURL(reservationPath.cs);
  await expect(field(page, "city")).toHaveValue(czechCustomer.city);
});

test("sending twice places one order", async ({ page, request }, testInfo) => {
  const reservation = await reservationByRequest(request);
  const form = await orderForm(request, reservation);
  const [first, second] = await Promise.all([
    request.post(reservation, { form, maxRedirects: 0 }),
    request.post(reservation, { form, maxRedirects: 0 }),
  ]);
  expect(first.status()).toBe(303);
  expect(second.status()).toBe(303);
  const status = first.headers()["location"];
  expect(second.headers()["location"]).toBe(status);

  // And in the browser: back to the reservation, the order sent again with the same details, the same status page.
  const sendAgain = async (email: string) => {
    await page.goto(reservation);
    await expectJavaScriptState(page, testInfo);
    await fillCustomer(page, { ...czechCustomer, email }, { sameEmail: true });
    await page.locator("input[name=lastPayment][value=transfer]").check();
    await acceptTerms(page);
    await submitIntent(page, "update");
    await expect(page.locator(".price-line[data-method=transfer]")).toBeVisible();
    await submitIntent(page, "order");
  };
  await sendAgain(form.email!);
  await page.waitForURL(statusPath);
  expect(new URL(page.url()).pathname).toBe(status);

  // Someone else with the reservation's address and their own details opens no order: they are told where it is.
  await sendAgain(ownEmail(czechCustomer.email));
  await expect(page.locator("#error-summary")).toContainText("Tato rezervace už byla odeslána jako objednávka");
  await expect(page).toHaveURL(reservationPath.cs);
});

test("order screens are never stored, and unknown ones are the 404 page", async ({ page, request }) => {
  const reservation = await reservationByRequest(request);
  expect((await request.get(reservation)).headers()["cache-control"]).toBe("private, no-store");
  const placed = await request.post(reservation, { form: await orderForm(request, reservation), maxRedirects: 0 });
  const status = await request.get(placed.headers()["location"]);
  expect(status.headers()["cache-control"]).toBe("private, no-store");
  const terms = await request.get(`${placed.headers()["location"]}/dokument/terms`);
  expect(terms.headers()["content-type"]).toBe("application/pdf");
  expect(terms.headers()["cache-control"]).toBe("private, no-store");
  for (const answer of [status, terms]) expect(answer.headers()["cross-origin-resource-policy"]).toBe("same-origin");

  for (const path of [
    "/objednavka/rezervace/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
    "/status/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
    "/status/not-an-order",
  ]) {
    const response = await page.goto(onHost("localhost", path));
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  }
});

test("a visitor who came through a host not the shop's is not sent to pay, and the status page says why", async ({
  request,
  page,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "the post is made without a page: once is enough");
  const status = new URL(await orderByRequest(request));
  // The gateway would send the visitor back to the host the pay post came through; the api takes only the shop's.
  const pay = await request.post(status.pathname, {
    headers: { host: "evil.example" },
    form: { paymentId: "0b5c7a52-7a86-4b8e-9a55-1d7e6f0c3b21" },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  const told = pay.headers()["location"];
  expect(told).toBe(`${status.pathname}?error=PAYMENT_RETURN_URL_INVALID`);
  await page.goto(told);
  await expect(page.getByRole("alert")).toHaveText(
    "Nastala neznámá chyba. Kontaktujte nás prosím na podpora@dovolenazabenefity.cz."
  );
});

test.describe("an order the hotel takes a while to confirm, in a browser (not a crawler)", () => {
  test.use({ userAgent: browserUserAgent });
  const placingPath = /\/objednavka\/odesilani\/[0-9a-f-]{36}$/;

  test("reaches its status page as its customer's; without JavaScript a page says meanwhile that it is being sent", async ({
    page,
    browser,
  }, testInfo) => {
    await openReservation(page, "cs", simulatorSlugs.slow, { freelyCancellable: true });
    await expectJavaScriptState(page, testInfo);
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await fillCustomer(page, czechCustomer);
    await acceptTerms(page);
    await page.locator("input[name=lastPayment][value=transfer]").check();
    await submitIntent(page, "update");
    await submitIntent(page, "order");
    // The simulator's slow hotel confirms its offer after 3 s; the post waits a second at most, then the page streams.
    if (!javaScriptEnabled(testInfo)) {
      await page.waitForURL(placingPath, { waitUntil: "commit" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odesíláme objednávku");
      await expect(page.getByRole("status").filter({ hasText: "Ověřujeme u hotelu" })).toBeVisible();
    }
    await page.waitForURL(statusPath);
    // The browser that sent the order keeps its owner key: it may cancel the order, and is not sent to its e-mail.
    await expect(page.locator("#cancel-title")).toBeVisible();
    await expect(page.getByTestId("owner-only")).toHaveCount(0);
    const placing = visited.find((url) => placingPath.test(new URL(url).pathname));
    if (javaScriptEnabled(testInfo)) {
      // A script's post waits under its own pending state.
      expect(placing).toBeUndefined();
      return;
    }

    // Someone else with the placing page's address learns that the order was sent and where its link is, by its
    // number: neither its status page nor its key.
    const confirmation = (await page.locator("#confirmation-title").textContent()) ?? "";
    const orderNumber = /objednávka (\d+) byla odeslána/.exec(confirmation)?.[1];
    expect(orderNumber).toBeDefined();
    const stranger = await browser.newPage({ javaScriptEnabled: false, userAgent: browserUserAgent });
    await stranger.goto(placing!);
    await expect(stranger).toHaveURL(placing!);
    await expect(stranger.getByRole("status")).toHaveText(
      `Objednávka č. ${orderNumber} byla odeslána. Odkaz, kterým ji zaplatíte a budete sledovat, najdete v e-mailu, který jsme poslali na adresu uvedenou v objednávce.`
    );
    expect(await stranger.content()).not.toContain(new URL(page.url()).pathname);
    await stranger.close();
  });

  test("the placing page of a reservation not sent is the reservation", async ({ page, request }, testInfo) => {
    const reservation = new URL(await reservationByRequest(request));
    await page.goto(reservation.pathname.replace("/rezervace/", "/odesilani/"));
    await expectJavaScriptState(page, testInfo);
    await expect(page).toHaveURL(reservationPath.cs);
    expect(new URL(page.url()).pathname).toBe(reservation.pathname);
  });
});

test.describe("a payment its gateway is slow to start, in a browser (not a crawler)", () => {
  test.use({ userAgent: browserUserAgent });
  const payingPath = /\/status\/[0-9a-f-]{36}\/k-platbe$/;

  test("reaches the gateway from the reservation and from the status page; without JavaScript a page says meanwhile that it is connecting", async ({
    page,
  }, testInfo) => {
    const withoutScripts = !javaScriptEnabled(testInfo);
    await openReservation(page, "cs");
    await expectJavaScriptState(page, testInfo);
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    // The sandbox gateway's slow payer: its payment/init is answered after 3 s; the post waits a second at most.
    await fillCustomer(page, { ...czechCustomer, email: "dzb-sim-slow@example.cz" });
    await acceptTerms(page);
    await page.locator("input[name=lastPayment][value=transfer]").check();
    await field(page, "amount.payment_card").fill("500");
    await submitIntent(page, "update");
    await submitIntent(page, "order");
    const connecting = async () => {
      if (!withoutScripts) return;
      await page.waitForURL(payingPath, { waitUntil: "commit" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Přesměrování k platbě");
      await expect(page.getByRole("status").filter({ hasText: "Spojujeme vás s platební bránou" })).toBeVisible();
    };
    await connecting();
    await decideAtGateway(page, /ČSOB/, "cancel");
    // The status page is loaded anew: with JavaScript its scripts must have run before the click, or the click is a
    // script-less post (which a slow machine showed as visits of the paying page).
    await expectJavaScriptState(page, testInfo);
    const card = page.locator(".order-payment[data-method=payment_card]");
    await card.getByRole("button", { name: /^Zaplatit znovu/ }).click();
    await connecting();
    await decideAtGateway(page, /ČSOB/, "approve");
    await expect(card.locator(".payment-state")).toHaveText("Zaplaceno");

    const paying = visited.filter((url) => payingPath.test(new URL(url).pathname));
    // A script's post waits under its own pending state.
    expect(paying).toHaveLength(withoutScripts ? 2 : 0);
    if (withoutScripts) {
      // Answered once: the paying page loaded again after the gateway is the status page, not the gateway again.
      await page.goto(paying[1]);
      await expect(page).toHaveURL(statusPath);
      await expect(card.locator(".payment-state")).toHaveText("Zaplaceno");
    }
  });
});
