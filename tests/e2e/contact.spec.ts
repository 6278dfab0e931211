import { expect, test, type Page } from "@playwright/test";
import { mailsMentioning } from "./deadlines";
import { expectFieldError, field } from "./order-flow";
import { expectJavaScriptState, javaScriptEnabled, onHost, ownVisitor } from "./support";
import { plainTextOf } from "../fixtures/mime";

/**
 * The contact form (SPEC §2 contact, §8 forms; issue 16): a plain post, with and without JavaScript, whose message
 * reaches the shop's support by e-mail; what is refused keeps what was typed. Each project is a visitor of its own,
 * so the messages it sends use up no other test's budget.
 */

async function send(page: Page) {
  await page.locator("form.contact-form button[type=submit]").click();
}

/** An address of the test's own, which the mail to support names in its Reply-To. */
const senderAddress = (name: string) => `${name}.${Date.now()}@example.com`;

/** The plain texts of the mails to support that reply to `address`. */
async function mailsFrom(address: string): Promise<string[]> {
  return (await mailsMentioning(`Reply-To: ${address}`)).map(plainTextOf);
}

test("a message reaches the shop's support, and the form says thanks and empties", async ({ page }, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.41");
  await page.goto("/kontakt");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("main").getByRole("link", { name: "podpora@dovolenazabenefity.cz" })).toHaveAttribute(
    "href",
    "mailto:podpora@dovolenazabenefity.cz"
  );
  const sender = senderAddress("jana");
  await field(page, "fullname").fill("Jana Nováková");
  await field(page, "email").fill(sender);
  await field(page, "subject").fill("Faktura");
  await field(page, "message").fill("Dobrý den,\nprosím o fakturu na firmu.");
  await send(page);

  await expect(page.getByRole("status").filter({ hasText: "Děkujeme" })).toHaveText(
    "Děkujeme, formulář byl úspěšně odeslán"
  );
  await expect(field(page, "message")).toHaveValue("");
  await expect(field(page, "fullname")).toHaveValue("");

  // A job of its own mails it, so it may come a moment later.
  await expect.poll(async () => (await mailsMentioning(`Reply-To: ${sender}`))[0] ?? "", { timeout: 15_000 }).toContain(
    "To: podpora@dovolenazabenefity.cz"
  );
  const [text] = await mailsFrom(sender);
  expect(text).toContain("Faktura");
  expect(text).toContain("prosím o fakturu na firmu.");
});

test("a message without an e-mail keeps what was typed and says what to fix, in the page's language", async ({
  page,
}, testInfo) => {
  await ownVisitor(page, testInfo, "100.64.42");
  await page.goto(onHost("pl.localhost", "/en/contact"));
  await expectJavaScriptState(page, testInfo);
  await field(page, "fullname").fill("Anna Kowalska");
  await field(page, "email").fill("anna@");
  await field(page, "message").fill("Hello, I need an invoice.");
  await send(page);

  await expectFieldError(page, "email", "Enter a valid e-mail address (name@server).");
  await expect(field(page, "fullname")).toHaveValue("Anna Kowalska");
  await expect(field(page, "message")).toHaveValue("Hello, I need an invoice.");
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toHaveCount(0);
});

test("a post whose hidden field a script filled is thanked and sent nowhere", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "one post, alike with or without JavaScript: once is enough");
  await ownVisitor(page, testInfo, "100.64.43");
  await page.goto("/kontakt");
  const robot = senderAddress("robot");
  await page.evaluate(() => {
    (document.querySelector("input[name=website]") as HTMLInputElement).value = "https://spam.example";
  });
  await field(page, "fullname").fill("Robot");
  await field(page, "email").fill(robot);
  await field(page, "message").fill("Buy now");
  await send(page);
  await expect(page.getByRole("status").filter({ hasText: "Děkujeme" })).toBeVisible();

  // A real message after it: once its mail is out, the robot's would have been out before it.
  const person = senderAddress("person");
  await field(page, "fullname").fill("Jana Nováková");
  await field(page, "email").fill(person);
  await field(page, "message").fill("Dobrý den");
  await send(page);
  await expect.poll(async () => (await mailsFrom(person)).length, { timeout: 15_000 }).toBe(1);
  expect(await mailsFrom(robot)).toEqual([]);
});
