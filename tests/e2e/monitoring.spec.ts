import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSentryIngestFake, type SentryIngestFake } from "../fixtures/sentry-ingest-fake";
import { shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";
import { expectJavaScriptState, port } from "./support";

/**
 * The browser's error monitoring (issue 16): with SENTRY_DSN, a page sends an uncaught error to Sentry once the
 * visitor allowed it, and nothing before. A shop of its own, configured with a local fake of Sentry's ingest, since the
 * other specs' shop runs without a DSN (and their pages load no monitoring at all: page-weight.spec.ts).
 */
test.describe.configure({ mode: "serial" });

const shopPort = port + 7;
const shop = `http://localhost:${shopPort}`;
let ingest: SentryIngestFake;
let server: ShopProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(shopStartTimeoutMs + 30_000);
  ingest = await startSentryIngestFake();
  server = await startShopProcess(shopPort, {
    ROLE: "all",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "dzb-e2e-monitoring-")),
    SENTRY_DSN: ingest.dsn,
  });
});

test.afterAll(async () => {
  server?.stop();
  await ingest?.close();
});

/** An error no one catches, thrown by the page's own code. */
const throwInPage = (message: string) => `setTimeout(() => { throw new Error(${JSON.stringify(message)}); })`;

test("nothing is loaded or sent before the visitor allows it", async ({ page }, testInfo) => {
  const ingestOrigin = new URL(ingest.dsn).origin;
  const monitoringRequests: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith(ingestOrigin) || /monitoring/.test(url)) monitoringRequests.push(url);
  });
  await page.goto(`${shop}/jak-to-funguje`);
  await expectJavaScriptState(page, testInfo);
  await page.evaluate(throwInPage("thrown before consent"));
  await page.getByRole("banner").getByRole("link", { name: "Kontakt" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  await page.waitForLoadState("networkidle");
  expect(monitoringRequests).toEqual([]);
});

test("once allowed, an error thrown in the page reaches Sentry, without the visitor's data", async ({
  page,
}, testInfo) => {
  await page.goto(`${shop}/kontakt`);
  await expectJavaScriptState(page, testInfo);
  await page.getByRole("button", { name: "Povolit", exact: true }).click();
  await expect(page.getByRole("button", { name: "Povolit", exact: true })).toHaveCount(0);
  // The banner goes as soon as the choice is saved, while Sentry's script is still loading: an error thrown in that
  // moment has no one to catch it. Sentry opens the visitor's session once it runs, so the error waits for that.
  await ingest.waitForItem((item) => item.type === "session", 20_000);
  await page.getByLabel("E-mail").fill("jana.novakova@example.com");
  await page.evaluate(throwInPage("thrown after consent by jana.novakova@example.com"));
  const event = await ingest.waitForItem(
    (item) => item.type === "event" && item.raw.includes("thrown after consent"),
    20_000
  );
  expect(event.raw).toContain("Error");
  expect(event.raw).not.toContain("jana.novakova@example.com");
  const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === "sid")!.value;
  expect(event.raw).not.toContain(sessionCookie);
  expect(ingest.items.some((item) => item.raw.includes("thrown before consent"))).toBe(false);
});

test("a connection the visitor lost is not reported as the shop's failure", async ({ page }, testInfo) => {
  await page.goto(`${shop}/kontakt`);
  await expectJavaScriptState(page, testInfo);
  const earlier = new Set(ingest.items);
  await page.getByRole("button", { name: "Povolit", exact: true }).click();
  // This page's Sentry has loaded once it opens the visitor's session (an earlier test's session is not this one).
  await ingest.waitForItem((item) => item.type === "session" && !earlier.has(item), 20_000);
  // The shop's own requests fail as on a dropped connection; Sentry's ingest, on another origin, is still reached.
  await page.route(`${shop}/**`, (route) => route.abort("internetdisconnected"));
  await page.getByRole("banner").getByRole("link", { name: "Jak to funguje" }).click();
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  // An error after it is reported, so the lost connection's report would have gone before it.
  await page.evaluate(throwInPage("thrown after the connection dropped"));
  await ingest.waitForItem((item) => exceptionsOf(item).includes("thrown after the connection dropped"), 20_000);
  expect(ingest.items.flatMap(exceptionsOf)).not.toContain("Failed to fetch");
});

/** What the exceptions of an event say (`exception.values[].value`); none for any other item. */
function exceptionsOf(item: { type: string; payload: unknown }): string[] {
  if (item.type !== "event") return [];
  const values = (item.payload as { exception?: { values?: { value?: string }[] } }).exception?.values ?? [];
  return values.map((exception) => exception.value ?? "");
}
