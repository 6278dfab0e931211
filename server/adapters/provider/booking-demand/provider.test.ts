import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  fakeWorld,
  startBookingDemandApiFake,
  type BookingDemandApiFake,
} from "../../../../tests/fixtures/booking-demand-api-fake";
import {
  createBookingDemandApiProvider,
  type BookingDemandApiOptions,
  type CardCharge,
  type PaymentCard,
} from "./index";
import { toMinorUnits } from "./shapes";
import { hotelIdInPage } from "./page-resolver";
import { ProviderError, type BookingRequest, type HotelProvider, type StaySearch } from "../hotel-provider";
import { capturedLog, quietLog } from "../../../logging/captured-log.test-helper";

const NOW = new Date("2030-01-10T12:00:00Z");

let fake: BookingDemandApiFake;

beforeAll(async () => {
  fake = await startBookingDemandApiFake({ today: "2030-01-10" });
});

afterEach(() => {
  fake.behave({ kind: "normal" });
  fake.requests.length = 0;
});

afterAll(async () => {
  await fake.close();
});

/** A fresh provider per test, so its reference-data cache starts empty. */
function provider(overrides: Partial<BookingDemandApiOptions> = {}, api: BookingDemandApiFake = fake): HotelProvider {
  return createBookingDemandApiProvider({
    baseUrl: api.baseUrl,
    token: api.token,
    affiliateId: api.affiliateId,
    portalUrl: api.portalUrl,
    now: () => NOW,
    log: quietLog,
    ...overrides,
  });
}

function stay(overrides: Partial<StaySearch> = {}): StaySearch {
  return {
    hotelId: fakeWorld.prague.id,
    checkIn: "2030-06-10",
    checkOut: "2030-06-12",
    rooms: 1,
    adults: 2,
    childrenAges: [5],
    currency: "CZK",
    language: "cs",
    ...overrides,
  };
}

const signal = () => AbortSignal.timeout(5_000);

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const apiRequests = () => fake.requests.filter((request) => request.path.startsWith("/3.1/"));
const bodyOf = (path: string) => fake.requests.find((request) => request.path === `/3.1${path}`)?.body;

describe("requests to the Demand API", () => {
  it("carries the bearer token and the affiliate id on every request", async () => {
    await provider().availability(stay(), signal());
    expect(apiRequests().length).toBeGreaterThanOrEqual(4);
    for (const request of apiRequests()) {
      expect(request.method).toBe("POST");
      expect(request.headers["authorization"]).toBe(`Bearer ${fake.token}`);
      expect(request.headers["x-affiliate-id"]).toBe(fake.affiliateId);
      expect(request.headers["content-type"]).toBe("application/json");
    }
  });

  it("asks for the stay: accommodation, booker, dates, currency, guests and extra charges", async () => {
    await provider().availability(stay({ rooms: 2, adults: 3, childrenAges: [4, 11] }), signal());
    expect(bodyOf("/accommodations/availability")).toEqual({
      accommodation: 10001,
      booker: { country: "cz", platform: "desktop" },
      checkin: "2030-06-10",
      checkout: "2030-06-12",
      currency: "CZK",
      extras: ["extra_charges"],
      guests: { number_of_adults: 3, number_of_rooms: 2, children: [4, 11] },
    });
    expect(bodyOf("/accommodations/details")).toEqual({
      accommodations: [10001],
      extras: ["photos", "rooms"],
      languages: ["cs", "en-gb"],
    });
    expect(bodyOf("/accommodations/constants")).toEqual({ constants: ["charge_types"], languages: ["cs", "en-gb"] });
  });

  it("books from Poland in PLN and asks for English as en-gb", async () => {
    await provider().availability(stay({ hotelId: fakeWorld.warsaw.id, currency: "PLN", language: "en" }), signal());
    expect(bodyOf("/accommodations/availability")).toMatchObject({
      accommodation: 20002,
      booker: { country: "pl", platform: "desktop" },
      currency: "PLN",
    });
    expect(bodyOf("/accommodations/details")).toMatchObject({ languages: ["en-gb"] });
  });

  it("looks reference names up once per language", async () => {
    const cached = provider();
    await cached.availability(stay(), signal());
    fake.requests.length = 0;
    await cached.availability(stay(), signal());
    expect(
      apiRequests()
        .map((request) => request.path)
        .sort()
    ).toEqual(["/3.1/accommodations/availability", "/3.1/accommodations/details"]);
  });
});

describe("mapping an answer", () => {
  it("describes the hotel in the asked language", async () => {
    const answer = await provider().availability(stay(), signal());
    const photo = (id: number) => ({
      standardUrl: `https://cf.bstatic.com/xdata/images/hotel/max500/${id}.jpg?k=fake${id}&o=`,
      largeUrl: `https://cf.bstatic.com/xdata/images/hotel/max1280/${id}.jpg?k=fake${id}&o=`,
    });
    expect(answer.answeredAt).toEqual(NOW);
    expect(answer.requestId).toMatch(/^[0-9a-f]{25}$/);
    expect(answer.hotel).toEqual({
      hotelId: "10001",
      name: "Hotel Paříž Praha",
      url: "https://www.booking.com/hotel/cz/hotel-paris-prague.html",
      coordinates: { latitude: 50.0875, longitude: 14.4284 },
      address: { streetNumber: "U Obecního domu 1080/1", city: "Praha", country: "Česko", postalCode: "110 00" },
      rating: { numberOfReviews: 1234, reviewScore: 8.7, stars: 5 },
      photos: { main: photo(502), other: [photo(501), photo(503)] },
    });
  });

  it("prices exactly in minor units, with the deal, charges, board, cancellation and occupancy", async () => {
    const answer = await provider().availability(stay(), signal());
    const product = answer.rooms[0]?.products[0];
    expect(product).toEqual({
      productId: "1000101_91234567",
      numberAvailableAtThisPrice: 7,
      freeCancellationUntil: new Date("2030-06-08T22:00:00Z"),
      publicPrice: 145000,
      discountedPrice: 123450,
      // The repeated tag is kept once; "early_bird_deal" is no deal the contract knows.
      deals: ["seasonal_deal", "mobile_rate"],
      // The charge type Booking.com calls "City tax" in British English is the one the shop names itself.
      extraCharges: [{ name: "Městský poplatek", type: "city_tax", amount: 5000, chargeableOnline: false }],
      mealPlan: { plan: "breakfast_included", meals: ["breakfast"] },
      maximumOccupancy: { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] },
      paymentTimings: ["online_now", "online_later", "at_property"],
    });
  });

  it("converts another currency's decimals just as exactly", async () => {
    const answer = await provider().availability(stay({ hotelId: fakeWorld.warsaw.id, currency: "PLN" }), signal());
    expect(answer.rooms[0]?.products[0]).toMatchObject({ discountedPrice: 12000, publicPrice: 12000, deals: [] });
    // VAT is no type the shop names itself: it keeps Booking.com's name, in the asked language.
    expect(answer.rooms[0]?.products[0]?.extraCharges).toEqual([
      { name: "DPH", percentage: 8, amount: 960, chargeableOnline: true },
    ]);
  });

  it("groups products by room, with each room's name and photo", async () => {
    const answer = await provider().availability(stay(), signal());
    const photo = (id: number) =>
      expect.objectContaining({ standardUrl: expect.stringContaining(`/max500/${id}.jpg`) });
    expect(answer.rooms).toEqual([
      {
        roomId: "1000101",
        name: "Dvoulůžkový pokoj Deluxe",
        photo: photo(512),
        products: [
          expect.objectContaining({ productId: "1000101_91234567" }),
          expect.objectContaining({ productId: "1000101_91234568" }),
        ],
      },
      {
        roomId: "1000102",
        name: "Family Suite",
        photo: photo(521),
        products: [expect.objectContaining({ productId: "1000102_91234569" })],
      },
    ]);
  });

  it("leaves out only products the shop cannot sell, and logs each with its reason", async () => {
    const { log, lines } = capturedLog();
    const answer = await provider({ log }).availability(stay(), signal());
    const ids = answer.rooms.flatMap((room) => room.products.map((product) => product.productId));
    expect(ids).toEqual(["1000101_91234567", "1000101_91234568", "1000102_91234569"]);
    const left = lines.filter((line) => line.msg === "product left out");
    expect(left.map(({ level, hotelId, productId, reason }) => ({ level, hotelId, productId, reason }))).toEqual([
      { level: "warn", hotelId: 10001, productId: "tpi-1000101-358188572", reason: "product_id_shape" },
      { level: "warn", hotelId: 10001, productId: "1000109_91234574", reason: "room_undescribed" },
      { level: "warn", hotelId: 10001, productId: "1000101_91234573", reason: "extra_charge_unshowable" },
    ]);
  });

  it("carries each product with Booking.com's numbers, however far from the SPEC's example data", async () => {
    const { log, lines } = capturedLog();
    const search = stay({ hotelId: fakeWorld.vltava.id, childrenAges: [] });
    const answer = await provider({ log }).availability(search, signal());
    const carried = Object.fromEntries(
      answer.rooms.flatMap((room) =>
        room.products.map((product) => [
          product.productId,
          { left: product.numberAvailableAtThisPrice, occupancy: product.maximumOccupancy },
        ])
      )
    );
    const ids = fakeWorld.vltava.products;
    const couple = { adults: 2, total: 2, children: [] };
    const withChildren = (total: number, children: number, fromAge: number, toAge: number) => ({
      adults: 2,
      total,
      children: [{ total: children, fromAge, toAge }],
    });
    expect(carried).toEqual({
      [ids.doubleFewLeft]: { left: 3, occupancy: couple },
      [ids.double]: { left: 8, occupancy: couple },
      [ids.extraBed]: { left: 8, occupancy: withChildren(3, 1, 2, 12) },
      [ids.single]: { left: 8, occupancy: { adults: 1, total: 1, children: [] } },
      [ids.familyLastOne]: { left: 1, occupancy: withChildren(4, 2, 2, 12) },
      [ids.familyInfants]: { left: 8, occupancy: withChildren(3, 1, 0, 1) },
      [ids.familyTeenagers]: { left: 8, occupancy: withChildren(4, 2, 2, 15) },
      [ids.family]: { left: 8, occupancy: withChildren(4, 2, 2, 12) },
    });
    expect(answer.rooms.map((room) => room.name)).toEqual([
      "Dvoulůžkový pokoj",
      "Dvoulůžkový pokoj s přistýlkou",
      "Jednolůžkový pokoj",
      "Rodinný pokoj",
    ]);
    expect(lines.filter((line) => line.msg === "product left out")).toEqual([]);
  });

  it("marks a product payable only at the property as not orderable, and keeps cancellation dates honest", async () => {
    const answer = await provider().availability(stay(), signal());
    const [, atProperty] = answer.rooms[0]?.products ?? [];
    const suite = answer.rooms[1]?.products[0];
    expect(atProperty).toMatchObject({
      discountedPrice: 99999,
      publicPrice: 99999,
      paymentTimings: ["at_property"],
      unavailableReason: "not_payable_online",
      maximumOccupancy: { adults: 2, total: 4, children: [] },
    });
    expect(atProperty).not.toHaveProperty("freeCancellationUntil");
    // Partly refundable is not free cancellation.
    expect(suite).not.toHaveProperty("freeCancellationUntil");
    expect(suite).not.toHaveProperty("unavailableReason");
    expect(suite?.extraCharges).toEqual([
      { name: "servisní poplatek", type: "service_charge", percentage: 5, amount: 12500, chargeableOnline: true },
    ]);
  });

  it("falls back to British English where the asked language is missing", async () => {
    const answer = await provider().availability(stay({ language: "pl" }), signal());
    expect(answer.hotel.name).toBe("Hotel Paris Prague");
    expect(answer.hotel.address).toMatchObject({ city: "Praga", country: "Czechy" });
    expect(answer.rooms.map((room) => room.name)).toEqual(["Deluxe Double Room", "Family Suite"]);
  });

  it("reads a hotel without reviews, stars or photos as zeros and no photos", async () => {
    const answer = await provider().availability(stay({ hotelId: fakeWorld.warsaw.id, currency: "PLN" }), signal());
    expect(answer.hotel.rating).toEqual({ numberOfReviews: 0, reviewScore: 0, stars: 0 });
    expect(answer.hotel.photos).toEqual({ other: [] });
    expect(answer.rooms[0]).not.toHaveProperty("photo");
  });

  it("keeps a request id of exactly 25 characters as Booking.com gave it", async () => {
    const exact = await startBookingDemandApiFake({ today: "2030-01-10", requestId: () => "r".repeat(25) });
    try {
      const answer = await provider({}, exact).availability(stay(), signal());
      expect(answer.requestId).toBe("r".repeat(25));
    } finally {
      await exact.close();
    }
  });
});

describe("failures", () => {
  it("fails on refused credentials without repeating the token", async () => {
    const wrongToken = await failure(provider({ token: "secret-token-123" }).availability(stay(), signal()));
    expect(wrongToken.kind).toBe("failed");
    expect(wrongToken.message).toContain("401");
    expect(wrongToken.message).not.toContain("secret-token-123");
    const wrongAffiliate = await failure(provider({ affiliateId: "7654321" }).availability(stay(), signal()));
    expect(wrongAffiliate.kind).toBe("failed");
    expect(wrongAffiliate.message).not.toContain(fake.token);
  });

  it("tells an unknown hotel id apart", async () => {
    expect((await failure(provider().availability(stay({ hotelId: fakeWorld.unknownId }), signal()))).kind).toBe(
      "hotel_not_found"
    );
    expect((await failure(provider().availability(stay({ hotelId: "abc" }), signal()))).kind).toBe("hotel_not_found");
  });

  it("does not mistake a wrong base URL for a missing hotel", async () => {
    const error = await failure(provider({ baseUrl: `${fake.baseUrl}/v9` }).availability(stay(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("404");
  });

  it("tells a hotel that exists but cannot be booked apart", async () => {
    const error = await failure(provider().availability(stay({ hotelId: fakeWorld.closed.id }), signal()));
    expect(error.kind).toBe("hotel_unavailable");
  });

  it("reports nothing available when the hotel has no products", async () => {
    const error = await failure(provider().availability(stay({ hotelId: fakeWorld.soldOut.id }), signal()));
    expect(error.kind).toBe("nothing_available");
  });

  it("reports dates Booking.com takes no bookings for", async () => {
    const tooLong = await failure(provider().availability(stay({ checkOut: "2030-10-10" }), signal()));
    expect(tooLong.kind).toBe("date_not_bookable");
    const tooFar = await failure(
      provider().availability(stay({ checkIn: "2031-12-01", checkOut: "2031-12-03" }), signal())
    );
    expect(tooFar.kind).toBe("date_not_bookable");
  });

  it("waits out one 429 as its Retry-After asks, then answers", async () => {
    fake.behave({ kind: "rate_limited", times: 1, retryAfter: "0" });
    const answer = await provider().availability(stay(), signal());
    expect(answer.rooms).toHaveLength(2);
    const availabilityCalls = apiRequests().filter((request) => request.path === "/3.1/accommodations/availability");
    expect(availabilityCalls).toHaveLength(2);
  });

  const availabilityCalls = () =>
    apiRequests().filter((request) => request.path === "/3.1/accommodations/availability").length;

  it("answers on the third try when rate-limited twice", async () => {
    fake.behave({ kind: "rate_limited", times: 2, retryAfter: "0" });
    expect((await provider().availability(stay(), signal())).rooms).toHaveLength(2);
    expect(availabilityCalls()).toBe(3);
  });

  it("fails with the 429 after three tries", async () => {
    fake.behave({ kind: "rate_limited", times: 3, retryAfter: "0" });
    const error = await failure(provider().availability(stay(), signal()));
    expect([error.kind, error.httpStatus]).toEqual(["failed", 429]);
    expect(availabilityCalls()).toBe(3);
  });

  it("waits no longer in all than the shop allows, counting each Retry-After", async () => {
    fake.behave({ kind: "rate_limited", times: 2, retryAfter: "1" });
    // The first wait (1 s) fits within 1.5 s; the second would not.
    const error = await failure(provider({ maxRetryAfterMs: 1_500 }).availability(stay(), signal()));
    expect([error.kind, error.httpStatus]).toEqual(["failed", 429]);
    expect(availabilityCalls()).toBe(2);
  });

  it("fails at once when Retry-After asks for longer than the shop waits, or for nothing usable", async () => {
    fake.behave({ kind: "rate_limited", times: 1, retryAfter: "60" });
    // Only the first request is refused: had the adapter waited and asked again, it would have had its answer.
    const longWait = await failure(provider().availability(stay(), signal()));
    expect(longWait.kind).toBe("failed");
    expect(longWait.message).toContain("60 s");
    fake.behave({ kind: "rate_limited", times: 1 });
    expect((await failure(provider().availability(stay(), signal()))).kind).toBe("failed");
  });

  it("sends nothing while the block a 429 announced lasts, and asks again once it is over", async () => {
    let elapsed = 0;
    const adapter = provider({ elapsedMs: () => elapsed });
    fake.behave({ kind: "rate_limited", times: 1, retryAfter: "60" });
    await failure(adapter.availability(stay(), signal()));
    fake.behave({ kind: "normal" });
    const sent = fake.requests.length;

    elapsed = 59_000;
    const blocked = await failure(adapter.availability(stay(), signal()));
    expect([blocked.kind, blocked.httpStatus]).toEqual(["failed", 429]);
    expect(fake.requests.length).toBe(sent);

    elapsed = 60_000;
    expect((await adapter.availability(stay(), signal())).rooms.length).toBeGreaterThan(0);
  });

  it("keeps away for the documented minute after a 429 naming no end", async () => {
    let elapsed = 0;
    const adapter = provider({ elapsedMs: () => elapsed });
    fake.behave({ kind: "rate_limited", times: 1 });
    await failure(adapter.availability(stay(), signal()));
    fake.behave({ kind: "normal" });
    elapsed = 59_999;
    expect((await failure(adapter.availability(stay(), signal()))).httpStatus).toBe(429);
    elapsed = 60_000;
    expect((await adapter.availability(stay(), signal())).rooms.length).toBeGreaterThan(0);
  });

  it("times out when Booking.com does not answer before the signal", async () => {
    fake.behave({ kind: "hang" });
    const error = await failure(provider().availability(stay(), AbortSignal.timeout(200)));
    expect(error.kind).toBe("timeout");
  });

  it("times out while waiting out a 429 when the signal fires first", async () => {
    fake.behave({ kind: "rate_limited", times: 1, retryAfter: "3" });
    const error = await failure(provider().availability(stay(), AbortSignal.timeout(200)));
    expect(error.kind).toBe("timeout");
  });

  it("fails on a server error that lasts past three tries", async () => {
    fake.behave({ kind: "server_error" });
    const error = await failure(provider().availability(stay(), signal()));
    expect([error.kind, error.httpStatus]).toEqual(["failed", 500]);
    expect(error.message).toContain("500");
    expect(availabilityCalls()).toBe(3);
  });

  it("fails on an answer that is not JSON", async () => {
    fake.behave({ kind: "malformed_json" });
    const error = await failure(provider().availability(stay(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("not JSON");
  });

  it("fails on an answer that is not the documented shape, naming the issue", async () => {
    fake.behave({ kind: "unexpected_shape", paths: ["/3.1/accommodations/availability"] });
    const error = await failure(provider().availability(stay(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/data\.id: .*expected number/);
  });
});

describe("resolving a hotel page link", () => {
  const resolve = (link: { countryCode: string; slug: string; url: string }, abort = signal()) =>
    provider().resolveHotel(link, abort);

  it("reads b_hotel_id from the page's inline script first", async () => {
    await expect(resolve(fakeWorld.prague.link)).resolves.toBe("10001");
    expect(fake.requests.map((request) => request.path)).toEqual(["/hotel/cz/hotel-paris-prague.html"]);
  });

  it("reads the booking form's hidden hotel_id input", async () => {
    await expect(resolve(fakeWorld.warsaw.link)).resolves.toBe("20002");
  });

  it("reads data-hotel-id", async () => {
    await expect(resolve(fakeWorld.soldOut.link)).resolves.toBe("30003");
  });

  it("finds no property on a page without a hotel id, or on a missing page", async () => {
    expect((await failure(resolve(fakeWorld.pageWithoutId))).kind).toBe("property_not_found");
    expect((await failure(resolve(fakeWorld.missingPage))).kind).toBe("property_not_found");
  });

  it("fails when the portal errs, and times out when it hangs", async () => {
    fake.behave({ kind: "server_error", paths: ["/hotel/cz/hotel-paris-prague.html"] });
    expect((await failure(resolve(fakeWorld.prague.link))).kind).toBe("failed");
    fake.behave({ kind: "hang", paths: ["/hotel/cz/hotel-paris-prague.html"] });
    expect((await failure(resolve(fakeWorld.prague.link, AbortSignal.timeout(200)))).kind).toBe("timeout");
  });

  it("tries the id places in a fixed order, whatever their order in the page", () => {
    const page =
      '<div data-hotel-id="3"></div><input name="hotel_id" type="hidden" value="2">' +
      '<script>b_hotel_id: "1"</script>';
    expect(hotelIdInPage(page)).toBe("1");
    expect(hotelIdInPage(page.replace(/<script>.*<\/script>/, ""))).toBe("2");
    expect(hotelIdInPage('<a data-hotel-id="3">')).toBe("3");
    expect(hotelIdInPage("<p>b_hotel_id: ''</p>")).toBeUndefined();
  });
});

describe("resolving a share link", () => {
  const { shareLinks } = fakeWorld;
  const share = (code: string) => ({ code, url: `https://www.booking.com/Share-${code}` });
  const resolve = (code: string, abort = signal()) => provider().resolveShareLink(share(code), abort);
  // The fake's today is 2030-01-10; its shared stays start 30 days later, for two nights.
  const search = "checkin=2030-02-09&checkout=2030-02-11&group_adults=2&no_rooms=1";

  it("reads where a 301 leads from its Location, with one request and without reading the body", async () => {
    await expect(resolve(shareLinks.prague)).resolves.toBe(`${fakeWorld.prague.link.url}?${search}&aid=304142`);
    expect(fake.requests.map((request) => [request.method, request.path])).toEqual([["GET", "/Share-PrG301x"]]);
  });

  it("reads a relative Location of a 302 as an address on the portal", async () => {
    await expect(resolve(shareLinks.warsaw)).resolves.toBe(
      `https://www.booking.com/hotel/pl/hotel-warszawa-centrum.pl.html?${search}`
    );
  });

  it("answers where the link leads even when it is no hotel page, for the caller to judge", async () => {
    await expect(resolve(shareLinks.searchPage)).resolves.toBe("https://www.booking.com/searchresults.html?ss=Praha");
  });

  it("finds no property behind a code the portal does not know", async () => {
    expect((await failure(resolve(shareLinks.unknown))).kind).toBe("property_not_found");
  });

  it("fails when the portal errs, and times out when it hangs", async () => {
    const path = `/Share-${shareLinks.prague}`;
    fake.behave({ kind: "server_error", paths: [path] });
    const error = await failure(resolve(shareLinks.prague));
    expect([error.kind, error.httpStatus]).toEqual(["failed", 500]);
    fake.behave({ kind: "hang", paths: [path] });
    expect((await failure(resolve(shareLinks.prague, AbortSignal.timeout(200)))).kind).toBe("timeout");
  });
});

describe("amounts", () => {
  it("become integer minor units through their decimal text, never through float arithmetic", () => {
    expect(toMinorUnits(1234.5)).toBe(123450);
    expect(toMinorUnits(1385.97)).toBe(138597);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(1081.49)).toBe(108149);
    expect(toMinorUnits(6)).toBe(600);
    expect(toMinorUnits(1.005)).toBeUndefined();
    expect(toMinorUnits(-1)).toBeUndefined();
    expect(toMinorUnits(1e21)).toBeUndefined();
  });
});

describe("booking a stay", () => {
  const card: PaymentCard = { cardholder: "DZB Travel", number: "4111111111111111", cvc: "123", expiryDate: "2031-12" };
  const charges: CardCharge[] = [];
  const room = "1000101_91234567";

  afterEach(() => {
    charges.length = 0;
  });

  /** A provider whose payment provider issues a virtual card for every charge, recording the charges. */
  function booker(api: BookingDemandApiFake = fake): HotelProvider {
    return provider({ issueCard: async (charge) => (charges.push(charge), card) }, api);
  }

  let stays = 0;
  /** Two rooms of the Deluxe room's flexible rate; a check-in of its own, so other tests' orders stay out of sight. */
  function booking(overrides: Partial<BookingRequest> = {}): BookingRequest {
    stays += 1;
    const checkIn = new Date(Date.UTC(2030, 6, 1) + stays * 3 * 86_400_000).toISOString().slice(0, 10);
    return {
      reference: randomUUID(),
      hotelId: fakeWorld.prague.id,
      checkIn,
      checkOut: new Date(Date.parse(checkIn) + 2 * 86_400_000).toISOString().slice(0, 10),
      adults: 2,
      childrenAges: [5],
      productIds: [room, room],
      currency: "CZK",
      language: "cs",
      expectedPrice: 246_900,
      booker: {
        firstName: "Jana",
        lastName: "Nováková",
        email: "jana@example.cz",
        mobile: "+420601234567",
        countryCode: "cz",
      },
      remarks: "Přijedeme kolem 22:00.",
      ...overrides,
    };
  }

  const paths = () => apiRequests().map((request) => request.path);
  const ordersFor = (reference: string) => fake.orders.filter((order) => order.label === reference);

  it("looks for an earlier order, checks the offer, previews, then creates an order labelled with the reference", async () => {
    const request = booking();
    const { bookingRef } = await booker().book(request, signal());
    expect(paths()).toEqual([
      "/3.1/orders/details",
      "/3.1/accommodations/availability",
      "/3.1/orders/preview",
      "/3.1/orders/create",
    ]);
    for (const sent of apiRequests()) {
      expect(sent.headers["authorization"]).toBe(`Bearer ${fake.token}`);
      expect(sent.headers["x-affiliate-id"]).toBe(fake.affiliateId);
    }
    expect(bodyOf("/orders/details")).toEqual({
      start: { from: request.checkIn, to: request.checkIn },
      currency: "CZK",
      services: ["accommodations"],
      maximum_results: 100,
    });
    expect(bodyOf("/accommodations/availability")).toMatchObject({
      accommodation: 10001,
      checkin: request.checkIn,
      guests: { number_of_adults: 2, number_of_rooms: 2, children: [5] },
    });
    expect(bodyOf("/orders/preview")).toEqual({
      booker: { country: "cz", platform: "desktop" },
      currency: "CZK",
      accommodation: {
        id: 10001,
        checkin: request.checkIn,
        checkout: request.checkOut,
        products: [
          { id: room, allocation: { number_of_adults: 1, children: [5] } },
          { id: room, allocation: { number_of_adults: 1, children: [] } },
        ],
      },
    });
    const guest = { email: "jana@example.cz", name: "Jana Nováková" };
    expect(bodyOf("/orders/create")).toEqual({
      order_token: expect.stringMatching(/^fake-order-token-/),
      booker: {
        address: { country: "cz" },
        email: "jana@example.cz",
        language: "cs",
        name: { first_name: "Jana", last_name: "Nováková" },
        telephone: "+420601234567",
      },
      accommodation: {
        label: request.reference,
        products: [
          { id: room, guests: [guest] },
          { id: room, guests: [guest] },
        ],
        remarks: { special_requests: "Přijedeme kolem 22:00." },
      },
      payment: {
        timing: "pay_online_now",
        method: "card",
        card: {
          cardholder: "DZB Travel",
          number: "4111111111111111",
          cvc: "123",
          expiry_date: "2031-12",
          authentication: { sca_exemption: "virtual" },
        },
      },
    });
    expect(charges).toEqual([{ reference: request.reference, currency: "CZK", amount: 246_900 }]);
    expect(ordersFor(request.reference)).toEqual([expect.objectContaining({ id: bookingRef, status: "booked" })]);
  });

  it("answers the order already made for the reference, from any process, instead of booking again", async () => {
    const request = booking();
    const first = await booker().book(request, signal());
    fake.requests.length = 0;
    expect(await booker().book(request, signal())).toEqual(first);
    expect(paths()).toEqual(["/3.1/orders/details", "/3.1/orders/details/accommodations"]);
    expect(bodyOf("/orders/details/accommodations")).toEqual({ orders: [first.bookingRef], currency: "CZK" });
    expect(ordersFor(request.reference)).toHaveLength(1);
  });

  it("finds the earlier order on a later page of the day's orders", async () => {
    const paged = await startBookingDemandApiFake({ today: "2030-01-10", orderPageSize: 1 });
    try {
      const first = booking();
      const second = booking({ checkIn: first.checkIn, checkOut: first.checkOut });
      const { bookingRef } = await booker(paged).book(first, signal());
      await booker(paged).book(second, signal());
      paged.requests.length = 0;
      expect(await booker(paged).book(first, signal())).toEqual({ bookingRef });
      const lists = paged.requests.filter((request) => request.path === "/3.1/orders/details");
      expect(lists.map((request) => request.body)).toEqual([
        expect.objectContaining({ start: { from: first.checkIn, to: first.checkIn } }),
        { page: expect.stringMatching(/^fake-page-/) },
      ]);
      expect(paged.orders).toHaveLength(2);
    } finally {
      await paged.close();
    }
  });

  it("refuses, before previewing, when the rooms now cost more than the shop sold them for", async () => {
    const error = await failure(booker().book(booking({ expectedPrice: 246_899 }), signal()));
    expect(error.kind).toBe("booking_refused");
    expect(error.message).toContain("246900");
    expect(paths()).not.toContain("/3.1/orders/preview");
  });

  it("refuses a product no longer offered, one paid only at the property, or a hotel id that is none", async () => {
    const gone = booking({ productIds: ["1000101_99999999"] });
    expect((await failure(booker().book(gone, signal()))).kind).toBe("booking_refused");
    const atProperty = booking({ productIds: ["1000101_91234568"], expectedPrice: 99_999 });
    expect((await failure(booker().book(atProperty, signal()))).kind).toBe("booking_refused");
    expect((await failure(booker().book(booking({ hotelId: "abc" }), signal()))).kind).toBe("booking_refused");
    expect(paths()).not.toContain("/3.1/orders/create");
  });

  it("refuses guests the rooms cannot hold, as the preview tells", async () => {
    const crowded = booking({ adults: 5, childrenAges: [], productIds: [room], expectedPrice: 123_450 });
    expect((await failure(booker().book(crowded, signal()))).kind).toBe("booking_refused");
    expect(bodyOf("/orders/preview")).toMatchObject({
      accommodation: { products: [{ id: room, allocation: { number_of_adults: 5, children: [] } }] },
    });
    expect(paths()).not.toContain("/3.1/orders/create");
  });

  it("refuses what Booking.com refuses to preview or to create, and creates nothing", async () => {
    for (const path of ["/3.1/orders/preview", "/3.1/orders/create"]) {
      fake.behave({ kind: "refused", paths: [path] });
      const request = booking();
      const error = await failure(booker().book(request, signal()));
      expect(error.kind).toBe("booking_refused");
      expect(error.message).toContain("400");
      expect(ordersFor(request.reference)).toEqual([]);
    }
  });

  it("fails, worth another try, on an outage or refused credentials, and times out when Booking.com hangs", async () => {
    for (const path of ["/3.1/orders/details", "/3.1/orders/preview", "/3.1/orders/create"]) {
      fake.behave({ kind: "server_error", paths: [path] });
      fake.requests.length = 0;
      const error = await failure(booker().book(booking(), signal()));
      expect(error.kind).toBe("failed");
      expect(error.message).toContain("500");
      // An outage may come after the order was made: /orders/create is never sent twice, the reads are tried again.
      expect(fake.requests.filter((request) => request.path === path)).toHaveLength(path.endsWith("create") ? 1 : 3);
    }
    fake.behave({ kind: "normal" });
    const wrongToken = provider({ token: "secret-token-123", issueCard: async () => card });
    expect((await failure(wrongToken.book(booking(), signal()))).kind).toBe("failed");
    fake.behave({ kind: "hang", paths: ["/3.1/orders/create"] });
    expect((await failure(booker().book(booking(), AbortSignal.timeout(300)))).kind).toBe("timeout");
  });

  it("fails when Booking.com wants a card and no card issuer is set", async () => {
    const error = await failure(provider().book(booking(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("card");
    expect(paths()).not.toContain("/3.1/orders/create");
  });

  it("pays later when the rooms cannot be paid now", async () => {
    const suite = booking({ productIds: ["1000102_91234569"], expectedPrice: 250_000, remarks: " " });
    await booker().book(suite, signal());
    expect(bodyOf("/orders/create")).toMatchObject({ payment: { timing: "pay_online_later", method: "card" } });
    expect(bodyOf("/orders/create")).not.toHaveProperty("accommodation.remarks");
  });
});

describe("cancelling a booking", () => {
  const issueCard = async (): Promise<PaymentCard> => ({
    cardholder: "DZB Travel",
    number: "4111111111111111",
    cvc: "123",
    expiryDate: "2031-12",
  });

  async function booked(): Promise<string> {
    const request: BookingRequest = {
      reference: randomUUID(),
      hotelId: fakeWorld.warsaw.id,
      checkIn: "2030-09-01",
      checkOut: "2030-09-03",
      adults: 2,
      childrenAges: [],
      productIds: ["2000201_81234567"],
      currency: "PLN",
      language: "pl",
      expectedPrice: 12_000,
      booker: {
        firstName: "Jan",
        lastName: "Kowalski",
        email: "jan@example.pl",
        mobile: "+48601234567",
        countryCode: "",
      },
      remarks: "",
    };
    const { bookingRef } = await provider({ issueCard }).book(request, signal());
    expect(bodyOf("/orders/create")).toMatchObject({ booker: { address: { country: "pl" }, language: "pl" } });
    fake.requests.length = 0;
    return bookingRef;
  }

  it("cancels the order by its id, and a cancelled one again without complaint", async () => {
    const bookingRef = await booked();
    await provider().cancelBooking(bookingRef, signal());
    expect(bodyOf("/orders/cancel")).toEqual({ order: bookingRef, reason: expect.stringMatching(/\S/) });
    expect(fake.orders.find((order) => order.id === bookingRef)?.status).toBe("cancelled");
    fake.requests.length = 0;
    await expect(provider().cancelBooking(bookingRef, signal())).resolves.toBeUndefined();
    expect(apiRequests().map((request) => request.path)).toEqual([
      "/3.1/orders/cancel",
      "/3.1/orders/details/accommodations",
    ]);
  });

  it("refuses to cancel an order Booking.com does not know, or an id that is none", async () => {
    expect((await failure(provider().cancelBooking("999999999999999", signal()))).kind).toBe("booking_refused");
    fake.requests.length = 0;
    expect((await failure(provider().cancelBooking("SIM-123", signal()))).kind).toBe("booking_refused");
    expect(apiRequests()).toEqual([]);
  });

  it("fails on an outage, so the cancellation can be tried again", async () => {
    const bookingRef = await booked();
    fake.behave({ kind: "server_error", paths: ["/3.1/orders/cancel"] });
    expect((await failure(provider().cancelBooking(bookingRef, signal()))).kind).toBe("failed");
    expect(fake.orders.find((order) => order.id === bookingRef)?.status).toBe("booked");
  });
});
