import { expect, test } from "@playwright/test";
import { onHost } from "./support";

test.describe("what search engines are told", () => {
  test("robots.txt names the sitemap of each language the host publishes, and none on the white label", async ({
    request,
  }) => {
    const robotsOf = async (host: "localhost" | "pl.localhost" | "pluxee.localhost") => {
      // Node does not resolve *.localhost as Chromium does: the host is named in the header.
      const { host: hostHeader } = new URL(onHost(host, "/"));
      const answer = await request.get(onHost("localhost", "/robots.txt"), { headers: { host: hostHeader } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("text/plain");
      return (await answer.text()).split("\n").filter((line) => line.startsWith("Sitemap:"));
    };
    const polishOrigin = new URL(onHost("pl.localhost", "/")).origin;
    expect(await robotsOf("pl.localhost")).toEqual([
      `Sitemap: ${polishOrigin}/sitemap.xml`,
      `Sitemap: ${polishOrigin}/en/sitemap.xml`,
    ]);
    const czechOrigin = new URL(onHost("localhost", "/")).origin;
    expect(await robotsOf("localhost")).toEqual([
      `Sitemap: ${czechOrigin}/sitemap.xml`,
      `Sitemap: ${czechOrigin}/en/sitemap.xml`,
    ]);
    expect(await robotsOf("pluxee.localhost")).toEqual([]);
  });

  test("a sitemap is well-formed XML listing every public page with its language versions", async ({ page }) => {
    const sitemapUrl = onHost("pl.localhost", "/en/sitemap.xml");
    await page.goto(sitemapUrl);
    const sitemap = await page.evaluate(() => {
      const xhtml = "http://www.w3.org/1999/xhtml";
      const sitemaps = "http://www.sitemaps.org/schemas/sitemap/0.9";
      return {
        parseError: document.getElementsByTagName("parsererror").length > 0,
        urls: Array.from(document.getElementsByTagNameNS(sitemaps, "url"), (url) => ({
          loc: url.getElementsByTagNameNS(sitemaps, "loc")[0]?.textContent,
          alternates: Array.from(url.getElementsByTagNameNS(xhtml, "link"), (link) => [
            link.getAttribute("hreflang"),
            link.getAttribute("href"),
          ]),
        })),
      };
    });
    expect(sitemap.parseError).toBe(false);
    const origin = new URL(sitemapUrl).origin;
    const locs = sitemap.urls.map((url) => url.loc);
    expect(locs).toEqual(
      expect.arrayContaining([`${origin}/en`, `${origin}/en/contact`, `${origin}/en/partner/benefit-systems`])
    );
    expect(locs).not.toContain(`${origin}/en/voucher`);
    expect(sitemap.urls.find((url) => url.loc === `${origin}/en/contact`)?.alternates).toEqual([
      ["pl", `${origin}/kontakt`],
      ["en", `${origin}/en/contact`],
      ["x-default", `${origin}/kontakt`],
    ]);
    // A content page or article is written in each language under a slug of its own: it names no versions.
    const isContent = (loc: string) => /\/en\/(faq|branches|inspiration\/.+)$/.test(loc);
    expect(locs.filter((loc) => isContent(loc!)).length).toBeGreaterThanOrEqual(8);
    for (const url of sitemap.urls) expect(url.alternates).toHaveLength(isContent(url.loc!) ? 0 : 3);
  });

  test("a public page is described, names its address and language versions; one voucher's page names none", async ({
    page,
  }) => {
    await page.goto(onHost("pl.localhost", "/en/contact?from=newsletter"));
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/en/contact`);
    await expect(page.locator('link[rel="alternate"][hreflang="pl"]')).toHaveAttribute("href", `${origin}/kontakt`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${origin}/kontakt`
    );

    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Write or call us/);

    await page.goto(onHost("localhost", "/kontakt"));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Napište nám/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/kontakt$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/en\/contact$/);

    await page.goto(onHost("localhost", "/faq"));
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);

    await page.goto(onHost("localhost", "/overeni-poukazu/AB12C"));
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

    await page.goto(onHost("pluxee.localhost", "/kontakt"));
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});
