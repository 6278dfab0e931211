import { expect, test } from "@playwright/test";
import { expectFormError, field, minorUnitsOf, openRooms, orderStep } from "./order-flow";
import { availableStay, bookingLink } from "./stays";
import { expectJavaScriptState, onHost } from "./support";
import type { ProviderAvailability } from "../../server/domain/hotel-offer";

const hotel = "grand-hotel-brno";

test("the rooms screen shows the hotel, the stay and priced room options", async ({ page }, testInfo) => {
  const stay = await availableStay(hotel);
  await openRooms(page, "cs", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  await expectJavaScriptState(page, testInfo);

  const summary = page.locator(".hotel-summary");
  await expect(summary.getByRole("heading", { level: 2 })).not.toBeEmpty();
  const bookingPage = summary.getByRole("link", { name: /Hotel na Booking.com/ });
  await expect(bookingPage).toHaveAttribute("target", "_blank");
  await expect(bookingPage).toHaveAttribute("href", /^https:\/\/www\.booking\.com\/hotel\/cz\//);

  await expect(page.locator(".stay-summary")).toContainText("2 noci");
  await expect(page.locator(".stay-summary")).toContainText("2 dospělí");
  await expect(page.locator(".stay-summary")).toContainText("1 pokoj");

  const product = page.locator(".product").first();
  await expect(product.locator(".product__price-label")).toHaveText("Cena za 2 noci");
  await expect(product.locator(".product__amount")).toHaveText(/^[\d\s]+(,\d{2})?\s*Kč$/);
  await expect(product.locator(".product__conditions li").first()).toHaveText(
    /Zrušení zdarma do|Tento pokoj nelze zrušit zdarma/
  );
});

test("the stay can be changed on step 1, prefilled (en)", async ({ page }) => {
  const stay = await availableStay(hotel);
  await openRooms(page, "en", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  await page.getByRole("link", { name: "Change the stay" }).click();
  await page.waitForURL((url) => url.pathname === "/en/order");
  await expect(field(page, "checkIn")).toHaveValue(stay.checkIn);
  await expect(field(page, "checkOut")).toHaveValue(stay.checkOut);
  await expect(field(page, "adults")).toHaveValue("2");
  await expect(field(page, "url")).toHaveValue(/^https:\/\/www\.booking\.com\/hotel\/cz\/grand-hotel-brno\.html$/);
});

test("continuing without a room asks for one where the customer is, at 360 px (pl)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const stay = await availableStay(hotel);
  await openRooms(page, "pl", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  // The button is below the rooms, far down the page.
  await page.getByRole("button", { name: "Przejdź do rezerwacji" }).click();
  // With or without JavaScript the answer shows the message in the viewport, and the cursor is on it.
  const summary = page.getByRole("alert").filter({ hasText: "Wybierz co najmniej jeden pokój." });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(page.locator(".room-card").first()).toBeVisible();
});

test("two rooms of one kind are two rooms on the reservation, with their sum", async ({ page }) => {
  const stay = await availableStay(hotel, { rooms: 2, adults: 4, childrenAges: [] });
  await openRooms(page, "cs", bookingLink(hotel, { ...stay, adults: 4, rooms: 2 }));
  const choosable = page
    .locator(".product")
    .filter({ has: page.locator("select") })
    .first();
  const price = minorUnitsOf((await choosable.locator(".product__amount").textContent()) ?? "");
  await choosable.locator("select").selectOption("2");
  await page.getByRole("button", { name: "Pokračovat k rezervaci" }).click();
  // The rooms are priced as an order preview, whose id names the reservation.
  await page.waitForURL(/\/objednavka\/rezervace\/[0-9a-f-]{36}$/);
  await expect(page.locator(".chosen-room")).toHaveCount(2);
  expect(minorUnitsOf((await page.locator(".chosen-rooms__total strong").textContent()) ?? "")).toBe(2 * price);
  await page.getByRole("link", { name: "Zpět na výběr pokojů" }).click();
  await expect(page.locator(".room-card").first()).toBeVisible();
  // The rooms come back chosen, so going on again needs no new choice.
  await expect(choosable.locator("select")).toHaveValue("2");
  await page.getByRole("button", { name: "Pokračovat k rezervaci" }).click();
  await expect(page.locator(".chosen-room")).toHaveCount(2);
});

test("more rooms than adults is refused", async ({ page }, testInfo) => {
  const stay = await availableStay(hotel);
  await openRooms(page, "cs", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  await expectJavaScriptState(page, testInfo);
  const selects = page.locator(".product select");
  // Each option offers up to as many rooms as adults; two kinds of two rooms each are too many.
  await selects.nth(0).selectOption("2");
  await selects.nth(1).selectOption("1");
  await page.getByRole("button", { name: "Pokračovat k rezervaci" }).click();
  await expectFormError(page, "Dospělých je méně než vybraných pokojů.");
  await expect(selects.nth(0)).toHaveValue("2");
});

test("order screens are never stored by caches", async ({ page }) => {
  const stay = await availableStay(hotel);
  await openRooms(page, "cs", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  const response = await page.request.get(page.url());
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const step1 = await page.request.get(orderStep.cs);
  expect(step1.headers()["cache-control"]).toBe("private, no-store");
});

test("an unknown availability is the 404 page", async ({ page }) => {
  const response = await page.goto("/objednavka/ubytovani/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
});

test("an unknown reservation is the 404 page", async ({ page }) => {
  const response = await page.goto(
    onHost("pl.localhost", "/en/order/reservation/3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10")
  );
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
});

test("an option that cannot be chosen says why and offers no quantity (en)", async ({ page }) => {
  // A large party: several options are too small for it; the simulator also marks some rates as not orderable.
  const party = { rooms: 1, adults: 4, childrenAges: [9, 15] };
  const stay = await availableStay(hotel, party);
  await openRooms(page, "en", bookingLink(hotel, { ...stay, ...party }));

  const unavailable = page.locator(".product--unavailable");
  const reasons = await unavailable.locator(".product__unavailable").allTextContents();
  expect(reasons).toContain("Does not fit your party.");
  for (const reason of reasons) {
    expect([
      "Does not fit your party.",
      "This room cannot be chosen: the hotel does not take card payment at this rate.",
      "This room cannot be paid online.",
    ]).toContain(reason);
  }
  await expect(unavailable.locator("select")).toHaveCount(0);
});

test("a room says whom it fits, and few rooms left at a price are stated as they are (en)", async ({
  page,
}, testInfo) => {
  // The simulator's "Superior Double Room" here takes two adults and a baby in a cot, with 3, 2 and 6 rooms left at
  // its three rates.
  const scarce = "hotel-u-zlateho-klice";
  const party = { rooms: 2, adults: 4, childrenAges: [] };
  const offersIt = (answer: ProviderAvailability) => answer.rooms.some((room) => room.name === "Superior Double Room");
  const stay = await availableStay(scarce, party, offersIt);
  await openRooms(page, "en", bookingLink(scarce, { ...stay, ...party }));
  await expectJavaScriptState(page, testInfo);

  const heading = page.getByRole("heading", { name: "Superior Double Room" });
  const products = page.locator(".room-card").filter({ has: heading }).locator(".product");
  await expect(products).toHaveCount(3);
  await expect(products.locator(".product__fits")).toHaveText(
    Array(3).fill("Fits 2 adults and a child up to 1 year old")
  );
  await expect(products.nth(0).locator(".product__scarcity")).toHaveText("The last 3 rooms at this price");
  await expect(products.nth(1).locator(".product__scarcity")).toHaveText("The last 2 rooms at this price");
  // Six left is no scarcity.
  await expect(products.nth(2).locator(".product__scarcity")).toHaveCount(0);
  // No more rooms can be chosen than are left at the price.
  await expect(products.nth(1).locator("select option")).toHaveText(["0", "1", "2"]);
});
