import { test } from "@playwright/test";
import { acceptTerms, fillCustomer, openReservation, polishCustomer, statusPath, submitIntent } from "./reservation-flow";
import { onHost } from "./support";

test("shots", async ({ page }, testInfo) => {
  const js = testInfo.project.name;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(onHost("localhost", "/voucher"));
    await page.screenshot({ path: `/tmp/shot-voucher-${width}-${js}.png`, fullPage: false });
    await page.locator(".voucher-design").screenshot({ path: `/tmp/shot-designs-${width}-${js}.png` });
  }
  await page.setViewportSize({ width: 360, height: 900 });
  await openReservation(page, "pl");
  await fillCustomer(page, polishCustomer);
  await acceptTerms(page);
  await page.locator("input[name=lastPayment][value=transfer]").check();
  await submitIntent(page, "update");
  await submitIntent(page, "order");
  await page.waitForURL(statusPath);
  await page.screenshot({ path: `/tmp/shot-status-360-${js}.png`, fullPage: true });
});
