import { expect, test } from "@playwright/test";
import {
  acceptTerms,
  czechCustomer,
  decideAtGateway,
  fillCustomer,
  openReservation,
  polishCustomer,
  submitIntent,
} from "./reservation-flow";
import { expectJavaScriptState } from "./support";

/**
 * After a declined or cancelled payment at a gateway the status page offers the other methods the order allows, keeps
 * the pay-by deadline in view, and the part is paid with the method chosen. With JavaScript and without it, in Czech
 * (declined Edenred, then a card) and in Polish (cancelled at Pluxee, then a transfer), at a phone's width.
 */

test.use({ viewport: { width: 360, height: 800 } });

const flows = {
  cs: {
    customer: czechCustomer,
    first: { methodId: "edenred_card", gateway: /Edenred/, decision: "decline" },
    outcome: "Platba se nezdařila. Zkuste to prosím znovu níže, nebo zaplaťte jiným způsobem.",
    failedState: "Zamítnuto",
    payBy: /^Zaplaťte do /,
    changeLabel: "Zaplatit jiným způsobem",
    change: "Změnit způsob platby",
    then: { methodId: "payment_card", name: "Platební karta", state: "Čeká" },
  },
  pl: {
    customer: polishCustomer,
    first: { methodId: "pluxee_cafeteria", gateway: /Pluxee/, decision: "cancel" },
    outcome: "Płatność została anulowana. Możesz zapłacić ponownie poniżej.",
    failedState: "Anulowana",
    payBy: /^Zapłać do /,
    changeLabel: "Zapłać w inny sposób",
    change: "Zmień formę płatności",
    then: { methodId: "transfer", name: "Przelew bankowy", state: "Oczekuje" },
  },
} as const;

for (const language of ["cs", "pl"] as const) {
  const flow = flows[language];

  test(`a failed gateway payment is paid another way, its deadline kept in view (${language})`, async ({
    page,
  }, testInfo) => {
    await openReservation(page, language);
    await expectJavaScriptState(page, testInfo);
    await fillCustomer(page, flow.customer);
    await page.locator(`input[name=lastPayment][value=${flow.first.methodId}]`).check();
    await acceptTerms(page);
    await submitIntent(page, "update");
    await submitIntent(page, "order");
    await decideAtGateway(page, flow.first.gateway, flow.first.decision);

    await expect(page.locator(".payment-outcome")).toHaveText(flow.outcome);
    const failed = page.locator(`.order-payment[data-method=${flow.first.methodId}]`);
    await expect(failed.locator(".payment-state")).toHaveText(flow.failedState);
    // Still owed, so still due by the order's deadline.
    await expect(failed.getByTestId("pay-by")).toHaveText(flow.payBy);

    await failed.getByLabel(flow.changeLabel).selectOption(flow.then.methodId);
    await failed.getByRole("button", { name: flow.change }).click();

    const moved = page.locator(`.order-payment[data-method=${flow.then.methodId}]`);
    await expect(moved).toContainText(flow.then.name);
    await expect(moved.locator(".payment-state")).toHaveText(flow.then.state);
    await expect(moved.getByTestId("pay-by")).toHaveText(flow.payBy);
    await expect(page.locator(`.order-payment[data-method=${flow.first.methodId}]`)).toHaveCount(0);
    if (flow.then.methodId === "transfer") {
      await expect(moved.getByTestId("transfer-variable-symbol")).not.toBeEmpty();
    } else {
      await moved.getByRole("button", { name: `Zaplatit: ${flow.then.name}` }).click();
      await decideAtGateway(page, /ČSOB/, "approve");
      await expect(page.locator(".payment-outcome")).toHaveText("Platba proběhla. Děkujeme.");
    }
  });
}
