import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { screens, type ScreenId } from "../../shared/route-table";
import { orderByRequest, reservationByRequest } from "./reservation-flow";
import { availableStay, bookingLink } from "./stays";

/**
 * The page-weight guard: the JavaScript a visitor's browser loads for a first visit to any
 * screen, gzipped, stays under 100 KB. Inline scripts (route data, hydration context) count
 * too, and so does the page language's message catalogue, a script of its own (decision 020). Every screen of the route table must be listed here, so a new screen is measured from
 * the day it exists.
 */
const budgetBytes = 100 * 1024;

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

const samplePaths: Record<ScreenId, string | null | ((request: APIRequestContext) => Promise<string>)> = {
  home: "/",
  order: "/objednavka",
  orderAccommodation: roomsPath,
  orderReservation: (request) => reservationByRequest(request),
  orderStatus: orderByRequest,
  voucher: "/voucher",
  voucherStatus: "/overeni-poukazu",
  contact: "/kontakt",
  inspiration: "/inspirace",
  inspirationDetail: "/inspirace/no-article-yet",
  howItWorks: "/jak-to-funguje",
  partner: "/partner/edenred",
  edenred2024: "/edenred-2024",
  // Resource routes: XML, a PDF or a redirect; no JavaScript at all.
  sitemap: null,
  paymentReturn: null,
  orderDocument: null,
  contentPage: "/some-content-page",
};

/** The inline scripts' sources in a page's HTML. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes))
    .map(([, , source]) => source);
}

test("every screen of the route table is measured", () => {
  expect(Object.keys(samplePaths).sort()).toEqual(Object.keys(screens).sort());
});

for (const [screen, sample] of Object.entries(samplePaths)) {
  if (sample === null) continue;
  test(`${screen} loads less than 100 KB of JavaScript (gzip)`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "JavaScript weight is measured where JavaScript runs");
    const path = typeof sample === "string" ? sample : await sample(request);
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!type.includes("javascript")) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), gzipSync(body).length);
    });
    const document = await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.waitForLoadState("networkidle");
    // As the page was sent: once hydrated, Remix's inline scripts (the route data among them) are empty in the DOM.
    const inline = inlineScripts((await document?.text()) ?? "");
    const inlineBytes = inline.reduce((sum, text) => sum + gzipSync(text).length, 0);
    const externalBytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect([...scripts.keys()].some((url) => new URL(url).pathname.startsWith("/build/messages/"))).toBe(true);
    const total = inlineBytes + externalBytes;
    testInfo.annotations.push({ type: "first-load JavaScript", description: `${(total / 1024).toFixed(1)} KB gzip` });
    console.log(`${screen}: ${(total / 1024).toFixed(1)} KB gzip first-load JavaScript (${scripts.size} files)`);
    expect(total).toBeLessThan(budgetBytes);
  });
}
