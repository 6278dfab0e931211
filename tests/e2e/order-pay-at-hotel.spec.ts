import { expect, test, type Page } from "@playwright/test";
import { e2eVouchers } from "../playwright.config";
import { openRooms, type Language } from "./order-flow";
import {
  acceptTerms,
  czechCustomer,
  fillCustomer,
  polishCustomer,
  reservationPath,
  statusPath,
  submitIntent,
} from "./reservation-flow";
import { availableStay, bookingLink, defaultParty } from "./stays";
import { offersChoice } from "../fixtures/available-stay";
import { brokenWords, expectJavaScriptState } from "./support";

/**
 * A room paid only at the hotel: nothing is split or paid online, and the status page says where the stay is paid
 * instead of an empty list of payments and a "paid" step. With JavaScript and without it, in Czech and in Polish.
 */

test.use({ viewport: { width: 360, height: 800 } });

const texts = {
  cs: {
    payAtProperty: "Platí se na místě v ubytování, ne online.",
    nothingOnline: "Online se nic neplatí: ubytování zaplatíte přímo v hotelu při pobytu.",
    payOnline: "Placeno online",
    statusNothingOnline: /^Online se nic neplatí\. Ubytování \(.+\) zaplatíte přímo v hotelu při pobytu\.$/,
    status: "Platí se v hotelu při pobytu",
    steps: ["Odeslaná", "Potvrzená"],
  },
  pl: {
    payAtProperty: "Płatność na miejscu w obiekcie, nie online.",
    nothingOnline: "Online nic nie płacisz: za pobyt zapłacisz bezpośrednio w obiekcie.",
    payOnline: "Płatne online",
    statusNothingOnline: /^Online nic nie płacisz\. Za pobyt \(.+\) zapłacisz bezpośrednio w obiekcie\.$/,
    status: "Płatne w obiekcie podczas pobytu",
    steps: ["Wysłana", "Potwierdzona"],
  },
} as const;

/** The reservation screen of the hotel's first room that is paid only at the hotel. */
async function openPayAtHotelRoom(page: Page, language: Language, payAtProperty: string) {
  // A hotel of the simulator's with rooms paid only there, on a night that has one left.
  const hotel = "hotel-brno";
  const stay = await availableStay(hotel, defaultParty, (offer) => offersChoice(offer, { payAtProperty: true }));
  await openRooms(page, language, bookingLink(hotel, { ...stay, adults: 2, rooms: 1 }));
  const room = page
    .locator(".product")
    .filter({ has: page.locator("select") })
    .filter({ has: page.locator(".product__conditions li", { hasText: payAtProperty }) })
    .first();
  await room.locator("select").selectOption("1");
  await page.locator(".room-choice button[type=submit]").click();
  await page.waitForURL(reservationPath[language]);
}

for (const language of ["cs", "pl"] as const) {
  const says = texts[language];

  test(`a room paid at the hotel: nothing is split or paid online, and the status page says so (${language})`, async ({
    page,
  }, testInfo) => {
    await openPayAtHotelRoom(page, language, says.payAtProperty);
    await expectJavaScriptState(page, testInfo);

    // No split over methods that would charge nothing, and no "paid online 0".
    await expect(page.getByTestId("nothing-online")).toHaveText(says.nothingOnline);
    await expect(page.locator("input[name=lastPayment]")).toHaveCount(0);
    await expect(page.locator(".price-breakdown dt", { hasText: says.payOnline })).toHaveCount(0);

    await fillCustomer(page, language === "pl" ? polishCustomer : czechCustomer);
    await acceptTerms(page);
    await submitIntent(page, "order");
    await page.waitForURL(statusPath);

    // Where the stay is paid, instead of an empty list of payments; no payment step, no "paid".
    await expect(page.getByTestId("nothing-online")).toHaveText(says.statusNothingOnline);
    await expect(page.locator(".order-payment")).toHaveCount(0);
    await expect(page.locator(".progress__label")).toHaveText([...says.steps]);
    await expect(page.getByTestId("order-status")).toHaveText(says.status);
    // At 360 px the longest word of the facts ("niezarezerwowana") still keeps to one line.
    expect(await brokenWords(page.locator(".order-progress .stay-summary__facts"))).toEqual([]);
  });
}

test("a value voucher typed in for a room paid at the hotel says why it pays nothing (cs)", async ({
  page,
}, testInfo) => {
  await openPayAtHotelRoom(page, "cs", texts.cs.payAtProperty);
  await expectJavaScriptState(page, testInfo);
  await page.locator("input[name=voucherCodes]").fill(e2eVouchers.CZK);
  await submitIntent(page, "update");
  await expect(page.locator(".voucher-uses li")).toHaveText(
    `Poukaz ${e2eVouchers.CZK} tu nic nezaplatí: tento pobyt se platí v hotelu a poukazem lze zaplatit jen to, co se platí online.`
  );
  await expect(page.locator(".voucher-uses .condition--good")).toHaveCount(0);
});
