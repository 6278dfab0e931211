import { expect, test, type Page } from "@playwright/test";
import { field, minorUnitsOf, type Language } from "./order-flow";
import { openReservation, shownTotal, submitIntent } from "./reservation-flow";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * The ways to pay side by side (issue 33): before choosing, the reservation and the voucher purchase show what the
 * order costs paid by each method alone, cheapest first, and a row's button has that method pay everything, with
 * JavaScript and without.
 */

type Quote = { method: string; amount: number; chosen: boolean };

/** The comparison's rows as shown: the method, its total (or a voucher's value), and whether it is the one chosen. */
async function comparedQuotes(page: Page): Promise<Quote[]> {
  const rows = page.locator(".method-comparison tbody tr");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      method: tr.getAttribute("data-method") ?? "",
      amount: (tr as HTMLTableRowElement).cells[1]?.textContent ?? "",
      chosen: tr.classList.contains("method-comparison__chosen"),
    }))
  );
  return shown.map((row) => ({ ...row, amount: minorUnitsOf(row.amount) }));
}

function chooseRow(page: Page, method: string) {
  return page.locator(`.method-comparison tr[data-method=${method}] button[name=payWith]`).click();
}

const markets: { language: Language; order: string[]; typedFor: string; chosen: string }[] = [
  {
    language: "cs",
    order: ["payment_card", "transfer", "edenred_card", "edenred_cafeteria", "up_card", "pluxee_cafeteria", "benefit_systems"],
    typedFor: "edenred_card",
    chosen: "up_card",
  },
  {
    language: "pl",
    order: ["pluxee_cafeteria", "benefit_systems", "payment_card", "transfer", "edenred_card", "up_card"],
    typedFor: "transfer",
    chosen: "edenred_card",
  },
];

for (const { language, order, typedFor, chosen } of markets) {
  test(`the ways to pay a stay compared, cheapest first, and one chosen to pay it all (${language})`, async ({
    page,
  }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    const quotes = await comparedQuotes(page);
    expect(quotes.map((quote) => quote.method)).toEqual(order);
    const totals = quotes.map((quote) => quote.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // The first price is the cheapest method's, and its row says it is the one chosen.
    expect(quotes.filter((quote) => quote.chosen).map((quote) => quote.method)).toEqual([order[0]]);
    expect(minorUnitsOf((await shownTotal(page).textContent()) ?? "")).toBe(totals[0]);

    // What the customer typed elsewhere stays; an amount typed into the split gives way to the choice.
    await field(page, "firstName").fill("Jana");
    await field(page, `amount.${typedFor}`).fill("1000");
    await chooseRow(page, chosen);
    await expect(page.locator(`.method-comparison tr[data-method=${chosen}]`)).toHaveClass(/method-comparison__chosen/);
    await expect(page.locator(`input[name=lastPayment][value=${chosen}]`)).toBeChecked();
    await expect(field(page, `amount.${typedFor}`)).toHaveValue("");
    await expect(field(page, "firstName")).toHaveValue("Jana");
    const quoted = quotes.find((quote) => quote.method === chosen)!.amount;
    await expect.poll(async () => minorUnitsOf((await shownTotal(page).textContent()) ?? "")).toBe(quoted);
    await expect(page.locator(".price-line[data-method]")).toHaveCount(1);
  });
}

test("the ways to pay a voucher compared: the total with fees on top, the voucher's value with fees included (cs)", async ({
  page,
}, testInfo) => {
  await page.goto(onHost("localhost", "/voucher"));
  await expectJavaScriptState(page, testInfo);
  // The opening purchase, 1 000 Kč with the fees on top: a method with a fee costs more.
  const plus = await comparedQuotes(page);
  expect(plus.find((quote) => quote.method === "payment_card")?.amount).toBe(100_000);
  expect(plus.find((quote) => quote.method === "pluxee_cafeteria")?.amount).toBe(110_000);

  await chooseRow(page, "pluxee_cafeteria");
  await expect(page.locator("input[name=lastPayment][value=pluxee_cafeteria]")).toBeChecked();
  await expect.poll(async () => minorUnitsOf((await shownTotal(page).textContent()) ?? "")).toBe(110_000);

  // Fees included, the total is the amount entered: what differs, and is compared, is what the voucher holds.
  await page.locator("#field-feeMode-fees_included").check();
  await submitIntent(page, "update");
  await expect(page.locator(".method-comparison thead th").nth(1)).toHaveText("Hodnota poukazu");
  const included = await comparedQuotes(page);
  expect(included[0]).toMatchObject({ method: "payment_card", amount: 100_000 });
  // Pluxee's 10 % is of the part it pays for: 1 000 Kč holds a voucher of 910 Kč and a fee of 90 Kč (whole crowns).
  expect(included.find((quote) => quote.method === "pluxee_cafeteria")).toMatchObject({ amount: 91_000, chosen: true });
});

test("the cheapest split for what the customer's cards hold, proposed and taken with one click (cs)", async ({
  page,
}, testInfo) => {
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  await field(page, "firstName").fill("Jana");
  // 3 200 Kč left on Edenred (5.9 %), plenty of Pluxee points (10 %): Edenred's goes first, all of it.
  await field(page, "balance.edenred_card").fill("3200");
  await field(page, "balance.pluxee_cafeteria").fill("50000");
  // With JavaScript the proposal follows the balances typed; without, the form asks for it.
  if (!javaScriptEnabled(testInfo)) await page.locator(".cheapest-split button[value=update]").click();
  const parts = page.locator(".cheapest-split__parts li");
  await expect(parts).toHaveCount(2);
  await expect(parts.first()).toHaveAttribute("data-method", "edenred_card");
  await expect(parts.first()).toContainText(/3\s200,00\sKč|3\s200\sKč/);
  await expect(parts.nth(1)).toHaveAttribute("data-method", "pluxee_cafeteria");
  const proposedTotal = minorUnitsOf((await page.locator(".cheapest-split__total").textContent()) ?? "");

  await page.locator(".cheapest-split button[name=takeSplit]").click();
  await expect(page.locator(".cheapest-split .condition--good")).toBeVisible();
  await expect(field(page, "amount.edenred_card")).toHaveValue("3021,72");
  await expect(field(page, "firstName")).toHaveValue("Jana");
  await expect(page.locator(".price-line[data-method=edenred_card] dd")).toHaveText(/^3\s200(,00)?\sKč$/);
  await expect.poll(async () => minorUnitsOf((await shownTotal(page).textContent()) ?? "")).toBe(proposedTotal);
});
