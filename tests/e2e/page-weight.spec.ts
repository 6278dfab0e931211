import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { localizedPath, screens, type ScreenId } from "../../shared/route-table";
import { orderByRequest, reservationByRequest } from "./reservation-flow";
import { availableStay, bookingLink, refusedCheckSearch } from "./stays";

/**
 * The page-weight guard for a first visit to any screen, gzipped as sent. Two budgets:
 * - code: the JavaScript the browser runs (the framework, the app's chunks, Remix's inline module and scroll scripts)
 *   stays under 100 KB;
 * - data: what the page carries for it to run on, the page language's message catalogue (a script file of its own,
 *   decision 020) and Remix's inline route data, stays under 16 KB.
 * Inline scripts are read from the HTML as sent: once hydrated, Remix empties them in the DOM. Every screen of the route
 * table must be listed here, so a new screen is measured from the day it exists.
 */
const codeBudgetBytes = 100 * 1024;
const dataBudgetBytes = 16 * 1024;
/**
 * On a phone each file is a request, and a slow network makes each one pay a round trip: the build makes one browser
 * entry a route file (decision 060), and a first load, its message catalogue included, stays within this many files.
 */
const filesBudget = 19;

/** The order screens need a real availability check, made the way a script-less browser makes one. */
async function roomsPath(request: APIRequestContext): Promise<string> {
  const hotel = "hotel-paris-prague";
  const stay = await availableStay(hotel);
  const response = await request.post("/objednavka", {
    form: { url: bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return response.headers()["location"];
}

/** The checking page of a hotel that refuses: its answer stays on the page. */
async function checkingPath(): Promise<string> {
  return `${localizedPath("orderCheck", "cs", "cs")}?${refusedCheckSearch().search}`;
}

const samplePaths: Record<ScreenId, string | null | ((request: APIRequestContext) => Promise<string>)> = {
  home: "/",
  order: "/objednavka",
  orderCheck: checkingPath,
  orderAccommodation: roomsPath,
  orderReservation: (request) => reservationByRequest(request),
  orderStatus: orderByRequest,
  voucher: "/voucher",
  voucherStatus: "/overeni-poukazu",
  contact: "/kontakt",
  inspiration: "/inspirace",
  inspirationDetail: "/inspirace/krkonose-v-zime",
  howItWorks: "/jak-to-funguje",
  partner: "/partner/edenred",
  edenred2024: "/edenred-2024",
  cookieSettings: "/cookies",
  // Shown only while an order is being made, and left by a refresh when it is: no page stays to be measured. Its
  // route file is the checking page's kind (a heading and a streamed answer).
  orderPlacing: null,
  // Shown only while a gateway starts a payment, and left by a refresh when it has: the placing page's kind.
  orderPaying: null,
  // Resource routes: XML, a PDF or a redirect; no JavaScript at all.
  sitemap: null,
  paymentReturn: null,
  orderDocument: null,
  contentPage: "/faq",
};

/** The inline scripts' sources in a page's HTML. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes))
    .map(([, , source]) => source);
}

/** Remix's route data: the hydration context, and the deferred values streamed after it. */
function isRouteData(inlineScript: string): boolean {
  return /^\s*window\.__remixContext\s*=|__remixContext\.r\(/.test(inlineScript);
}

function isMessageCatalogue(url: string): boolean {
  return new URL(url).pathname.startsWith("/build/messages/");
}

const gzipped = (text: string | Buffer) => gzipSync(text).length;
const sum = (sizes: number[]) => sizes.reduce((total, size) => total + size, 0);
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test("every screen of the route table is measured", () => {
  expect(Object.keys(samplePaths).sort()).toEqual(Object.keys(screens).sort());
});

for (const [screen, sample] of Object.entries(samplePaths)) {
  if (sample === null) continue;
  test(`${screen} loads less than 100 KB of JavaScript and 16 KB of data for it (gzip)`, async ({ page, request }, testInfo) => {
    const path = typeof sample === "string" ? sample : await sample(request);
    const files = new Map<string, number>();
    page.on("response", async (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!type.includes("javascript")) return;
      files.set(response.url(), gzipped(await response.body().catch(() => Buffer.alloc(0))));
    });
    const document = await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.waitForLoadState("networkidle");
    const inline = inlineScripts((await document?.text()) ?? "");
    const catalogues = [...files].filter(([url]) => isMessageCatalogue(url));
    expect(catalogues, "the page loads its language's message catalogue, once").toHaveLength(1);

    const code =
      sum([...files].filter(([url]) => !isMessageCatalogue(url)).map(([, size]) => size)) +
      sum(inline.filter((script) => !isRouteData(script)).map(gzipped));
    const data = sum(catalogues.map(([, size]) => size)) + sum(inline.filter(isRouteData).map(gzipped));
    testInfo.annotations.push({ type: "first-load JavaScript", description: `${kilobytes(code)} gzip` });
    testInfo.annotations.push({ type: "first-load data", description: `${kilobytes(data)} gzip` });
    console.log(`${screen}: ${kilobytes(code)} gzip of JavaScript (${files.size} files), ${kilobytes(data)} of data`);
    expect(code).toBeLessThan(codeBudgetBytes);
    expect(data).toBeLessThan(dataBudgetBytes);
    expect(files.size).toBeLessThanOrEqual(filesBudget);
  });
}
