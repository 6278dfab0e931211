import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startBookingDemandApiFake, type BookingDemandApiFake } from "../fixtures/booking-demand-api-fake";
import { shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";
import { field, submitStay } from "./order-flow";
import { bookingLink, dayFromToday } from "./stays";
import { expectJavaScriptState, javaScriptEnabled, port } from "./support";

/**
 * What a real hotel sells reaches the rooms screen as the hotel sells it (issue 29): a shop of its own on the Booking.com
 * Demand API adapter, talking to the local fake of the Demand API, whose Hotel Vltava offers eight products as hotels
 * really do (few rooms left, single and double rooms, an extra bed, bands for babies and for teenagers).
 */
const shopPort = port + 8;
let demandApi: BookingDemandApiFake;
let server: ShopProcess | undefined;

test.beforeAll(async ({}, testInfo) => {
  // The screen is rendered by the server, alike with or without JavaScript: once is enough, and one shop on its port.
  test.skip(javaScriptEnabled(testInfo), "server-rendered, alike with or without JavaScript");
  test.setTimeout(shopStartTimeoutMs + 30_000);
  demandApi = await startBookingDemandApiFake();
  server = await startShopProcess(shopPort, {
    ROLE: "all",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "dzb-e2e-booking-")),
    ...demandApi.env,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await demandApi?.close();
});

test("the rooms screen shows each of a hotel's products with the rooms left and whom it fits (en)", async ({
  page,
}, testInfo) => {
  const stay = { checkIn: dayFromToday(30), checkOut: dayFromToday(32), adults: 2, rooms: 1 };
  await page.goto(`http://pl.localhost:${shopPort}/en/order`);
  await field(page, "url").fill(bookingLink("hotel-vltava", stay));
  await submitStay(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your room");
  await expectJavaScriptState(page, testInfo);
  await expect(page.locator(".room-card h3")).toHaveText([
    "Double Room",
    "Double Room with Extra Bed",
    "Single Room",
    "Family Room",
  ]);
  const products = page.locator(".product");
  await expect(products.locator(".product__fits")).toHaveText([
    "Fits 2 adults",
    "Fits 2 adults",
    "Fits 2 adults and a child up to 12 years old",
    "Fits 1 adult",
    "Fits 2 adults and 2 children up to 12 years old",
    "Fits 2 adults and a child up to 1 year old",
    "Fits 2 adults and 2 children up to 15 years old",
    "Fits 2 adults and 2 children up to 12 years old",
  ]);
  // Scarcity where it is true: 3 and 1 left; 8 left, or the fake's usual 5, is none.
  await expect(products.nth(0).locator(".product__scarcity")).toHaveText("The last 3 rooms at this price");
  await expect(products.nth(4).locator(".product__scarcity")).toHaveText("The last room at this price");
  await expect(page.locator(".product__scarcity")).toHaveCount(2);
  await expect(products.nth(4).locator("select option")).toHaveText(["0", "1"]);
  // The single room is shown, and why two adults cannot take it.
  await expect(products.nth(3).locator(".product__unavailable")).toHaveText("Does not fit your party.");
});
