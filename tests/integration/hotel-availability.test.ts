import { timestampDate, timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelRequest } from "../../gen/dzb/shop/v1/hotel_pb";
import { ExtraChargeType } from "../../gen/dzb/shop/v1/payment_pb";
import { HotelAvailabilityRequestSchema, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { create, toJsonString, type MessageInitShape } from "@bufbuild/protobuf";
import type { HotelLink, ShareLink } from "../../server/adapters/provider/hotel-provider";
import { simulatorShareCodes } from "../../server/adapters/provider/simulator-share";
import { createSimulatorProvider, simulatorSlugs } from "../../server/adapters/provider/simulator";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { parseBookingLink } from "../../server/domain/booking-link";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { availableStay, daysAfter } from "../fixtures/available-stay";
import { fakeWorld, startBookingDemandApiFake, type BookingDemandApiFake } from "../fixtures/booking-demand-api-fake";
import { databaseTargets, type TestDatabase } from "../fixtures/database";

// The api's clock: every date below is relative to it, so the tests mean the same on any day they run.
const now = new Date("2026-11-21T10:00:00Z");
const czVariant = { product: Product.DZB_CZ, lang: Lang.CS, currency: Currency.CZK };
const plVariant = { product: Product.DZB_PL, lang: Lang.PL, currency: Currency.PLN };

function shareOf(url: string): ShareLink {
  const parsed = parseBookingLink(url);
  if (parsed.ok || parsed.error !== "share_link") throw new Error(`test link ${url} is no share link`);
  return parsed.share;
}

function linkOf(url: string): HotelLink {
  const parsed = parseBookingLink(url);
  if (!parsed.ok) throw new Error(`test link ${url} does not parse: ${parsed.error}`);
  return parsed.hotel;
}

const hotelUrl = (slug: string, country = "cz") => `https://www.booking.com/hotel/${country}/${slug}.html`;

/** The hotel request of a test: a two-night stay a month ahead for two adults in one room, unless overridden. */
interface RequestOverrides {
  hotelId: string;
  checkIn?: Timestamp;
  checkOut?: Timestamp;
  rooms?: number;
  adults?: number;
  childrenAges?: number[];
}

const date = (day: string) => timestampFromDate(new Date(`${day}T00:00:00Z`));

/** The failure of a call as code, catalogue code and field; a call that succeeds fails the test. */
async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.fail("the call should fail"),
    (e: unknown) => ConnectError.from(e)
  );
  const [detail] = error.findDetails(ErrorDetailSchema);
  return { code: error.code, errorCode: detail?.code, field: detail?.field, message: error.rawMessage };
}

describe.each(databaseTargets())("hotel calls on the simulator, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  const instantDelay = (ms: number, signal: AbortSignal) =>
    // "Slow" hotels answer at once, hanging ones still wait for the deadline: they never call back.
    new Promise<void>((resolve, reject) => {
      if (ms < 60_000) return resolve();
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  const provider = createSimulatorProvider({ now: () => now, delay: instantDelay });
  const config = loadConfig({ ENV: "test", NODE_ENV: "test", PROVIDER_TIMEOUT_MS: "300" });

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ config, db: database.db, provider, now: () => now });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  const request = (
    overrides: RequestOverrides,
    productVariant = czVariant
  ): MessageInitShape<typeof HotelAvailabilityRequestSchema> => ({
    productVariant,
    lookup: {
      case: "hotelRequest",
      value: {
        checkIn: date(daysAfter(now, 30)),
        checkOut: date(daysAfter(now, 32)),
        rooms: 1,
        adults: 2,
        ...overrides,
      },
    },
  });

  async function hotelIdOf(slug: string, country = "cz"): Promise<string> {
    const { hotelRequest } = await client.hotelParseUrl({ productVariant: czVariant, url: hotelUrl(slug, country) });
    return hotelRequest!.hotelId;
  }

  describe("HotelParseUrl", () => {
    it("reads the hotel and the whole search from a link", async () => {
      const answer = await client.hotelParseUrl({
        productVariant: czVariant,
        url: "https://www.booking.com/hotel/cz/grandhotel-pupp.cs.html?aid=304142&checkin=2026-12-10&checkout=2026-12-13&group_adults=3&no_rooms=2&group_children=2&age=4&age=11",
      });
      expect(answer.hotelUrl).toBe("https://www.booking.com/hotel/cz/grandhotel-pupp.html");
      expect(answer.childrenCount).toBe(2);
      const hotelRequest = answer.hotelRequest as HotelRequest;
      expect(hotelRequest.hotelId).toMatch(/^\d{5,7}$/);
      expect(timestampDate(hotelRequest.checkIn!).toISOString()).toBe("2026-12-10T00:00:00.000Z");
      expect(timestampDate(hotelRequest.checkOut!).toISOString()).toBe("2026-12-13T00:00:00.000Z");
      expect(hotelRequest).toMatchObject({ rooms: 2, adults: 3, childrenAges: [4, 11] });
    });

    it("leaves what the link lacks unset, for the form to ask", async () => {
      const { hotelRequest, childrenCount } = await client.hotelParseUrl({
        productVariant: czVariant,
        url: hotelUrl("hotel-paris-prague"),
      });
      expect(hotelRequest?.checkIn).toBeUndefined();
      expect(hotelRequest?.checkOut).toBeUndefined();
      expect(hotelRequest).toMatchObject({ rooms: 0, adults: 0, childrenAges: [] });
      expect(childrenCount).toBe(0);
    });

    it("keeps the declared children count when an age is missing", async () => {
      const { hotelRequest, childrenCount } = await client.hotelParseUrl({
        productVariant: czVariant,
        url: `${hotelUrl("hotel-paris-prague")}?group_children=2&age=7`,
      });
      expect(hotelRequest?.childrenAges).toEqual([7]);
      expect(childrenCount).toBe(2);
    });

    it("resolves a link to the same hotel every time, in any of its shapes", async () => {
      const first = await hotelIdOf("hotel-adria-prague");
      const again = await client.hotelParseUrl({
        productVariant: czVariant,
        url: "https://booking.com/hotel/cz/hotel-adria-prague.en-gb.html?label=gen173nr",
      });
      expect(again.hotelRequest?.hotelId).toBe(first);
      expect(await hotelIdOf("hotel-europa-prague")).not.toBe(first);
    });

    it.each([
      ["", ErrorCode.INPUT_REQUIRED],
      ["http://www.booking.com/hotel/cz/hotel-paris-prague.html", ErrorCode.INPUT_HOTEL_LINK_INVALID],
      ["https://www.expedia.com/Prague-Hotels-Hotel-Paris.h123.Hotel-Information", ErrorCode.LINK_NOT_BOOKING],
      ["https://www.booking.com/searchresults.html?ss=Prague", ErrorCode.LINK_BAD_FORMAT],
      ["not a link at all", ErrorCode.LINK_BAD_FORMAT],
      [`https://www.booking.com/Share-${simulatorShareCodes.searchPage}`, ErrorCode.LINK_SHARE],
    ])("refuses %j with its own message", async (url, errorCode) => {
      const failure = await failureOf(client.hotelParseUrl({ productVariant: czVariant, url }));
      expect(failure).toMatchObject({ code: Code.InvalidArgument, errorCode, field: "url" });
    });

    it("reads a share link as the hotel page and the stay it leads to, the same every time", async () => {
      const shared = { productVariant: czVariant, url: "https://www.booking.com/Share-AbC123x" };
      const answer = await client.hotelParseUrl(shared);
      const target = parseBookingLink(await provider.resolveShareLink(shareOf(shared.url), AbortSignal.timeout(5_000)));
      if (!target.ok) throw new Error("the simulator's share link leads to no hotel page");
      expect(answer.hotelUrl).toBe(target.hotel.url);
      expect(answer.hotelRequest?.hotelId).toBe(await hotelIdOf(target.hotel.slug, target.hotel.countryCode));
      expect(timestampDate(answer.hotelRequest!.checkIn!).toISOString().slice(0, 10)).toBe(target.search.checkIn);
      expect(timestampDate(answer.hotelRequest!.checkOut!).toISOString().slice(0, 10)).toBe(target.search.checkOut);
      expect(answer.hotelRequest).toMatchObject({ adults: 2, rooms: 1, childrenAges: [] });
      expect(await client.hotelParseUrl(shared)).toEqual(answer);
    });

    it("tells a share link leading nowhere as naming no property", async () => {
      const url = `https://www.booking.com/Share-${simulatorShareCodes.nowhere}`;
      const failure = await failureOf(client.hotelParseUrl({ productVariant: czVariant, url }));
      expect(failure).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PROPERTY_NOT_FOUND, field: "url" });
    });

    it("tells a link naming no property apart", async () => {
      const failure = await failureOf(
        client.hotelParseUrl({ productVariant: czVariant, url: hotelUrl(simulatorSlugs.unknownProperty) })
      );
      expect(failure).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PROPERTY_NOT_FOUND, field: "url" });
    });
  });

  describe("HotelAvailability", () => {
    it("answers the hotel, its rooms and a new availability id, and serves it again by that id", async () => {
      const link = linkOf(hotelUrl("hotel-paris-prague"));
      const stay = await availableStay(provider, link, now, { startInDays: 20, nights: 2 });
      await hotelIdOf("hotel-paris-prague");
      const answer = await client.hotelAvailability(
        request({ hotelId: stay.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut) })
      );
      expect(answer.availabilityId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.hotelAvailability?.availabilityId).toBe(answer.availabilityId);
      expect(answer.hotelDetail).toMatchObject({ hotelId: stay.hotelId, name: "Hotel Paris Prague", url: link.url });
      expect(answer.hotelDetail?.requestMeta?.id).toHaveLength(25);
      const products = answer.hotelAvailability!.rooms.flatMap((room) => room.products);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.productId).toMatch(/^\d+_\d+$/);
        expect(product.price?.discountedPrice?.currencyCode).toBe("CZK");
      }
      // The hotel's city tax comes typed, for the shop to name it in the visitor's language.
      expect(products.flatMap((product) => product.extraCharges)).toContainEqual(
        expect.objectContaining({ name: "City tax", type: ExtraChargeType.CITY_TAX, chargeableOnline: false })
      );
      expect(answer.hotelRequest).toMatchObject({ hotelId: stay.hotelId, rooms: 1, adults: 2 });

      const again = await client.hotelAvailability({
        productVariant: czVariant,
        lookup: { case: "availabilityId", value: answer.availabilityId },
      });
      expect(again).toEqual(answer);
    });

    it("offers one adult alone rooms that fit, and kept as asked", async () => {
      const link = linkOf(hotelUrl("hotel-paris-prague"));
      const stay = await availableStay(provider, link, now, { startInDays: 22, nights: 2, adults: 1 });
      await hotelIdOf("hotel-paris-prague");
      const answer = await client.hotelAvailability(
        request({ hotelId: stay.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut), adults: 1 })
      );
      const products = answer.hotelAvailability!.rooms.flatMap((room) => room.products);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) expect(product.fitsOccupancy).toBe(true);
      expect(answer.hotelRequest).toMatchObject({ hotelId: stay.hotelId, rooms: 1, adults: 1 });
    });

    it("marks the products a large party does not fit", async () => {
      const link = linkOf(hotelUrl("family-resort-lipno"));
      const party = { adults: 4, childrenAges: [3, 8, 15] };
      const stay = await availableStay(provider, link, now, { startInDays: 40, nights: 3, ...party });
      await hotelIdOf("family-resort-lipno");
      const answer = await client.hotelAvailability(
        request({ hotelId: stay.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut), ...party })
      );
      const fits = answer.hotelAvailability!.rooms.flatMap((room) => room.products.map((p) => p.fitsOccupancy));
      expect(fits).toContain(false);
      for (const room of answer.hotelAvailability!.rooms) {
        for (const product of room.products) {
          const occupancy = product.maximumOccupancy!;
          if (occupancy.total < 7) expect(product.fitsOccupancy).toBe(false);
        }
      }
    });

    it("prices an offer in the variant's currency", async () => {
      const link = linkOf(hotelUrl("hotel-bristol-warsaw", "pl"));
      const stay = await availableStay(provider, link, now, { startInDays: 25, nights: 2 });
      const { hotelRequest } = await client.hotelParseUrl({ productVariant: plVariant, url: link.url });
      const answer = await client.hotelAvailability(
        request(
          { hotelId: hotelRequest!.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut) },
          plVariant
        )
      );
      const product = answer.hotelAvailability!.rooms[0]!.products[0]!;
      expect(product.price?.discountedPrice?.currencyCode).toBe("PLN");
    });

    it("does not show an offer on another shop, nor one that never was", async () => {
      const link = linkOf(hotelUrl("hotel-paris-prague"));
      const stay = await availableStay(provider, link, now, { startInDays: 50, nights: 1 });
      const { availabilityId } = await client.hotelAvailability(
        request({ hotelId: stay.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut) })
      );
      for (const [variant, id] of [
        [plVariant, availabilityId],
        [czVariant, crypto.randomUUID()],
      ] as const) {
        const failure = await failureOf(
          client.hotelAvailability({ productVariant: variant, lookup: { case: "availabilityId", value: id } })
        );
        expect(failure).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PAGE_NOT_FOUND });
      }
    });

    it.each([
      [
        "a check-in in the past",
        { checkIn: date(daysAfter(now, -1)) },
        ErrorCode.INPUT_CHECK_IN_PAST,
        "hotel_request.check_in",
      ],
      [
        "a check-out in the past",
        { checkIn: date(daysAfter(now, 3)), checkOut: date(daysAfter(now, -2)) },
        ErrorCode.INPUT_CHECK_OUT_PAST,
        "hotel_request.check_out",
      ],
      [
        "a check-out before the check-in",
        { checkOut: date(daysAfter(now, 29)) },
        ErrorCode.INPUT_CHECKOUT_BEFORE_CHECK_IN,
        "hotel_request.check_out",
      ],
      ["no check-in", { checkIn: undefined }, ErrorCode.INPUT_CHECK_IN_INVALID, "hotel_request.check_in"],
      ["no check-out", { checkOut: undefined }, ErrorCode.INPUT_CHECK_OUT_INVALID, "hotel_request.check_out"],
      ["no adult", { adults: 0 }, ErrorCode.INPUT_ADULTS_INVALID, "hotel_request.adults"],
      ["fewer adults than rooms", { adults: 2, rooms: 3 }, ErrorCode.INPUT_ADULTS_INVALID, "hotel_request.adults"],
      ["no rooms", { rooms: 0 }, ErrorCode.INPUT_ROOMS_INVALID, "hotel_request.rooms"],
      [
        "five children",
        { childrenAges: [1, 2, 3, 4, 5] },
        ErrorCode.INPUT_CHILDREN_INVALID,
        "hotel_request.children_ages",
      ],
      ["a child of 18", { childrenAges: [5, 18] }, ErrorCode.INPUT_CHILD_AGE_INVALID, "hotel_request.children_ages[1]"],
      ["a negative age", { childrenAges: [-1] }, ErrorCode.INPUT_CHILD_AGE_INVALID, "hotel_request.children_ages[0]"],
    ])("refuses %s next to its field", async (_, overrides, errorCode, field) => {
      const failure = await failureOf(client.hotelAvailability(request({ hotelId: "12345", ...overrides })));
      expect(failure).toMatchObject({ code: Code.InvalidArgument, errorCode, field });
    });

    it("refuses a request without a hotel", async () => {
      const failure = await failureOf(client.hotelAvailability(request({ hotelId: "" })));
      expect(failure).toMatchObject({ errorCode: ErrorCode.INPUT_REQUIRED, field: "hotel_request.hotel_id" });
    });

    it.each([
      ["hanging", simulatorSlugs.hanging, Code.DeadlineExceeded, ErrorCode.AVAILABILITY_CHECK_FAILED],
      ["failing", simulatorSlugs.failing, Code.Unavailable, ErrorCode.AVAILABILITY_CHECK_FAILED],
      ["not found", simulatorSlugs.notFound, Code.NotFound, ErrorCode.HOTEL_NOT_FOUND],
      ["sold out", simulatorSlugs.soldOut, Code.NotFound, ErrorCode.NOTHING_AVAILABLE_IN_TERM],
      ["closed", simulatorSlugs.closed, Code.FailedPrecondition, ErrorCode.HOTEL_UNAVAILABLE],
    ])("tells the visitor when the provider's hotel is %s", async (_, slug, code, errorCode) => {
      const failure = await failureOf(client.hotelAvailability(request({ hotelId: await hotelIdOf(slug) })));
      expect(failure).toMatchObject({ code, errorCode });
      if (code === Code.DeadlineExceeded) expect(failure.message).toBe("the operation timed out");
    });

    it("answers a slow hotel", async () => {
      const answer = await client.hotelAvailability(request({ hotelId: await hotelIdOf(simulatorSlugs.slow) }));
      expect(answer.hotelAvailability?.rooms.length).toBeGreaterThan(0);
    });

    it("tells the visitor the provider takes no stays longer than 30 nights", async () => {
      const failure = await failureOf(
        client.hotelAvailability(
          request({ hotelId: await hotelIdOf("hotel-paris-prague"), checkOut: date(daysAfter(now, 61)) })
        )
      );
      expect(failure).toMatchObject({ code: Code.FailedPrecondition, errorCode: ErrorCode.NO_ACCOMMODATION_FOR_DATE });
    });
  });

  it.runIf(target.multiInstance)("serves an availability id from a second api instance", async () => {
    const link = linkOf(hotelUrl("hotel-paris-prague"));
    const stay = await availableStay(provider, link, now, { startInDays: 70, nights: 2 });
    const { availabilityId } = await client.hotelAvailability(
      request({ hotelId: stay.hotelId, checkIn: date(stay.checkIn), checkOut: date(stay.checkOut) })
    );
    const secondDatabase = await testDb.open();
    const second = await startApiServer({ config, db: secondDatabase.db, provider, now: () => now });
    try {
      const secondClient = createClient(
        ShopService,
        createConnectTransport({ baseUrl: second.baseUrl, httpVersion: "1.1" })
      );
      const answer = await secondClient.hotelAvailability({
        productVariant: czVariant,
        lookup: { case: "availabilityId", value: availabilityId },
      });
      expect(answer.availabilityId).toBe(availabilityId);
    } finally {
      await second.stop();
      await secondDatabase.close();
    }
  });
});

describe.each(databaseTargets())("hotel calls on the Booking.com Demand API fake, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let fake: BookingDemandApiFake;
  /** Waits for the provider longer than a test may run, so a test that leaves it waiting fails. */
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  /** The same api with a short provider timeout, for the hanging provider. */
  let impatientApi: RunningApi;
  let impatientClient: Client<typeof ShopService>;

  beforeAll(async () => {
    fake = await startBookingDemandApiFake({ today: daysAfter(now, 0) });
    testDb = await target.create();
    database = await testDb.open();
    const config = (providerTimeoutMs?: string) =>
      loadConfig({
        ENV: "test",
        NODE_ENV: "test",
        ...(providerTimeoutMs ? { PROVIDER_TIMEOUT_MS: providerTimeoutMs } : {}),
        // Each test asks the same stay of a provider behaving otherwise; reusing answers is tested on its own.
        PROVIDER_ANSWER_REUSE_SECONDS: "0",
        ...fake.env,
      });
    // The provider comes from the configuration, as in production.
    api = await startApiServer({ config: config("600000"), db: database.db, now: () => now });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    impatientApi = await startApiServer({ config: config("300"), db: database.db, now: () => now });
    impatientClient = createClient(
      ShopService,
      createConnectTransport({ baseUrl: impatientApi.baseUrl, httpVersion: "1.1" })
    );
  });

  afterEach(() => fake.behave({ kind: "normal" }));

  afterAll(async () => {
    await api.stop();
    await impatientApi.stop();
    await database.close();
    await testDb.dispose();
    await fake.close();
  });

  const request = (
    hotelId: string,
    productVariant = czVariant
  ): MessageInitShape<typeof HotelAvailabilityRequestSchema> => ({
    productVariant,
    lookup: {
      case: "hotelRequest",
      value: { hotelId, checkIn: date(daysAfter(now, 30)), checkOut: date(daysAfter(now, 32)), rooms: 1, adults: 2 },
    },
  });

  it("uses the Demand API adapter when its credentials are configured", () => {
    expect(api.deps.provider.name).toBe("booking-demand-api");
  });

  it("reads a link's hotel id from the hotel page once, then remembers it", async () => {
    const pageReads = () => fake.requests.filter((r) => r.path.startsWith("/hotel/")).length;
    const before = pageReads();
    for (let i = 0; i < 2; i++) {
      const { hotelRequest } = await client.hotelParseUrl({
        productVariant: czVariant,
        url: fakeWorld.prague.link.url,
      });
      expect(hotelRequest?.hotelId).toBe(fakeWorld.prague.id);
    }
    expect(pageReads() - before).toBe(1);
  });

  it("reads a share link by its redirect once, then remembers where it leads", async () => {
    const shareReads = () => fake.requests.filter((r) => r.path.startsWith("/Share-")).length;
    const before = shareReads();
    const code = fakeWorld.shareLinks.prague;
    const shared = `https://www.booking.com/Share-${code}`;
    const first = await client.hotelParseUrl({ productVariant: plVariant, url: shared });
    // Another api instance on the same database, and the link in another shape: the kept resolution answers.
    const url = `https://booking.com/Share-${code}/`;
    const again = await impatientClient.hotelParseUrl({ productVariant: czVariant, url });
    for (const answer of [first, again]) {
      expect(answer.hotelUrl).toBe(fakeWorld.prague.link.url);
      expect(answer.hotelRequest).toMatchObject({
        hotelId: fakeWorld.prague.id,
        checkIn: date(daysAfter(now, fakeWorld.sharedStay.daysAhead)),
        checkOut: date(daysAfter(now, fakeWorld.sharedStay.daysAhead + fakeWorld.sharedStay.nights)),
        adults: 2,
        rooms: 1,
      });
    }
    expect(shareReads() - before).toBe(1);
  });

  it.each([
    ["leads to no hotel page", fakeWorld.shareLinks.searchPage, Code.InvalidArgument, ErrorCode.LINK_SHARE],
    ["is unknown to the portal", fakeWorld.shareLinks.unknown, Code.NotFound, ErrorCode.PROPERTY_NOT_FOUND],
  ])("tells the visitor a share link that %s", async (_, code, connectCode, errorCode) => {
    const url = `https://www.booking.com/Share-${code}`;
    const failure = await failureOf(client.hotelParseUrl({ productVariant: czVariant, url }));
    expect(failure).toMatchObject({ code: connectCode, errorCode, field: "url" });
  });

  it.each([
    ["a page without a hotel id", fakeWorld.pageWithoutId.url],
    ["a missing page", fakeWorld.missingPage.url],
  ])("tells the visitor a link naming no property: %s", async (_, url) => {
    const failure = await failureOf(client.hotelParseUrl({ productVariant: czVariant, url }));
    expect(failure).toMatchObject({ code: Code.NotFound, errorCode: ErrorCode.PROPERTY_NOT_FOUND, field: "url" });
  });

  it("answers the hotel and its rooms, with the token and affiliate id sent", async () => {
    const answer = await client.hotelAvailability(request(fakeWorld.prague.id));
    expect(answer.hotelDetail).toMatchObject({ hotelId: fakeWorld.prague.id, url: fakeWorld.prague.link.url });
    const products = answer.hotelAvailability!.rooms.flatMap((room) => room.products);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.price?.discountedPrice?.currencyCode === "CZK")).toBe(true);
    // Booking.com's city tax is named by the shop in the visitor's language, as the simulator's is.
    expect(products.flatMap((product) => product.extraCharges)).toContainEqual(
      expect.objectContaining({ name: "Městský poplatek", type: ExtraChargeType.CITY_TAX })
    );
    const call = fake.requests.findLast((r) => r.path.endsWith("/accommodations/availability"));
    expect(call?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(call?.headers["x-affiliate-id"]).toBe(fake.affiliateId);

    const again = await client.hotelAvailability({
      productVariant: czVariant,
      lookup: { case: "availabilityId", value: answer.availabilityId },
    });
    expect(again).toEqual(answer);
  });

  it("prices a Polish stay in zloty", async () => {
    const answer = await client.hotelAvailability(request(fakeWorld.warsaw.id, plVariant));
    const product = answer.hotelAvailability!.rooms[0]!.products[0]!;
    expect(product.price?.discountedPrice?.currencyCode).toBe("PLN");
  });

  it.each([
    ["sold out", () => fakeWorld.soldOut.id, Code.NotFound, ErrorCode.NOTHING_AVAILABLE_IN_TERM],
    ["closed", () => fakeWorld.closed.id, Code.FailedPrecondition, ErrorCode.HOTEL_UNAVAILABLE],
    ["unknown", () => fakeWorld.unknownId, Code.NotFound, ErrorCode.HOTEL_NOT_FOUND],
  ])("tells the visitor when the hotel is %s", async (_, hotelId, code, errorCode) => {
    expect(await failureOf(client.hotelAvailability(request(hotelId())))).toMatchObject({ code, errorCode });
  });

  // Only the hanging provider is asked with the short timeout: an answer, however late a busy machine reads it, is the
  // provider's failure and must not turn into time running out.
  it.each([
    ["hangs", { kind: "hang" } as const, Code.DeadlineExceeded, () => impatientClient],
    ["answers a shape it never documented", { kind: "unexpected_shape" } as const, Code.Unavailable, () => client],
  ])("asks the visitor to try again when the provider %s", async (_, behaviour, code, caller) => {
    fake.behave(behaviour);
    const failure = await failureOf(caller().hotelAvailability(request(fakeWorld.prague.id)));
    expect(failure).toMatchObject({ code, errorCode: ErrorCode.AVAILABILITY_CHECK_FAILED });
  });

  it.each([
    ["keeps failing", { kind: "server_error" } as const],
    ["keeps refusing the shop past its rate limit", { kind: "rate_limited", times: 3, retryAfter: "0" } as const],
  ])("asks the visitor to try again in a moment when the provider %s", async (_, behaviour) => {
    fake.behave(behaviour);
    const failure = await failureOf(client.hotelAvailability(request(fakeWorld.prague.id)));
    expect(failure).toMatchObject({ code: Code.Unavailable, errorCode: ErrorCode.TEMPORARILY_UNAVAILABLE });
  });

  it("answers when the rate limit lifts within the tries", async () => {
    fake.behave({ kind: "rate_limited", times: 2, retryAfter: "0" });
    const answer = await client.hotelAvailability(request(fakeWorld.prague.id));
    expect(answer.hotelDetail?.hotelId).toBe(fakeWorld.prague.id);
  });

  // The call's signal reaches the provider's request: a visitor who gives up and a caller's deadline stop it, where
  // the patient api would otherwise leave it waiting past the test's time.
  it("stops asking the provider when the visitor gives up", async () => {
    fake.behave({ kind: "hang" });
    const visitor = new AbortController();
    const call = failureOf(client.hotelAvailability(request(fakeWorld.prague.id), { signal: visitor.signal }));
    const hang = await fake.nextHang();
    visitor.abort();
    await hang.hungUp;
    expect(await call).toMatchObject({ code: Code.Canceled });
  });

  it("stops asking the provider at the caller's deadline, and says the time ran out", async () => {
    fake.behave({ kind: "hang" });
    const hang = fake.nextHang();
    // The deadline sent by hand: Connect's client, given a timeout, would also give up itself at it and close the
    // request, so the provider's request would end with the visitor's, not with the api's deadline.
    const answer = await fetch(`${api.baseUrl}/${ShopService.typeName}/${ShopService.method.hotelAvailability.name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1", "Connect-Timeout-Ms": "300" },
      body: toJsonString(
        HotelAvailabilityRequestSchema,
        create(HotelAvailabilityRequestSchema, request(fakeWorld.prague.id))
      ),
    });
    const { hungUp } = await hang;
    await hungUp;
    expect(answer.status).toBe(504);
    expect(await answer.json()).toMatchObject({ code: "deadline_exceeded" });
  });
});
