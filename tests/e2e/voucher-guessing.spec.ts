import { expect, test } from "@playwright/test";
import { e2eVouchers } from "../playwright.config";
import { expectFieldError, field } from "./order-flow";
import { czechCustomer, fillCustomer, openReservation, submitIntent } from "./reservation-flow";
import { expectJavaScriptState, ownVisitor } from "./support";

/**
 * Voucher codes cannot be guessed through the reservation form (decision 015): at most 5 codes a post, and after 10
 * wrong codes the visitor is told when to try again, with what they typed kept.
 */


test("more than 5 voucher codes are refused in the visitor's language, as typed", async ({ page }, testInfo) => {
  await ownVisitor(page, testInfo, "192.0.2");
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  const six = "21000001 21000002 21000003 21000004 21000005 21000006";
  await field(page, "voucherCodes").fill(six);
  await submitIntent(page, "update");
  await expectFieldError(page, "voucherCodes", "V jedné objednávce lze použít nejvýše 5 poukazů.");
  await expect(field(page, "voucherCodes")).toHaveValue(six);
});

test("after 10 wrong voucher codes the reservation says when to try again, a right code too, and keeps what was typed", async ({
  page,
}, testInfo) => {
  await ownVisitor(page, testInfo, "198.51.100");
  await openReservation(page, "cs");
  await expectJavaScriptState(page, testInfo);
  const customer = await fillCustomer(page, czechCustomer);
  const wrong = Array.from({ length: 10 }, (_, i) => String(22_000_000 + i));
  for (const batch of [wrong.slice(0, 5), wrong.slice(5)]) {
    await field(page, "voucherCodes").fill(batch.join(" "));
    await submitIntent(page, "update");
    await expect(page.locator(".voucher-uses .condition--warning")).toHaveCount(5);
    await expect(page.locator(".voucher-uses")).toContainText(`Kód ${batch[0]} nelze použít: nebyl nalezen.`);
  }

  const tooMany = /^Příliš mnoho neplatných kódů poukazů\. Zkuste to prosím znovu za 1[45] min\.$/;
  for (const codes of ["22999999", e2eVouchers.CZK]) {
    await field(page, "voucherCodes").fill(codes);
    await submitIntent(page, "update");
    await expectFieldError(page, "voucherCodes", tooMany);
    await expect(field(page, "voucherCodes")).toHaveValue(codes);
    await expect(field(page, "firstName")).toHaveValue(customer.firstName);
    await expect(field(page, "email")).toHaveValue(customer.email);
    // Nothing is said about the codes themselves, the shop's real voucher included.
    await expect(page.locator(".voucher-uses .condition--good")).toHaveCount(0);
  }

  // Another visitor, though the same web server calls the api for both, is not held back by these guesses.
  await ownVisitor(page, testInfo, "203.0.113");
  await field(page, "voucherCodes").fill(e2eVouchers.CZK);
  await submitIntent(page, "update");
  await expect(page.locator(".voucher-uses .condition--good")).toHaveCount(1);
  await expect(field(page, "voucherCodes")).not.toHaveAttribute("aria-invalid", "true");
});
