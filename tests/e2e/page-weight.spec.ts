import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { screens, type ScreenId } from "../../app/route-table";

/**
 * The page-weight guard: the JavaScript a visitor's browser loads for a first visit to any
 * screen, gzipped, stays under 100 KB. Inline scripts (route data, hydration context) count
 * too. Every screen of the route table must be listed here, so a new screen is measured from
 * the day it exists.
 */
const budgetBytes = 100 * 1024;

const samplePaths: Record<ScreenId, string | null> = {
  home: "/",
  order: "/objednavka",
  orderAccommodation: "/objednavka/ubytovani/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
  orderReservation: "/objednavka/rezervace/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
  orderStatus: "/status/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
  voucher: "/voucher",
  voucherStatus: "/overeni-poukazu",
  contact: "/kontakt",
  inspiration: "/inspirace",
  inspirationDetail: "/inspirace/no-article-yet",
  howItWorks: "/jak-to-funguje",
  partner: "/partner/edenred",
  edenred2024: "/edenred-2024",
  // A resource route: XML, no JavaScript at all.
  sitemap: null,
  contentPage: "/some-content-page",
};

test("every screen of the route table is measured", () => {
  expect(Object.keys(samplePaths).sort()).toEqual(Object.keys(screens).sort());
});

for (const [screen, path] of Object.entries(samplePaths)) {
  if (path === null) continue;
  test(`${screen} loads less than 100 KB of JavaScript (gzip)`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "JavaScript weight is measured where JavaScript runs");
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!type.includes("javascript")) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), gzipSync(body).length);
    });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.waitForLoadState("networkidle");
    const inline = await page.locator("script:not([src])").evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
    const inlineBytes = inline.reduce((sum, text) => sum + gzipSync(text).length, 0);
    const externalBytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const total = inlineBytes + externalBytes;
    testInfo.annotations.push({ type: "first-load JavaScript", description: `${(total / 1024).toFixed(1)} KB gzip` });
    console.log(`${screen}: ${(total / 1024).toFixed(1)} KB gzip first-load JavaScript (${scripts.size} files)`);
    expect(total).toBeLessThan(budgetBytes);
  });
}
