import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

export const port = Number(process.env.E2E_PORT ?? 3100);

/** A URL on one of the variant hosts; Chromium resolves every *.localhost name to loopback. */
export function onHost(host: "localhost" | "pl.localhost" | "pluxee.localhost", path: string) {
  return `http://${host}:${port}${path}`;
}

/**
 * A desktop Chrome's user agent. Headless Chromium names itself HeadlessChrome, which the shop takes for a crawler and
 * sends whole pages, unstreamed; a test of what streams uses this one.
 */
export const browserUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

export function javaScriptEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name === "js";
}

/**
 * Proves which kind of visit this is. `page.evaluate` runs even with JavaScript off, so the
 * proof is the page's own script: only a hydrated page marks <html data-hydrated>.
 */
export async function expectJavaScriptState(page: Page, testInfo: TestInfo) {
  if (javaScriptEnabled(testInfo)) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  } else {
    await page.waitForLoadState("load");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  }
}

/**
 * A visitor of the test's own in `network` (a /24 of its own), one per project, named the way a proxy in front of the
 * shop names them (the shop under test trusts its proxy): what the shop counts per visitor (wrong voucher codes,
 * contact messages) is that test's alone.
 */
export async function ownVisitor(page: Page, testInfo: TestInfo, network: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `${network}.${javaScriptEnabled(testInfo) ? 1 : 2}` });
}

/** The words of the located element's text, each that is broken across lines (empty when none is). */
export function brokenWords(locator: Locator): Promise<string[]> {
  // page.evaluate-style code runs with JavaScript off too: it is the test's, not the page's.
  return locator.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}
