import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

/**
 * The content pages (how it works, the partners, the FAQ, the branches, inspiration, the 2024 Edenred promotion):
 * reachable from every host's header and footer, in the content store's words, with the fees the api charges, and
 * listed for search engines. With and without JavaScript, since each must work before its scripts load.
 */

/** Fewer characters than the shortest real page here says (a form with its intro), more than any 404 or empty list. */
const realContentLength = 200;

/** The cell with the fee a row of the fee table names for `method`. */
function feeOf(page: Page, method: string) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: method, exact: true }) })
    .getByRole("cell");
}

async function expectNotFound(page: Page, path: string, testInfo: TestInfo) {
  const answer = await page.goto(path);
  expect(answer?.status()).toBe(404);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
}

/** Each host's home in each language it publishes, with the paths of how it works and inspiration there. */
const hostHomes = [
  { name: "the Czech host", home: onHost("localhost", "/"), contentPaths: ["/jak-to-funguje", "/inspirace"] },
  { name: "the Polish host", home: onHost("pl.localhost", "/"), contentPaths: ["/jak-to-dziala", "/inspiracje"] },
  {
    name: "the Polish host in English",
    home: onHost("pl.localhost", "/en"),
    contentPaths: ["/en/how-it-works", "/en/inspiration"],
  },
  {
    name: "the Pluxee white label",
    home: onHost("pluxee.localhost", "/"),
    contentPaths: ["/jak-to-funguje", "/inspirace"],
  },
];

for (const { name, home, contentPaths } of hostHomes) {
  test(`every header and footer link of ${name} opens a page with a heading and content`, async ({
    page,
  }, testInfo) => {
    await page.goto(home);
    await expectJavaScriptState(page, testInfo);
    // Taken from the navs themselves, so that a link added to them later is checked too.
    const navLinks = page
      .getByRole("banner")
      .or(page.getByRole("contentinfo"))
      .getByRole("navigation")
      .getByRole("link");
    const hrefs = await navLinks.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const targets = [...new Set(hrefs)];
    // The new pages are among them, on the host and in the language of the home they are linked from.
    const homeUrl = new URL(home);
    expect(targets).toEqual(expect.arrayContaining(contentPaths.map((path) => `${homeUrl.origin}${path}`)));
    for (const target of targets) expect(new URL(target).origin).toBe(homeUrl.origin);

    for (const target of targets) {
      const answer = await page.goto(target);
      expect(answer?.status(), target).toBe(200);
      await expectJavaScriptState(page, testInfo);
      await expect(page.getByRole("heading", { level: 1 }), target).toBeVisible();
      const text = await page.getByRole("main").innerText();
      expect(text.length, `the text of ${target}`).toBeGreaterThan(realContentLength);
    }
  });
}

test("how it works shows the four steps and each way to pay with the fee the api charges", async ({
  page,
}, testInfo) => {
  await page.goto("/jak-to-funguje");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jak to funguje");
  for (const step of ["Odešlete objednávku", "Zaplaťte", "Přijde vám potvrzení", "Vyrazte na cestu"]) {
    await expect(page.getByRole("region", { name: step, exact: true })).toBeVisible();
  }
  // In the order a visitor goes through them.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toContainText([
    "Odešlete objednávku",
    "Zaplaťte",
    "Přijde vám potvrzení",
    "Vyrazte na cestu",
  ]);

  await expect(page.getByRole("region", { name: "Poplatky podle způsobu platby" }).getByRole("table")).toBeVisible();
  await expect(feeOf(page, "Karta Up")).toHaveText("6,9 %");
  await expect(feeOf(page, "Karta Edenred")).toHaveText("5,9 %");
  await expect(feeOf(page, "Pluxee (kafeterie)")).toHaveText("10 %");
  await expect(feeOf(page, "Benefit Systems")).toHaveText("10 %");
  await expect(feeOf(page, "Platební karta")).toHaveText("bez poplatku");

  // The Polish market charges nothing for Pluxee and Benefit Systems.
  await page.goto(onHost("pl.localhost", "/jak-to-dziala"));
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("region", { name: "Opłaty według sposobu płatności" }).getByRole("table")).toBeVisible();
  await expect(feeOf(page, "Pluxee (kafeteria)")).toHaveText("bez opłaty");
  await expect(feeOf(page, "Benefit Systems")).toHaveText("bez opłaty");
});

test("a partner's page names its fee and leads to the order; the white label has none but Pluxee's", async ({
  page,
}, testInfo) => {
  await page.goto("/partner/up");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platba přes Up");
  const facts = page.getByRole("complementary", { name: "Platba v kostce" });
  await expect(facts).toContainText("Karta Up");
  await expect(facts).toContainText("poplatek 6,9 % z částky, kterou touto cestou platíte");
  await facts.getByRole("link", { name: "Rezervace ubytování" }).click();
  await expect(page).toHaveURL(/\/objednavka$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rezervace ubytování");

  // The white label takes only Pluxee: Up has no page there, Pluxee has.
  await expectNotFound(page, onHost("pluxee.localhost", "/partner/up"), testInfo);
  const pluxee = await page.goto(onHost("pluxee.localhost", "/partner/pluxee"));
  expect(pluxee?.status()).toBe(200);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("complementary", { name: "Platba v kostce" })).toContainText("Pluxee");
});

test("the FAQ's questions open and close from the keyboard", async ({ page }, testInfo) => {
  await page.goto("/faq");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Časté dotazy");
  const questions = page.getByRole("main").locator("details > summary");
  expect(await questions.count()).toBeGreaterThanOrEqual(12);

  const first = questions.first();
  await expect(first).toHaveText("Jak u vás objednávka probíhá?");
  const answer = page.getByText("Hotel si najdete na Booking.com a odkaz na něj vložíte do");
  await expect(answer).toBeHidden();

  // As a keyboard user gets there: the skip link to the main content, then on to the first question.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Přeskočit na obsah" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await expect(questions.nth(1)).toHaveText("Můžu jeden pobyt zaplatit více benefitními kartami?");
  await expect(page.getByText("V jedné objednávce můžete kombinovat benefity")).toBeHidden();

  await page.keyboard.press("Enter");
  await expect(answer).toBeHidden();
  await expect(first).toBeFocused();
});

test("inspiration lists six articles, loads more, and opens one from its card", async ({ page }, testInfo) => {
  await page.goto("/inspirace");
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inspirace");
  const cards = page.getByRole("main").getByRole("listitem").getByRole("article");
  await expect(cards).toHaveCount(6);

  const loadMore = page.getByRole("link", { name: "Načíst další články" });
  await loadMore.click();
  await expect(page).toHaveURL(/\/inspirace\?page=2#article-7$/);
  await expect(cards).toHaveCount(7);
  await expect(loadMore).toHaveCount(0);
  // The longer list opens at the article it added, not at the top again.
  await expect(cards.nth(6)).toBeInViewport();

  const card = cards.first();
  const title = await card.getByRole("heading", { level: 2 }).innerText();
  const alt = (await card.getByRole("img").getAttribute("alt")) ?? "";
  expect(alt).not.toBe("");
  await card.getByRole("link", { name: title }).click();
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const picture = page.getByRole("main").getByRole("img", { name: alt, exact: true });
  await expect(picture).toBeVisible();
  // Shown, not a broken image's box (after a client-side navigation it may still be on its way).
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  await expectNotFound(page, "/inspirace/clanek-ktery-neni", testInfo);
});

test.describe("sitemaps", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!javaScriptEnabled(testInfo), "files, alike with or without JavaScript: once is enough");
  });

  /** The addresses a sitemap lists. */
  async function sitemapLocs(page: Page, url: string): Promise<string[]> {
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(200);
    return page.evaluate(() =>
      Array.from(
        document.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc"),
        (loc) => loc.textContent ?? ""
      )
    );
  }

  test("list the content pages and the articles in the locale's language", async ({ page }) => {
    const czech = new URL(onHost("localhost", "/")).origin;
    const czechLocs = await sitemapLocs(page, onHost("localhost", "/sitemap.xml"));
    expect(czechLocs).toEqual(
      expect.arrayContaining([
        `${czech}/faq`,
        `${czech}/pobocky`,
        `${czech}/jak-to-funguje`,
        `${czech}/inspirace/krkonose-v-zime`,
      ])
    );

    const polish = new URL(onHost("pl.localhost", "/")).origin;
    const englishLocs = await sitemapLocs(page, onHost("pl.localhost", "/en/sitemap.xml"));
    expect(englishLocs).toEqual(expect.arrayContaining([`${polish}/en/branches`, `${polish}/en/faq`]));
    // Every address it lists is one the site answers.
    for (const loc of [`${czech}/pobocky`, `${polish}/en/branches`]) {
      expect((await page.goto(loc))?.status(), loc).toBe(200);
    }
  });
});

test("the branches page shows the branches on a map of its own beside their addresses", async ({ page }, testInfo) => {
  await page.goto("/pobocky");
  await expectJavaScriptState(page, testInfo);
  const map = page.getByRole("img", { name: "Mapa poboček: Praha, Brno, Varšava, Krakov" });
  await expect(map).toBeVisible();
  await expect(map.locator("circle")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Varšava" })).toContainText("00-838 Warszawa");
});
