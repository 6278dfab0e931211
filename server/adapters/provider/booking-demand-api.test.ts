import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  fakeWorld,
  startBookingDemandApiFake,
  type BookingDemandApiFake,
} from "../../../tests/fixtures/booking-demand-api-fake";
import { createBookingDemandApiProvider, type BookingDemandApiOptions } from "./booking-demand-api";
import { toMinorUnits } from "./booking-demand-api-shapes";
import { hotelIdInPage } from "./booking-page-resolver";
import { ProviderError, type HotelProvider, type StaySearch } from "./hotel-provider";

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
      extraCharges: [{ name: "Městský poplatek", amount: 5000, chargeableOnline: false }],
      mealPlan: { plan: "breakfast_included", meals: ["breakfast"] },
      maximumOccupancy: { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] },
      paymentTimings: ["online_now", "online_later", "at_property"],
    });
  });

  it("converts another currency's decimals just as exactly", async () => {
    const answer = await provider().availability(stay({ hotelId: fakeWorld.warsaw.id, currency: "PLN" }), signal());
    expect(answer.rooms[0]?.products[0]).toMatchObject({ discountedPrice: 12000, publicPrice: 12000, deals: [] });
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

  it("drops products the contract cannot carry instead of bending them", async () => {
    const answer = await provider().availability(stay(), signal());
    const ids = answer.rooms.flatMap((room) => room.products.map((product) => product.productId));
    // Left out: "tpi-1000101-358188572" (id shape), 1000102_91234570 (2 rooms left), 1000102_91234571 (a band from
    // age 0), 1000103_91234572 (1 adult, so the attic room goes too), 1000101_91234573 (a charge without an amount).
    expect(ids).toEqual(["1000101_91234567", "1000101_91234568", "1000102_91234569"]);
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
      { name: "servisní poplatek", percentage: 5, amount: 12500, chargeableOnline: true },
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

  it("fails when rate-limited twice", async () => {
    fake.behave({ kind: "rate_limited", times: 2, retryAfter: "0" });
    const error = await failure(provider().availability(stay(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("429");
  });

  it("fails at once when Retry-After asks for longer than the shop waits, or for nothing usable", async () => {
    fake.behave({ kind: "rate_limited", times: 1, retryAfter: "60" });
    const started = Date.now();
    const longWait = await failure(provider().availability(stay(), signal()));
    expect(longWait.kind).toBe("failed");
    expect(longWait.message).toContain("60 s");
    expect(Date.now() - started).toBeLessThan(2_000);
    fake.behave({ kind: "rate_limited", times: 1 });
    expect((await failure(provider().availability(stay(), signal()))).kind).toBe("failed");
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

  it("fails on a server error", async () => {
    fake.behave({ kind: "server_error" });
    const error = await failure(provider().availability(stay(), signal()));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("500");
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
