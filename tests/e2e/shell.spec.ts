import { expect, test } from "@playwright/test";
import { reservationByRequest } from "./reservation-flow";
import { localizedPath } from "../../shared/route-table";
import { expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

const localizedScreens = [
  { path: "/", lang: "cs", heading: "Zaplaťte dovolenou benefity" },
  { path: "/en/order", lang: "en", heading: "Accommodation reservation" },
  { path: onHost("pl.localhost", "/zamowienie"), lang: "pl", heading: "Rezerwacja noclegu" },
  { path: onHost("pluxee.localhost", "/cs-pluxee/objednavka"), lang: "cs", heading: "Rezervace ubytování" },
];

for (const screen of localizedScreens) {
  test(`${screen.path} renders in ${screen.lang}`, async ({ page }, testInfo) => {
    const response = await page.goto(screen.path);
    expect(response?.status()).toBe(200);
    await expectJavaScriptState(page, testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", screen.lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(screen.heading);
  });
}

test("the Polish host serves Polish paths without a prefix and sells no vouchers", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "pl-PL", javaScriptEnabled: javaScriptEnabled(testInfo) });
  const page = await context.newPage();
  const response = await page.goto(onHost("pl.localhost", "/zamowienie"));
  expect(response?.status()).toBe(200);
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rezerwacja noclegu");
  await expect(page.locator("header [data-nav=order]")).toHaveAttribute("href", "/zamowienie");
  await expect(page.locator("header [data-nav=voucher]")).toHaveCount(0);
  await expect(page.locator('footer a[href$="/documents/dzb-pl/pl/terms-of-service.pdf"]')).toHaveCount(1);
  await context.close();
});

test("the Czech host shows the voucher link", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("header [data-nav=voucher]")).toHaveAttribute("href", "/voucher");
});

test("the white label asks search engines not to index it", async ({ page }) => {
  const response = await page.goto(onHost("pluxee.localhost", "/objednavka"));
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator("html")).toHaveAttribute("lang", "cs");
  await expect(page.locator("header img")).toHaveAttribute("src", "/logos/dzb-wl-pluxee-cz.svg");
});

test("a path in the other language of the default routes moves to the right one", async ({ page }) => {
  await page.goto(onHost("pl.localhost", "/objednavka"));
  expect(new URL(page.url()).pathname).toBe("/zamowienie");
});

test("the language form switches the locale, remembers it and keeps the screen", async ({
  page,
  context,
}, testInfo) => {
  await page.goto(onHost("pl.localhost", "/zamowienie"));
  await expectJavaScriptState(page, testInfo);
  // The choice alone changes nothing (WCAG 3.2.2: arrow keys move through a closed select); the button does.
  await page.getByLabel("Język").selectOption("en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rezerwacja noclegu");
  expect(new URL(page.url()).pathname).toBe("/zamowienie");
  await page.getByRole("button", { name: "Zmień język" }).click();
  await page.waitForURL("**/en/order");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accommodation reservation");
  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBeTruthy();
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.path).toBe("/");
  // 365 days, give or take the seconds the test took.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});

test("switching the language from a path longer than any of the shop's lands on the new locale's home", async ({
  page,
}, testInfo) => {
  // Step 1 reads no such field: the page is served, and the language form posts the whole path and query.
  await page.goto(onHost("pl.localhost", `/zamowienie?note=${"x".repeat(5_000)}`));
  await expectJavaScriptState(page, testInfo);
  await page.getByLabel("Język").selectOption("en");
  await page.getByRole("button", { name: "Zmień język" }).click();
  await page.waitForURL((url) => url.pathname === "/en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your holiday with employee benefits");
});

test("the language form redirects only to the shop's own screens, and never echoes what it was sent", async ({
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  const orderId = "3f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";
  const redirects: [string, string][] = [
    [`/status/${orderId}?outcome=paid`, `/en/status/${orderId}?outcome=paid`],
    [`/${"a".repeat(5_000)}`, "/en"],
    [`/objednavka?url=${"a".repeat(5_000)}`, "/en"],
    ["//evil.example/objednavka", "/en"],
    ["https://evil.example/objednavka", "/en"],
    ["http://[", "/en"],
  ];
  for (const [path, location] of redirects) {
    const answer = await request.post("/language", { form: { locale: "en", path }, maxRedirects: 0 });
    expect(answer.status(), path.slice(0, 40)).toBe(303);
    expect(answer.headers()["location"], path.slice(0, 40)).toBe(location);
  }
});

test("the remembered locale brings a visitor of the Polish host to English paths", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "pl-PL", javaScriptEnabled: javaScriptEnabled(testInfo) });
  const page = await context.newPage();
  await page.goto(onHost("pl.localhost", "/zamowienie"));
  await expectJavaScriptState(page, testInfo);
  await page.getByLabel("Język").selectOption("en");
  await page.getByRole("button", { name: "Zmień język" }).click();
  await page.waitForURL("**/en/order");
  await page.goto(onHost("pl.localhost", "/jak-to-dziala"));
  expect(new URL(page.url()).pathname).toBe("/en/how-it-works");
  await context.close();
});

test("an unknown path answers the 404 page with a link home", async ({ page }, testInfo) => {
  const response = await page.goto("/en/no-such-page");
  expect(response?.status()).toBe(404);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(page.getByText("The requested page was not found.")).toBeVisible();
  await page.getByTestId("go-home").click();
  await page.waitForURL((url) => url.pathname === "/en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your holiday with employee benefits");
});

test("a malformed order id is a 404 too, not an error", async ({ page }) => {
  const response = await page.goto("/objednavka/rezervace/not-a-uuid");
  expect(response?.status()).toBe(404);
});

test("a post another site sends is refused before any page sees it, page and data requests alike", async ({
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  const status = "/status/3f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";
  const forged: Record<string, string>[] = [
    { Origin: "null" },
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "cross-site" },
  ];
  for (const headers of forged) {
    for (const path of [status, `${status}?_data=default--orderStatus`]) {
      const answer = await request.post(path, { headers, form: { intent: "cancel" }, maxRedirects: 0 });
      expect(answer.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
  }
});

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens with its toggle and closes when a link is followed", async ({ page }, testInfo) => {
    await page.goto("/");
    await expectJavaScriptState(page, testInfo);
    const orderLink = page.locator("header [data-nav=order]");
    await expect(orderLink).toBeHidden();
    await page.locator(".menu-toggle").click();
    await expect(orderLink).toBeVisible();
    await orderLink.click();
    await page.waitForURL("**/objednavka");
    await expect(page.locator("header [data-nav=order]")).toBeHidden();
  });

  test("the menu closes by itself when the viewport grows to a tablet", async ({ page }, testInfo) => {
    test.skip(!javaScriptEnabled(testInfo), "closing on resize is JavaScript's part");
    await page.goto("/");
    await expectJavaScriptState(page, testInfo);
    // Found by its class: on a tablet the button is hidden, and a role is found only where it shows.
    const toggle = page.locator("button.menu-toggle");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.setViewportSize({ width: 900, height: 740 });
    await expect(toggle).toBeHidden();
    // Closed on the tablet itself: the browser tells the page of the width it reached once it renders at it, and a
    // phone's width again before then would tell it nothing changed.
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.locator("header [data-nav=order]")).toBeHidden();
  });

  test("the menu's toggle is a button that says whether the menu is open, and Escape closes it", async ({
    page,
  }, testInfo) => {
    test.skip(!javaScriptEnabled(testInfo), "without JavaScript the toggle is a checkbox and its label");
    await page.goto("/");
    await expectJavaScriptState(page, testInfo);
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const orderLink = page.locator("header [data-nav=order]");
    await expect(orderLink).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(orderLink).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(orderLink).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // The Czech host in English has the longest menu.
  for (const address of ["/", "/en", onHost("pl.localhost", "/"), onHost("pl.localhost", "/en")]) {
    test(`the header keeps to one row, language form included (${address})`, async ({ page }, testInfo) => {
      await page.goto(address);
      await expectJavaScriptState(page, testInfo);
      const language = page.locator("header .language-form");
      // The language changes on the button alone, with JavaScript or without.
      await expect(language.getByRole("button", { name: /Změnit jazyk|Zmień język|Change language/ })).toBeVisible();
      const logo = await page.locator("header .site-header__logo").boundingBox();
      const lastLink = await page.locator("header [data-nav=contact]").boundingBox();
      const select = await language.locator("select").boundingBox();
      const middle = (box: typeof logo) => (box ? box.y + box.height / 2 : NaN);
      expect(Math.abs(middle(lastLink) - middle(logo)), "the links beside the logo").toBeLessThan(8);
      expect(Math.abs(middle(select) - middle(logo)), "the language menu beside the logo").toBeLessThan(8);
    });
  }
});

test("nothing the shop serves may be loaded by another site", async ({ request }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  const answers = [
    await request.get("/"),
    await request.get("/?_data=root"),
    await request.get("/favicon.svg"),
    await request.get("/healthz"),
    await request.get("/en/no-such-page"),
    await request.post("/api/dzb.shop.v1.ShopService/Version", { data: {} }),
  ];
  for (const answer of answers) {
    expect(answer.headers()["cross-origin-resource-policy"], answer.url()).toBe("same-origin");
  }
});

test("a page runs only its own scripts, each answer with a nonce of its own, and no other site may frame it", async ({
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  const nonces = [];
  for (let i = 0; i < 2; i++) {
    const answer = await request.get("/");
    const policy = answer.headers()["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const html = await answer.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("a page the same for every visitor is rendered once, then served to each with their own nonce, session and request id", async ({
  page,
  playwright,
}, testInfo) => {
  // Asked for by no other test (one partner a project), so the first answer here is a render.
  const [partner, name] = javaScriptEnabled(testInfo) ? ["up", "Up"] : ["pluxee", "Pluxee"];
  const path = `/en/partner/${partner}`;
  const answers = [];
  for (let visitor = 0; visitor < 2; visitor++) {
    const newVisitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const answer = await newVisitor.get(path);
    expect(answer.status()).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    answers.push({
      nonce: nonce!,
      age: answer.headers()["age"],
      session: /(?:^|\n)sid=([^;]+)/.exec(answer.headers()["set-cookie"] ?? "")?.[1],
      requestId: answer.headers()["x-request-id"],
      html: await answer.text(),
    });
    await newVisitor.dispose();
  }
  const [rendered, kept] = answers;
  expect(rendered.age).toBeUndefined();
  // The e2e server keeps pages for ten minutes (playwright.config.ts): the second visitor gets the first one's render.
  expect(kept.age).toMatch(/^\d+$/);
  expect(kept.session).toBeTruthy();
  expect(kept.session).not.toBe(rendered.session);
  expect(kept.requestId).not.toBe(rendered.requestId);
  expect(kept.nonce).not.toBe(rendered.nonce);
  expect(kept.html).toBe(rendered.html.replaceAll(rendered.nonce, kept.nonce));

  // In a browser the kept page's scripts run under its own policy.
  await page.goto(path);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});

test("a page made for one visitor, asked for with a query, or not found is rendered for every visit", async ({
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  for (const path of ["/voucher", "/objednavka?adults=3", "/overeni-poukazu", "/en/no-such-page"]) {
    for (let visit = 0; visit < 2; visit++) {
      expect((await request.get(path)).headers()["age"], path).toBeUndefined();
    }
  }
});

test("a page paints from its own HTML: its styles come inside it, and no script holds up the paint", async ({
  page,
}, testInfo) => {
  const answer = await page.goto("/objednavka");
  const html = (await answer?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head, "no stylesheet to fetch first").not.toMatch(/<link[^>]+rel="stylesheet"/);
  const nonce = /'nonce-([^']+)'/.exec(answer?.headers()["content-security-policy"] ?? "")?.[1];
  expect(head).toContain(`<style id="shop-stylesheet" nonce="${nonce}">`);
  // A classic script without defer or async would stop the parser, and the paint, until it has loaded and run.
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
    expect(tag, "every script file waits for the page").toMatch(/\b(defer|async)\b|type="module"/);
  }
  // The inlined styles apply (the policy lets them), with JavaScript and without.
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator(".site-header")).toHaveCSS("border-bottom-style", "solid");
});

test("a page's head carries only the rules its HTML uses; a page that runs its scripts then takes the whole sheet", async ({
  page,
}, testInfo) => {
  const answer = await page.goto("/objednavka");
  const inlined = /<style id="shop-stylesheet"[^>]*>([^<]*)<\/style>/.exec((await answer?.text()) ?? "")?.[1] ?? "";
  expect(inlined).toContain(".site-header{");
  // The voucher check's form is on no other screen.
  expect(inlined).not.toContain(".voucher-check__form");
  await expectJavaScriptState(page, testInfo);
  const sheetFile = page.locator("link[rel=stylesheet]");
  if (!javaScriptEnabled(testInfo)) {
    await expect(sheetFile).toHaveCount(0);
    return;
  }
  await expect(sheetFile).toHaveCount(1);
  // Reached without a page load, the voucher check is styled from the whole sheet.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator(`footer a[href="${localizedPath("voucherStatus", "cs", "cs")}"]`).click();
  await expect(page.locator(".voucher-check__form")).toHaveCSS("display", "flex");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("the page's modules are fetched only once it is parsed and painted, their chunks preloaded together, and then make it interactive", async ({
  page,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "without JavaScript no module is fetched at all");
  const answer = await page.goto("/objednavka");
  expect(await answer?.text(), "no module is preloaded by the HTML").not.toMatch(/rel="modulepreload"/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The first frame's paint is timed when it is presented, which can come after the fetching its frame started; the
  // end of the parse is the firm mark (a preloaded module was requested while the page was still being parsed).
  const { parsed, modules } = await page.evaluate(() => ({
    parsed: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domInteractive,
    modules: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && !entry.name.includes("/build/messages/"))
      .map((entry) => entry.startTime),
  }));
  expect(modules.length).toBeGreaterThan(3);
  for (const fetchedAt of modules) expect(fetchedAt).toBeGreaterThanOrEqual(parsed);
  // The chunks the route and entry modules import are preloaded together, not found one import at a time.
  expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(3);
});

test("the picture that is a page's largest paint is fetched first, and those further down only when near", async ({
  page,
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "the HTML as sent: once is enough");
  const imagesOf = async (address: string) => {
    const html = (await (await page.goto(address))?.text()) ?? "";
    return [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes("/logos/"));
  };
  const [firstArticle, ...furtherArticles] = await imagesOf("/inspirace");
  expect(firstArticle).toContain('fetchpriority="high"');
  expect(firstArticle).not.toContain('loading="lazy"');
  expect(furtherArticles.length).toBeGreaterThan(0);
  for (const tag of furtherArticles) expect(tag).toContain('loading="lazy"');
  expect((await imagesOf("/inspirace/krkonose-v-zime")).find((tag) => tag.includes("article__image"))).toContain(
    'fetchpriority="high"'
  );
  const hotelPhotos = await imagesOf(await reservationByRequest(request));
  const mainPhoto = hotelPhotos.find((tag) => tag.includes("hotel-summary__main-photo"));
  expect(mainPhoto).toContain('fetchpriority="high"');
  expect(mainPhoto).not.toContain('loading="lazy"');
});

test("a page carries no message catalogue: its language's catalogue is a file of its own, kept for a year", async ({
  request,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "no page is loaded: once is enough");
  const html = await (await request.get("/en/order")).text();
  // Message keys are never shown on a page; only a catalogue in the page's data would carry them.
  expect(html).not.toContain('"skipToContent"');
  const src = /<script src="([^"]+)"/.exec(html)?.[1];
  expect(src).toMatch(/^\/build\/messages\/en\.[0-9a-f]+\.js$/);
  const catalogue = await request.get(src!);
  expect(catalogue.status()).toBe(200);
  expect(catalogue.headers()["content-type"]).toContain("javascript");
  expect(catalogue.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await catalogue.text()).toContain("Skip to content");
});

test("a screen reached by a link within the page speaks the page's language", async ({ page }, testInfo) => {
  const catalogues: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/build/messages/")) catalogues.push(request.url());
  });
  await page.goto("/en");
  await expectJavaScriptState(page, testInfo);
  // A full load would forget this mark; the browser's router keeps the document.
  await page.evaluate(() => document.documentElement.setAttribute("data-first-document", ""));
  await page.locator("header [data-nav=order]").click();
  await expect(page).toHaveURL(/\/en\/order$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accommodation reservation");
  await expect(page.getByRole("link", { name: "Skip to content" })).toHaveCount(1);
  if (javaScriptEnabled(testInfo)) {
    await expect(page.locator("html")).toHaveAttribute("data-first-document", "");
    expect(catalogues).toHaveLength(1);
  } else {
    expect(catalogues).toHaveLength(0);
  }
});

test("pages are made for one visitor: no shared cache keeps them", async ({ page }) => {
  for (const path of ["/", "/jak-to-funguje", "/inspirace"]) {
    const response = await page.goto(path);
    expect(response?.headers()["cache-control"], path).toBe("private, no-cache");
  }
});

test("every host names the company behind it in its footer and on its contact page, in the page's language", async ({
  page,
}) => {
  for (const [url, seat, companyId] of [
    [onHost("localhost", "/"), "Sídlo: Vzorová 1, 000 00 Ukázkov, Česká republika", "IČO: 00000000"],
    [onHost("localhost", "/en/contact"), "Registered office: Vzorová 1", "Company ID (IČO): 00000000"],
    [onHost("pl.localhost", "/kontakt"), "Siedziba: Vzorová 1", "IČO (czeski numer identyfikacyjny): 00000000"],
    [onHost("pluxee.localhost", "/kontakt"), "Sídlo: Vzorová 1", "IČO: 00000000"],
  ]) {
    await page.goto(url);
    const places = url.endsWith("/") ? [page.locator("footer")] : [page.locator("footer"), page.getByRole("main")];
    for (const place of places) {
      const company = place.locator("address", { hasText: "Ukázková společnost s.r.o." });
      await expect(company, url).toContainText(seat);
      await expect(company, url).toContainText(companyId);
      await expect(company, url).toContainText(/(vložka|pozycja|entry) 000000/);
    }
  }
});
