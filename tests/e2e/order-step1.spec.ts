import { expect, test } from "@playwright/test";
import {
  expectFieldError,
  expectFormError,
  field,
  openRooms,
  orderStep,
  pasteLink,
  roomsPath,
  submitStay,
} from "./order-flow";
import {
  availableStay,
  bookingLink,
  dayFromToday,
  defaultParty,
  hotelPageUrl,
  sharedPage,
  refusedCheckSearch,
  simulatorShareCodes,
  simulatorSlugs,
} from "./stays";
import { chooseFirstRoom, placeTransferOrder, polishCustomer } from "./reservation-flow";
import { browserUserAgent, expectJavaScriptState, javaScriptEnabled, onHost } from "./support";

const hotel = "hotel-paris-prague";

test("a link without dates is read, the dates are asked for, and the rooms lead to the reservation", async ({
  page,
}, testInfo) => {
  const stay = await availableStay(hotel);
  await page.goto(orderStep.cs);
  await expectJavaScriptState(page, testInfo);
  await expect(page.getByRole("heading", { name: "Jak zkopírovat odkaz na hotel" })).toBeVisible();

  await field(page, "url").fill(bookingLink(hotel, { adults: 2, rooms: 1 }));
  await submitStay(page);
  // The link is read and what it carries is filled in; nothing is red before the customer asks to search.
  await expect(page.getByText("Hotel jsme našli.")).toBeVisible();
  await expect(field(page, "adults")).toHaveValue("2");
  await expect(field(page, "rooms")).toHaveValue("1");
  await expect(field(page, "checkIn")).toHaveValue("");
  await expect(page.locator(".error-list")).toHaveCount(0);

  await submitStay(page);
  await expectFieldError(page, "checkIn", "Povinné pole – zadejte prosím.");
  await expectFieldError(page, "checkOut", "Povinné pole – zadejte prosím.");

  await field(page, "checkIn").fill(stay.checkIn);
  await field(page, "checkOut").fill(stay.checkOut);
  await submitStay(page);
  await page.waitForURL(roomsPath.cs);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Výběr pokoje");

  const firstRoom = page.locator(".room-card").first();
  const roomName = (await firstRoom.getByRole("heading", { level: 3 }).textContent()) ?? "";
  await firstRoom.locator("select").first().selectOption("1");
  await page.getByRole("button", { name: "Pokračovat k rezervaci" }).click();
  await page.waitForURL(/\/objednavka\/rezervace\/[0-9a-f-]{36}$/);
  await expect(page.locator(".chosen-room")).toHaveCount(1);
  await expect(page.locator(".chosen-room")).toContainText(roomName);
});

test("a pasted link fills in the stay it carries at once, and nothing is searched before the customer asks (en)", async ({
  page,
  context,
}, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "reading a link as it is pasted is JavaScript's; without, the first send reads it");
  const stay = await availableStay(hotel, { ...defaultParty, adults: 1 });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(orderStep.en);
  // The paste is read by the page's script, which runs once the page is hydrated.
  await expectJavaScriptState(page, testInfo);
  await page.evaluate((link) => navigator.clipboard.writeText(link), bookingLink(hotel, { ...stay, adults: 1, rooms: 1 }));
  await field(page, "url").focus();
  await page.keyboard.press("ControlOrMeta+V");

  await expect(field(page, "checkIn")).toHaveValue(stay.checkIn);
  await expect(field(page, "checkOut")).toHaveValue(stay.checkOut);
  await expect(field(page, "adults")).toHaveValue("1");
  await expect(field(page, "rooms")).toHaveValue("1");
  await expect(page.getByText("We found the hotel.")).toBeVisible();
  await expect(page.locator(".error-list")).toHaveCount(0);
  expect(page.url()).toBe(orderStep.en);

  await submitStay(page);
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".stay-summary")).toContainText("1 adult");
});

test("what the customer typed before the link was read wins over the link's stay (en)", async ({
  page,
  context,
}, testInfo) => {
  const stay = await availableStay(hotel, { ...defaultParty, adults: 3 });
  const link = bookingLink(hotel, { checkIn: dayFromToday(90), checkOut: dayFromToday(92), adults: 2, rooms: 1 });
  await page.goto(orderStep.en);
  await expectJavaScriptState(page, testInfo);
  await field(page, "adults").fill("3");
  await field(page, "checkIn").fill(stay.checkIn);
  await field(page, "checkOut").fill(stay.checkOut);
  if (javaScriptEnabled(testInfo)) {
    // Pasted, so the link is read at once: the stay it fills in keeps what was typed.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate((text) => navigator.clipboard.writeText(text), link);
    await field(page, "url").focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(page.getByText("We found the hotel.")).toBeVisible();
    await expect(field(page, "adults")).toHaveValue("3");
    await expect(field(page, "checkIn")).toHaveValue(stay.checkIn);
  } else {
    await field(page, "url").fill(link);
  }

  await submitStay(page);
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".stay-summary")).toContainText("3 adults");
  await expect(page.locator(".stay-summary__change")).toHaveAttribute("href", new RegExp(`checkIn=${stay.checkIn}&`));
});

test("a link that carries the whole stay goes straight to the rooms (pl)", async ({ page }) => {
  const stay = await availableStay(hotel);
  await openRooms(page, "pl", bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wybór pokoju");
  await expect(page.locator(".stay-summary")).toContainText("2 noce");
  await expect(page.locator(".product__amount").first()).toContainText("zł");
});

test("a share link from the portal's app leads to the rooms of the stay it shares, and on to an order", async ({
  page,
}, testInfo) => {
  const link = "https://www.booking.com/Share-AbC123x";
  const shared = await sharedPage(link);
  await page.goto(orderStep.en);
  await expectJavaScriptState(page, testInfo);
  await field(page, "url").fill(link);
  await submitStay(page);
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".room-card").first()).toBeVisible();
  await expect(page.locator(".stay-summary")).toContainText("2 adults");
  // The rooms are those of the shared stay: changing it opens step 1 with the dates the share link carried.
  await page.locator(".stay-summary__change").click();
  await expect(field(page, "checkIn")).toHaveValue(shared.checkIn);
  await expect(field(page, "checkOut")).toHaveValue(shared.checkOut);

  // Content with the stay, the customer goes back to its rooms, chooses one and pays for it by transfer.
  await page.goBack();
  await page.waitForURL(roomsPath.en);
  await chooseFirstRoom(page, "en");
  await placeTransferOrder(page, polishCustomer);
  await expect(page.locator(".stay-summary")).toContainText("2 adults");
  await expect(page.locator(".order-payment[data-method=transfer] .transfer__qr img")).toBeVisible();
});

const badLinks = [
  {
    name: "not from Booking.com",
    link: "https://www.example.com/hotel/cz/paris.html",
    message: "This link is not from Booking.com.",
  },
  {
    name: "not https",
    link: "http://www.booking.com/hotel/cz/hotel-paris-prague.html",
    message: "Enter a valid hotel link starting with https://.",
  },
  {
    name: "shared to no hotel page",
    link: `https://www.booking.com/Share-${simulatorShareCodes.searchPage}`,
    message: "This share link does not lead to a hotel page. Open it, then copy the address of the hotel page.",
  },
  {
    name: "in a bad format",
    link: "https://www.booking.com/searchresults.html?ss=Prague",
    message: "The link is not in the right format. Copy the address of the hotel page.",
  },
  {
    name: "an unknown property",
    link: hotelPageUrl(simulatorSlugs.unknownProperty),
    message: "We could not find this property.",
  },
];

for (const { name, link, message } of badLinks) {
  test(`a link ${name} is refused next to the field and kept as typed (en)`, async ({ page }) => {
    await pasteLink(page, "en", link);
    await expectFieldError(page, "url", message);
    await expect(field(page, "url")).toHaveValue(link);
  });
}

test("an empty link is a required field", async ({ page }) => {
  await page.goto(orderStep.cs);
  await submitStay(page);
  await expectFieldError(page, "url", "Povinné pole – zadejte prosím.");
});

test("a check-out before the check-in is refused, and every typed value stays (pl)", async ({ page }) => {
  const link = bookingLink(hotel, { adults: 3, rooms: 1 });
  await pasteLink(page, "pl", link);
  await expect(page.getByText("Znaleźliśmy hotel.")).toBeVisible();
  await field(page, "checkIn").fill(dayFromToday(40));
  await field(page, "checkOut").fill(dayFromToday(38));
  await submitStay(page);
  await expectFieldError(page, "checkOut", "Data wyjazdu musi być późniejsza niż data przyjazdu.");
  await expect(field(page, "url")).toHaveValue(link);
  await expect(field(page, "checkIn")).toHaveValue(dayFromToday(40));
  await expect(field(page, "checkOut")).toHaveValue(dayFromToday(38));
  await expect(field(page, "adults")).toHaveValue("3");
});

test("a check-in in the past is the api's to refuse, shown next to the check-in (en)", async ({ page }) => {
  await pasteLink(
    page,
    "en",
    bookingLink(hotel, { checkIn: dayFromToday(-3), checkOut: dayFromToday(-1), adults: 2, rooms: 1 })
  );
  await expectFieldError(page, "checkIn", "The check-in date is in the past.");
  await expect(field(page, "checkIn")).toHaveValue(dayFromToday(-3));
});

test("fewer adults than rooms is refused next to the adults", async ({ page }) => {
  const stay = await availableStay(hotel);
  await pasteLink(page, "cs", bookingLink(hotel, { ...stay, adults: 2, rooms: 3 }));
  await expectFieldError(page, "adults", "Zadejte platný počet dospělých: alespoň jeden na pokoj.");
});

test("no adult is refused next to the adults, and one adult alone is searched for (en)", async ({ page }) => {
  const stay = await availableStay(hotel, { ...defaultParty, adults: 1 });
  // A link asking for no adult leaves the field for the customer, who may still type 0.
  await pasteLink(page, "en", bookingLink(hotel, { ...stay, adults: 0, rooms: 1 }));
  await expect(page.getByText("We found the hotel.")).toBeVisible();
  await field(page, "adults").fill("0");
  await submitStay(page);
  await expectFieldError(page, "adults", "Enter a valid number of adults: at least one per room.");

  await field(page, "adults").fill("1");
  await submitStay(page);
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".stay-summary")).toContainText("1 adult");
});

const adultsPerRoomCases = [
  {
    language: "cs",
    message: "Na jeden pokoj může být nejvýše 8 dospělých. Přidejte pokoj nebo snižte počet dospělých.",
  },
  {
    language: "pl",
    message: "Na jeden pokój może przypadać najwyżej 8 dorosłych. Dodaj pokój lub zmniejsz liczbę dorosłych.",
  },
] as const;

for (const { language, message } of adultsPerRoomCases) {
  test(`thirty adults in one room is refused next to the adults, with the bound (${language})`, async ({ page }) => {
    const stay = await availableStay(hotel);
    await pasteLink(page, language, bookingLink(hotel, { ...stay, adults: 30, rooms: 1 }));
    await expectFieldError(page, "adults", message);
    await expect(field(page, "adults")).toHaveValue("30");
  });
}

test("a provider failure says to try again", async ({ page }) => {
  await pasteLink(
    page,
    "cs",
    bookingLink(simulatorSlugs.failing, { checkIn: dayFromToday(30), checkOut: dayFromToday(32), adults: 2, rooms: 1 })
  );
  await expectFormError(page, "Při ověřování dostupnosti nastala chyba. Zkuste to prosím znovu.");
  await expect(field(page, "checkIn")).toHaveValue(dayFromToday(30));
});

test("a sold-out hotel says nothing is available (pl)", async ({ page }) => {
  await pasteLink(
    page,
    "pl",
    bookingLink(simulatorSlugs.soldOut, { checkIn: dayFromToday(30), checkOut: dayFromToday(32), adults: 2, rooms: 1 })
  );
  await expectFormError(page, "W wybranym terminie nie ma wolnych miejsc.");
});

test("a missing child age is asked for, then the rooms are found (en)", async ({ page }) => {
  const party = { rooms: 1, adults: 2, childrenAges: [5, 9] };
  const stay = await availableStay(hotel, party);
  // The link declares two children but gives one age.
  const link = bookingLink(hotel, { ...stay, adults: 2, rooms: 1, childrenAges: [5] }).replace(
    "group_children=1",
    "group_children=2"
  );
  await pasteLink(page, "en", link);
  await expect(field(page, "children")).toHaveValue("2");
  await expect(field(page, "childAges[0]")).toHaveValue("5");
  await expect(field(page, "childAges[1]")).toHaveValue("");
  await submitStay(page);
  await expectFieldError(page, "childAges[1]", "A child's age is missing.");
  await field(page, "childAges[1]").selectOption("9");
  await submitStay(page);
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".stay-summary")).toContainText("2 adults, 2 children");
});

test("the age fields follow the children count", async ({ page }, testInfo) => {
  await page.goto(orderStep.cs);
  await expectJavaScriptState(page, testInfo);
  await field(page, "children").selectOption("2");
  if (javaScriptEnabled(testInfo)) {
    await expect(page.locator("select[id^=field-childAges]")).toHaveCount(2);
    await field(page, "children").selectOption("1");
    await expect(field(page, "childAges[1]")).toHaveCount(0);
    return;
  }
  // Without JavaScript the server renders the fields and says why.
  await field(page, "url").fill(bookingLink(hotel, { adults: 2, rooms: 1 }));
  await field(page, "checkIn").fill(dayFromToday(30));
  await field(page, "checkOut").fill(dayFromToday(32));
  await submitStay(page);
  await expect(field(page, "childAges[0]")).toBeVisible();
  await expect(field(page, "childAges[1]")).toBeVisible();
  await submitStay(page);
  await expectFieldError(page, "childAges[0]", "Chybí věk dítěte.");
  await expectFieldError(page, "childAges[1]", "Chybí věk dítěte.");
});

test("a slow provider shows that availability is being checked", async ({ page }, testInfo) => {
  test.skip(!javaScriptEnabled(testInfo), "the pending state is JavaScript's part");
  const stay = await availableStay(simulatorSlugs.slow);
  await page.goto(orderStep.en);
  await expectJavaScriptState(page, testInfo);
  await field(page, "url").fill(bookingLink(simulatorSlugs.slow, { ...stay, adults: 2, rooms: 1 }));
  await submitStay(page);
  const button = page.locator("form.stay-form button[type=submit]");
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Checking availability…");
  await expect(page.getByRole("status").filter({ hasText: "Checking availability…" })).toBeAttached();
  await page.waitForURL(roomsPath.en);
  await expect(page.locator(".room-card").first()).toBeVisible();
});

test.describe("in a browser, not a crawler", () => {
  test.use({ userAgent: browserUserAgent });

  test("without JavaScript a slow check answers at once with a page that says so, then shows the rooms", async ({
    page,
  }, testInfo) => {
    test.skip(javaScriptEnabled(testInfo), "a script's post shows its own pending state (above)");
    // Another party than any other test asks the slow hotel for (they ask for two adults), and than a retry's: the api
    // would give its kept answer at once.
    const party = { ...defaultParty, adults: 1 + 2 * testInfo.retry };
    const stay = await availableStay(simulatorSlugs.slow, party);
    await page.goto(orderStep.cs);
    await expectJavaScriptState(page, testInfo);
    await field(page, "url").fill(bookingLink(simulatorSlugs.slow, { ...stay, adults: party.adults, rooms: 1 }));
    await submitStay(page);
    // The simulator's slow hotel answers after 3 s; step 1 waits a second at most, then the page streams its wait.
    await page.waitForURL(/\/objednavka\/overeni\?/, { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ověřujeme dostupnost");
    await expect(page.getByRole("status").filter({ hasText: "Ptáme se hotelu" })).toBeVisible();
    await page.waitForURL(roomsPath.cs);
    await expect(page.locator(".room-card").first()).toBeVisible();
  });

  test("the checking page shows a check the hotel refused, below its heading, and goes back to the stay", async ({
    page,
  }, testInfo) => {
    const { search, stay } = refusedCheckSearch();
    await page.goto(`${onHost("pl.localhost", "/en/order/checking")}?${search}`);
    await expectJavaScriptState(page, testInfo);
    const refusal = page.getByRole("alert");
    await expect(refusal).toBeVisible();
    await expect(page.getByText("We are asking the hotel")).toBeHidden();
    // Where a reader expects it: under the page's heading, above the footer.
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    const shown = await refusal.boundingBox();
    const footer = await page.locator(".site-footer").boundingBox();
    expect(shown!.y).toBeGreaterThan(heading!.y);
    expect(shown!.y).toBeLessThan(footer!.y);
    await page.getByRole("link", { name: "Change the stay" }).click();
    await expect(page).toHaveURL(/\/en\/order\?/);
    await expect(field(page, "checkIn")).toHaveValue(stay.checkIn);
  });
});

