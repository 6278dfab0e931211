import { expect, test } from "@playwright/test";
import { expectJavaScriptState } from "./support";

test("the home page names the cards the market takes, the four steps and what a customer can rely on", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await expectJavaScriptState(page, testInfo);
  const payWith = page.getByRole("complementary", { name: "Čím můžete platit" });
  await expect(payWith.getByRole("listitem")).toContainText(["Karta Edenred", "Karta Up", "Benefit Systems"]);
  await expect(page.getByRole("region", { name: "Jak objednávka probíhá" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Na co se můžete spolehnout" })).toContainText("poukaz");
  await expect(page.getByRole("link", { name: "Rezervace ubytování" }).first()).toBeVisible();
});
