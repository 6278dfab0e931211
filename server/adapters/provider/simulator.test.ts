import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unsellableReason, type ProviderAvailability } from "../../domain/hotel-offer";
import {
  type BookingRequest,
  type HotelLink,
  ProviderError,
  type ProviderErrorKind,
  type StaySearch,
} from "./hotel-provider";
import { createSimulatorProvider, simulatorHotelIds, simulatorSlugs } from "./simulator";
import { simulatorShareCodes } from "./simulator-share";
import { parseBookingLink } from "../../domain/booking-link";

/** 2026-03-10 is a Tuesday; "today" is the same date in every European time zone. */
const NOW = new Date("2026-03-10T10:00:00Z");
const TODAY = "2026-03-10";
const now = () => NOW;
const instant = async () => {};
const provider = createSimulatorProvider({ now, delay: instant });
const photoDir = fileURLToPath(new URL("../../../public/hotel-photos/", import.meta.url));

const never = () => new AbortController().signal;

function linkTo(slug: string, countryCode = "cz"): HotelLink {
  return { countryCode, slug, url: `https://www.booking.com/hotel/${countryCode}/${slug}.html` };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Two adults, one room, two nights in mid-April (no season, Tuesday to Thursday), priced in CZK, in English. */
function stay(hotelId: string, fields: Partial<StaySearch> = {}): StaySearch {
  return {
    hotelId,
    checkIn: "2026-04-14",
    checkOut: "2026-04-16",
    rooms: 1,
    adults: 2,
    childrenAges: [],
    currency: "CZK",
    language: "en",
    ...fields,
  };
}

async function hotelFor(slug: string, countryCode = "cz"): Promise<{ hotelId: string; link: HotelLink }> {
  const link = linkTo(slug, countryCode);
  return { hotelId: await provider.resolveHotel(link, never()), link };
}

async function errorOf(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

async function answerOrError(search: StaySearch): Promise<ProviderAvailability | ProviderError> {
  try {
    return await provider.availability(search, never());
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
}

/** The first check-in, a week apart from `from`, on which the stay answers: nights sell out now and then. */
async function firstAnsweredWeek(search: StaySearch, nights: number, from = search.checkIn): Promise<string> {
  for (let week = 0; week < 20; week += 1) {
    const checkIn = addDays(from, week * 7);
    const answer = await answerOrError({ ...search, checkIn, checkOut: addDays(checkIn, nights) });
    if (!(answer instanceof ProviderError)) return checkIn;
  }
  throw new Error("no week answered");
}

/** The same two-night stay, on the first week it answers, as each party asking for it is offered it. */
async function partiesAsking(search: StaySearch) {
  const checkIn = await firstAnsweredWeek(search, 2);
  return (party: Partial<StaySearch>) =>
    provider.availability({ ...search, checkIn, checkOut: addDays(checkIn, 2), ...party }, never());
}

function publicPrices(answer: ProviderAvailability): Map<string, number> {
  return new Map(
    answer.rooms.flatMap((room) => room.products.map((product) => [product.productId, product.publicPrice]))
  );
}

/** Every product offered in both answers costs more in the second. */
function expectDearer(cheaper: ProviderAvailability, dearer: ProviderAvailability): void {
  const before = publicPrices(cheaper);
  const common = [...publicPrices(dearer)].filter(([id]) => before.has(id));
  expect(common.length).toBeGreaterThan(0);
  for (const [id, price] of common) expect(price, id).toBeGreaterThan(before.get(id) ?? Infinity);
}

function photoUrls(answer: ProviderAvailability): string[] {
  const { main, other } = answer.hotel.photos;
  return [main, ...other, ...answer.rooms.map((room) => room.photo)].flatMap((photo) =>
    photo === undefined ? [] : [photo.standardUrl, photo.largeUrl]
  );
}

/** The SPEC bounds (§3, §9) every answer must keep, whatever it was asked. */
function expectWithinContract(answer: ProviderAvailability, search: StaySearch): void {
  expect(answer.requestId).toMatch(/^[A-Za-z0-9]{25}$/);
  expect(answer.answeredAt).toEqual(NOW);
  const { rating } = answer.hotel;
  expect(Number.isInteger(rating.numberOfReviews) && rating.numberOfReviews >= 0).toBe(true);
  expect(rating.reviewScore).toBeGreaterThanOrEqual(0);
  expect(rating.reviewScore).toBeLessThanOrEqual(10);
  expect(Number.isInteger(rating.reviewScore * 10)).toBe(true);
  expect(rating.stars).toBeGreaterThanOrEqual(0);
  expect(rating.stars).toBeLessThanOrEqual(5);
  expect(answer.rooms.length).toBeGreaterThan(0);
  const checkInStart = Date.parse(`${search.checkIn}T00:00:00Z`);
  for (const room of answer.rooms) {
    expect(room.roomId).toMatch(/^\d+$/);
    expect(room.products.length).toBeGreaterThan(0);
    for (const product of room.products) {
      expect(product.productId).toMatch(/^\d+_\d+$/);
      expect(product.productId.startsWith(`${room.roomId}_`)).toBe(true);
      // The provider's own numbers (decision 051): whatever the shop can sell.
      expect(unsellableReason(product)).toBeUndefined();
      for (const band of product.maximumOccupancy.children) expect(band.total).toBeGreaterThanOrEqual(1);
      expect(new Set(product.deals).size).toBe(product.deals.length);
      for (const amount of [product.publicPrice, product.discountedPrice]) {
        expect(Number.isInteger(amount) && amount > 0 && amount % 100 === 0, String(amount)).toBe(true);
      }
      expect(product.discountedPrice).toBeLessThanOrEqual(product.publicPrice);
      if (product.deals.length === 0) expect(product.discountedPrice).toBe(product.publicPrice);
      expect(product.paymentTimings.length).toBeGreaterThan(0);
      if (product.freeCancellationUntil !== undefined) {
        // Hotels keep European clocks, at or ahead of UTC: 23:59 the day before is before midnight UTC of check-in.
        expect(product.freeCancellationUntil.getTime()).toBeLessThan(checkInStart);
        expect(product.freeCancellationUntil.getTime()).toBeGreaterThan(NOW.getTime());
      }
      for (const charge of product.extraCharges) {
        expect(Number.isInteger(charge.amount) && charge.amount >= 0).toBe(true);
        if (charge.percentage !== undefined) expect(charge.percentage).toBeGreaterThanOrEqual(0);
        if (charge.percentage !== undefined) expect(charge.percentage).toBeLessThanOrEqual(100);
      }
    }
  }
}

describe("resolveHotel", () => {
  it("gives every slug a fixed id of five to seven digits, clear of the reserved ids", async () => {
    const reserved = new Set(Object.values(simulatorHotelIds));
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,40}$/), async (slug) => {
        fc.pre(!Object.values<string>(simulatorSlugs).includes(slug));
        const id = await provider.resolveHotel(linkTo(slug), never());
        expect(id).toMatch(/^\d{5,7}$/);
        expect(reserved.has(id)).toBe(false);
        expect(await createSimulatorProvider().resolveHotel(linkTo(slug, "pl"), never())).toBe(id);
      })
    );
  });

  it("gives different slugs different ids", async () => {
    const slugs = ["hotel-paris-prague", "u-zlateho-stromu", "hotel-krakow-123", "grand-hotel-europa"];
    const ids = await Promise.all(slugs.map(async (slug) => (await hotelFor(slug)).hotelId));
    expect(new Set(ids).size).toBe(slugs.length);
  });

  it("resolves the reserved slugs to their reserved ids", async () => {
    for (const kind of Object.keys(simulatorHotelIds) as (keyof typeof simulatorHotelIds)[]) {
      expect(await provider.resolveHotel(linkTo(simulatorSlugs[kind]), never())).toBe(simulatorHotelIds[kind]);
    }
  });

  it("knows no property behind the unknown-property slug", async () => {
    const error = await errorOf(provider.resolveHotel(linkTo(simulatorSlugs.unknownProperty), never()));
    expect(error.kind).toBe("property_not_found");
  });

  it("times out on an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await errorOf(provider.resolveHotel(linkTo("hotel-paris-prague"), controller.signal))).kind).toBe(
      "timeout"
    );
  });
});

describe("resolveShareLink", () => {
  const share = (code: string) => ({ code, url: `https://www.booking.com/Share-${code}` });
  const codes = ["AbC123x", "Zz9_yY", "q1W2e3", "share-me", "X"];

  it("leads each code to a hotel page with a stay from two weeks ahead for two adults, with rooms free", async () => {
    for (const code of codes) {
      const parsed = parseBookingLink(await provider.resolveShareLink(share(code), never()));
      if (!parsed.ok) throw new Error(`${code} led to no hotel page`);
      const { checkIn = "", checkOut = "", adults, rooms } = parsed.search;
      expect(checkIn >= addDays(TODAY, 14) && checkIn < checkOut).toBe(true);
      expect([adults, rooms]).toEqual([2, 1]);
      const hotelId = await provider.resolveHotel(parsed.hotel, never());
      const offer = await provider.availability(stay(hotelId, { link: parsed.hotel, checkIn, checkOut }), never());
      expect(offer.rooms.length).toBeGreaterThan(0);
    }
  });

  it("leads the same code to the same page every time, and different codes to more than one hotel", async () => {
    const targets = await Promise.all(codes.map((code) => provider.resolveShareLink(share(code), never())));
    const again = await Promise.all(
      codes.map((code) => createSimulatorProvider({ now }).resolveShareLink(share(code), never()))
    );
    expect(again).toEqual(targets);
    expect(new Set(targets.map((target) => new URL(target).pathname)).size).toBeGreaterThan(1);
  });

  it("leads the reserved codes nowhere or to a page that is no hotel", async () => {
    const nowhere = await errorOf(provider.resolveShareLink(share(simulatorShareCodes.nowhere), never()));
    expect(nowhere.kind).toBe("property_not_found");
    const search = await provider.resolveShareLink(share(simulatorShareCodes.searchPage), never());
    expect(parseBookingLink(search)).toEqual({ ok: false, error: "not_hotel_page" });
  });

  it("times out on an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await errorOf(provider.resolveShareLink(share("AbC123x"), controller.signal))).kind).toBe("timeout");
  });
});

describe("availability of an ordinary hotel", () => {
  it("answers the same question the same way every time", async () => {
    const { hotelId, link } = await hotelFor("hotel-paris-prague");
    const search = stay(hotelId, { link, adults: 3, childrenAges: [1, 7] });
    const first = await createSimulatorProvider({ now }).availability(search, never());
    expect(await createSimulatorProvider({ now }).availability(search, never())).toEqual(first);
  });

  it("invents different hotels for different slugs", async () => {
    const one = await hotelFor("hotel-paris-prague");
    const other = await hotelFor("u-zlateho-stromu");
    const search = stay(one.hotelId, { link: one.link });
    const checkIn = await firstAnsweredWeek(search, 2);
    const dates = { checkIn, checkOut: addDays(checkIn, 2) };
    const a = await provider.availability({ ...search, ...dates }, never());
    const b = await provider.availability(stay(other.hotelId, { link: other.link, ...dates }), never());
    expect(a.hotel.name).toBe("Hotel Paris Prague");
    expect(b.hotel.name).toBe("U Zlateho Stromu");
    expect(b.hotel.hotelId).not.toBe(a.hotel.hotelId);
    expect(b.rooms).not.toEqual(a.rooms);
  });

  it("names hotels after their slug, keeping small words small", async () => {
    const { hotelId, link } = await hotelFor("hotel-am-markt_bb-ii", "de");
    const checkIn = await firstAnsweredWeek(stay(hotelId, { link }), 2);
    const answer = await provider.availability(
      stay(hotelId, { link, checkIn, checkOut: addDays(checkIn, 2) }),
      never()
    );
    expect(answer.hotel.name).toBe("Hotel am Markt B&B II");
  });

  it("names a hotel known only by id and gives it a portal address", async () => {
    const checkIn = await firstAnsweredWeek(stay("123456"), 2);
    const answer = await provider.availability(stay("123456", { checkIn, checkOut: addDays(checkIn, 2) }), never());
    expect(answer.hotel.name).toMatch(/^[A-Z][A-Za-z ]+$/);
    expect(answer.hotel.url).toMatch(/^https:\/\/www\.booking\.com\/hotel\/[a-z]{2}\/[a-z-]+\.html$/);
  });

  it("places the hotel in the link's country, named in the asked language", async () => {
    const { hotelId, link } = await hotelFor("hotel-pod-wawelem", "pl");
    const search = stay(hotelId, { link });
    const checkIn = await firstAnsweredWeek(search, 2);
    const dates = { checkIn, checkOut: addDays(checkIn, 2) };
    const inPolish = await provider.availability({ ...search, ...dates, language: "pl" }, never());
    const inCzech = await provider.availability({ ...search, ...dates, language: "cs" }, never());
    expect(inPolish.hotel.address.country).toBe("Polska");
    expect(inCzech.hotel.address.country).toBe("Polsko");
    expect(inPolish.hotel.address.postalCode).toMatch(/^\d{2}-\d{3}$/);
    // Poland lies between 49° and 55° north and 14° and 24.2° east.
    const { latitude, longitude } = inPolish.hotel.coordinates ?? { latitude: 0, longitude: 0 };
    expect(latitude > 49 && latitude < 55 && longitude > 14 && longitude < 24.2).toBe(true);
    expect(inPolish.rooms.map((room) => room.name)).not.toEqual(inCzech.rooms.map((room) => room.name));
  });

  it("puts a hotel in the city its slug names, in the local name or a common exonym", async () => {
    for (const [slug, country, city] of [
      ["hotel-paris-prague", "cz", "Praha"],
      ["pension-krakow-old-town", "pl", "Kraków"],
      ["apartments-warsaw-centre", "pl", "Warszawa"],
      ["grand-hotel-karlovy-vary", "cz", "Karlovy Vary"],
    ] as const) {
      const { hotelId, link } = await hotelFor(slug, country);
      const search = stay(hotelId, { link });
      const checkIn = await firstAnsweredWeek(search, 2);
      const answer = await provider.availability({ ...search, checkIn, checkOut: addDays(checkIn, 2) }, never());
      expect(answer.hotel.address.city).toBe(city);
    }
  });

  it("gives a hotel in a country it has no list for a plain address without coordinates", async () => {
    const { hotelId, link } = await hotelFor("motel-sunset", "us");
    const checkIn = await firstAnsweredWeek(stay(hotelId, { link }), 2);
    const answer = await provider.availability(
      stay(hotelId, { link, checkIn, checkOut: addDays(checkIn, 2) }),
      never()
    );
    expect(answer.hotel.address.country).toBe("US");
    expect(answer.hotel.coordinates).toBeUndefined();
  });

  it("knows no hotel behind an id that is not a number", async () => {
    expect((await errorOf(provider.availability(stay("abc"), never()))).kind).toBe("hotel_not_found");
  });

  it("refuses a malformed search", async () => {
    for (const fields of [{ checkIn: "2026-02-30" }, { checkOut: "2026-04-14" }, { rooms: 0 }]) {
      expect((await errorOf(provider.availability(stay("123456", fields), never()))).kind).toBe("failed");
    }
  });

  it("stamps the answer with the clock and a 25-character id", async () => {
    const checkIn = await firstAnsweredWeek(stay("123456"), 2);
    const answer = await provider.availability(stay("123456", { checkIn, checkOut: addDays(checkIn, 2) }), never());
    expect(answer.answeredAt).toEqual(NOW);
    expect(answer.requestId).toMatch(/^[A-Za-z0-9]{25}$/);
  });
});

describe("rooms as hotels state them", () => {
  it("offers the last few rooms at some rates and a double room with a cot, the same every time", async () => {
    const { hotelId } = await hotelFor("hotel-u-zlateho-klice");
    const answer = await provider.availability(stay(hotelId), never());
    const superior = answer.rooms.find((room) => room.name === "Superior Double Room");
    expect(superior?.products.map((product) => product.numberAvailableAtThisPrice)).toEqual([3, 2, 6]);
    expect(superior?.products[0]?.maximumOccupancy).toEqual({
      adults: 2,
      total: 3,
      children: [{ total: 1, fromAge: 0, toAge: 1 }],
    });
  });
});

describe("prices", () => {
  it("cost more per night over a weekend than midweek", async () => {
    const { hotelId, link } = await hotelFor("hotel-paris-prague");
    const search = stay(hotelId, { link });
    // Both stays in the same week of April-June: Tuesday and Wednesday nights against Friday and Saturday nights.
    for (let week = 0; week < 10; week += 1) {
      const tuesday = addDays("2026-04-14", week * 7);
      const friday = addDays(tuesday, 3);
      const midweek = await answerOrError({ ...search, checkIn: tuesday, checkOut: addDays(tuesday, 2) });
      const weekend = await answerOrError({ ...search, checkIn: friday, checkOut: addDays(friday, 2) });
      if (midweek instanceof ProviderError || weekend instanceof ProviderError) continue;
      expectDearer(midweek, weekend);
      return;
    }
    throw new Error("no week had both stays free");
  });

  it("cost more in the summer holidays than in spring", async () => {
    const search = stay("123456");
    const spring = await firstAnsweredWeek(search, 2, "2026-05-05");
    const summer = await firstAnsweredWeek(search, 2, "2026-07-07");
    const at = (checkIn: string) =>
      provider.availability({ ...search, checkIn, checkOut: addDays(checkIn, 2) }, never());
    expectDearer(await at(spring), await at(summer));
  });

  it("grow with the party, but not for a baby in a cot", async () => {
    const { hotelId, link } = await hotelFor("hotel-paris-prague");
    const search = stay(hotelId, { link });
    const at = await partiesAsking(search);
    const couple = await at({});
    expectDearer(couple, await at({ adults: 3 }));
    expectDearer(couple, await at({ childrenAges: [6] }));
    expect(publicPrices(await at({ childrenAges: [1] }))).toEqual(publicPrices(couple));
  });

  it("offer every room to one adult alone, for less than to a couple", async () => {
    const { hotelId, link } = await hotelFor("hotel-paris-prague");
    const search = stay(hotelId, { link });
    const at = await partiesAsking(search);
    const single = await at({ adults: 1 });
    const couple = await at({});
    expect(single.rooms.map((room) => room.roomId)).toEqual(couple.rooms.map((room) => room.roomId));
    expectDearer(single, couple);
    // A baby in a cot takes no place: the room is still for one.
    expect(publicPrices(await at({ adults: 1, childrenAges: [1] }))).toEqual(publicPrices(single));
    expectDearer(single, await at({ adults: 1, childrenAges: [6] }));
  });

  it("price one room, splitting the party evenly across the rooms asked for", async () => {
    const search = stay("123456");
    const at = await partiesAsking(search);
    expect(publicPrices(await at({ rooms: 2, adults: 4 }))).toEqual(publicPrices(await at({})));
    expect(publicPrices(await at({ rooms: 2, adults: 5 }))).toEqual(publicPrices(await at({ adults: 3 })));
  });

  it("grow with the length of the stay", async () => {
    const search = stay("123456");
    const checkIn = await firstAnsweredWeek(search, 3);
    const nights = (count: number) =>
      provider.availability({ ...search, checkIn, checkOut: addDays(checkIn, count) }, never());
    expectDearer(await nights(2), await nights(3));
  });

  it("come in crowns or złoty, in whole units, a złoty price about a sixth of the crown one", async () => {
    const search = stay("123456");
    const checkIn = await firstAnsweredWeek(search, 2);
    const at = (currency: StaySearch["currency"]) =>
      provider.availability({ ...search, checkIn, checkOut: addDays(checkIn, 2), currency }, never());
    const crowns = publicPrices(await at("CZK"));
    for (const [id, zloty] of publicPrices(await at("PLN"))) {
      expect(zloty % 100).toBe(0);
      expect(Math.abs(zloty * 6 - (crowns.get(id) ?? 0))).toBeLessThanOrEqual(600);
    }
  });
});

describe("dates", () => {
  it("sells out about one night in twelve, the same nights every time", async () => {
    const soldOut: string[] = [];
    for (let day = 1; day <= 365; day += 1) {
      const checkIn = addDays(TODAY, day);
      const answer = await answerOrError(stay("123456", { checkIn, checkOut: addDays(checkIn, 1) }));
      if (answer instanceof ProviderError) soldOut.push(checkIn);
    }
    expect(soldOut.length).toBeGreaterThan(365 / 24);
    expect(soldOut.length).toBeLessThan(365 / 6);
    const night = soldOut[0] ?? "";
    const around = stay("123456", { checkIn: addDays(night, -1), checkOut: addDays(night, 2) });
    expect((await errorOf(provider.availability(around, never()))).kind).toBe("nothing_available");
  });

  it("takes no stay longer than 30 nights", async () => {
    const search = stay("123456", { checkOut: addDays("2026-04-14", 31) });
    expect((await errorOf(provider.availability(search, never()))).kind).toBe("date_not_bookable");
    const longest = await answerOrError(stay("123456", { checkOut: addDays("2026-04-14", 30) }));
    expect(longest instanceof ProviderError && longest.kind).not.toBe("date_not_bookable");
  });

  it("takes check-ins from today to 500 days ahead", async () => {
    const from = (days: number) =>
      answerOrError(stay("123456", { checkIn: addDays(TODAY, days), checkOut: addDays(TODAY, days + 1) }));
    for (const days of [-1, 501]) {
      const answer = await from(days);
      expect(answer instanceof ProviderError && answer.kind).toBe("date_not_bookable");
    }
    for (const days of [0, 500]) {
      const answer = await from(days);
      expect(answer instanceof ProviderError && answer.kind).not.toBe("date_not_bookable");
    }
  });

  it("ends free cancellation at 23:59 hotel time days before check-in, never in the past", async () => {
    const { hotelId, link } = await hotelFor("hotel-paris-prague");
    const checkIn = await firstAnsweredWeek(stay(hotelId, { link }), 2);
    const answer = await provider.availability(
      stay(hotelId, { link, checkIn, checkOut: addDays(checkIn, 2) }),
      never()
    );
    const deadlines = answer.rooms.flatMap((room) => room.products.flatMap((p) => p.freeCancellationUntil ?? []));
    expect(deadlines.length).toBeGreaterThan(0);
    for (const deadline of deadlines) {
      // Prague keeps UTC+1 until 29 March and UTC+2 after.
      const local = new Date(deadline.getTime() + (deadline < new Date("2026-03-29T01:00:00Z") ? 1 : 2) * 3_600_000);
      expect(local.toISOString().slice(11, 16)).toBe("23:59");
      expect(local.toISOString().slice(0, 10) < checkIn).toBe(true);
    }
  });

  it("makes every rate non-refundable for a check-in today, its deadline being past", async () => {
    const answers = [];
    for (let n = 0; n < 10; n += 1)
      answers.push(await answerOrError(stay(String(40_000 + n), { checkIn: TODAY, checkOut: addDays(TODAY, 1) })));
    const products = answers.flatMap((answer) =>
      answer instanceof ProviderError ? [] : answer.rooms.flatMap((room) => room.products)
    );
    expect(products.length).toBeGreaterThan(0);
    expect(products.filter((product) => product.freeCancellationUntil !== undefined)).toEqual([]);
  });
});

describe("reserved hotels", () => {
  const failures: [keyof typeof simulatorHotelIds, ProviderErrorKind][] = [
    ["failing", "failed"],
    ["notFound", "hotel_not_found"],
    ["soldOut", "nothing_available"],
    ["closed", "hotel_unavailable"],
  ];
  it.each(failures)("%s fails with %s", async (kind, errorKind) => {
    expect((await errorOf(provider.availability(stay(simulatorHotelIds[kind]), never()))).kind).toBe(errorKind);
  });

  it("hanging answers nothing until the signal aborts, then times out", async () => {
    const controller = new AbortController();
    let settled = false;
    const pending = provider.availability(stay(simulatorHotelIds.hanging), controller.signal);
    pending.then(
      () => (settled = true),
      () => (settled = true)
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    controller.abort();
    expect((await errorOf(pending)).kind).toBe("timeout");
  });

  it("slow waits slowMs, 3 seconds unless told, then answers like any hotel", async () => {
    const waits: number[] = [];
    const record = async (ms: number) => void waits.push(ms);
    const search = stay(simulatorHotelIds.slow);
    const checkIn = await firstAnsweredWeek(search, 2);
    const dated = { ...search, checkIn, checkOut: addDays(checkIn, 2) };
    const answer = await createSimulatorProvider({ now, delay: record }).availability(dated, never());
    await createSimulatorProvider({ now, delay: record, slowMs: 50 }).availability(dated, never());
    expect(waits).toEqual([3_000, 50]);
    expect(answer.rooms.length).toBeGreaterThan(0);
  });

  it("slow times out when the signal aborts during the wait", async () => {
    const controller = new AbortController();
    const untilAbort = (_ms: number, signal: AbortSignal) =>
      new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const slow = createSimulatorProvider({ now, delay: untilAbort });
    const pending = slow.availability(stay(simulatorHotelIds.slow), controller.signal);
    controller.abort();
    expect((await errorOf(pending)).kind).toBe("timeout");
  });

  it("slow times out even when the delay ignores the signal", async () => {
    const controller = new AbortController();
    const careless = createSimulatorProvider({ now, delay: async () => controller.abort() });
    expect((await errorOf(careless.availability(stay(simulatorHotelIds.slow), controller.signal))).kind).toBe(
      "timeout"
    );
  });

  it("slow really waits with the built-in delay, which stops at the abort", async () => {
    const search = stay(simulatorHotelIds.slow);
    const checkIn = await firstAnsweredWeek(search, 2);
    const quick = createSimulatorProvider({ now, slowMs: 5 });
    await expect(
      quick.availability({ ...search, checkIn, checkOut: addDays(checkIn, 2) }, never())
    ).resolves.toBeDefined();
    const controller = new AbortController();
    const pending = createSimulatorProvider({ now, slowMs: 60_000 }).availability(search, controller.signal);
    setTimeout(() => controller.abort(), 10);
    expect((await errorOf(pending)).kind).toBe("timeout");
  });
});

describe("the contract", () => {
  it("holds for any hotel, dates and party: an answer within the SPEC bounds or a provider error", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/),
        fc.constantFrom("cz", "pl", "sk", "at", "de", "hr", "it", "es", "fr", "gb", "us"),
        fc.integer({ min: -2, max: 505 }),
        fc.integer({ min: 1, max: 32 }),
        fc.record({
          rooms: fc.integer({ min: 1, max: 4 }),
          adults: fc.integer({ min: 1, max: 9 }),
          childrenAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }),
          currency: fc.constantFrom("CZK" as const, "PLN" as const),
          language: fc.constantFrom("cs" as const, "pl" as const, "en" as const),
        }),
        async (slug, countryCode, daysAhead, nights, party) => {
          fc.pre(!Object.values<string>(simulatorSlugs).includes(slug));
          const { hotelId, link } = await hotelFor(slug, countryCode);
          const checkIn = addDays(TODAY, daysAhead);
          const search: StaySearch = { hotelId, link, checkIn, checkOut: addDays(checkIn, nights), ...party };
          const answer = await answerOrError(search);
          if (answer instanceof ProviderError) return;
          answered += 1;
          expectWithinContract(answer, search);
        }
      ),
      { numRuns: 300 }
    );
    expect(answered).toBeGreaterThan(50);
  });

  it("offers a realistic mix: every meal plan and payment timing, deals, and about one product in six not orderable", async () => {
    const products = [];
    for (let n = 0; n < 60; n += 1) {
      const answer = await answerOrError(stay(String(20_000 + n * 7_919)));
      if (!(answer instanceof ProviderError)) products.push(...answer.rooms.flatMap((room) => room.products));
    }
    expect(new Set(products.map((p) => p.mealPlan.plan)).size).toBe(5);
    expect(new Set(products.flatMap((p) => p.paymentTimings)).size).toBe(3);
    expect(products.some((p) => p.deals.length > 0 && p.discountedPrice < p.publicPrice)).toBe(true);
    expect(products.some((p) => p.extraCharges.some((charge) => charge.percentage !== undefined))).toBe(true);
    // Its charges are of kinds the shop names in the visitor's language; their English names are only a fallback.
    const charges = products.flatMap((p) => p.extraCharges);
    expect(new Set(charges.map((charge) => charge.type))).toEqual(new Set(["city_tax", "service_charge"]));
    const unorderable = products.filter((p) => p.unavailableReason !== undefined);
    expect(unorderable.length / products.length).toBeGreaterThan(1 / 12);
    expect(unorderable.length / products.length).toBeLessThan(1 / 4);
    for (const product of unorderable.filter((p) => p.unavailableReason === "not_payable_online")) {
      expect(product.paymentTimings).toEqual(["at_property"]);
    }
  });
});

describe("photos", () => {
  it("point at files the shop serves from public/hotel-photos", async () => {
    const urls = new Set<string>();
    for (let n = 0; n < 40; n += 1) {
      const answer = await answerOrError(stay(String(30_000 + n * 104_729)));
      if (!(answer instanceof ProviderError)) photoUrls(answer).forEach((url) => urls.add(url));
    }
    expect(urls.size).toBeGreaterThan(5);
    for (const url of urls) {
      expect(url).toMatch(/^\/hotel-photos\/[a-z-]+\.svg$/);
      expect(existsSync(`${photoDir}${url.slice("/hotel-photos/".length)}`), url).toBe(true);
    }
  });

  it("are small self-contained 4:3 SVG drawings without text", () => {
    const files = readdirSync(photoDir).filter((file) => file.endsWith(".svg"));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const svg = readFileSync(`${photoDir}${file}`, "utf8");
      expect(svg.length, file).toBeLessThan(3_072);
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300"/);
      expect(svg.trim().endsWith("</svg>"), file).toBe(true);
      expect(svg, file).not.toMatch(/<text|href=|url\(|<script/);
    }
  });
});

describe("booking", () => {
  /** A bookable stay at a hotel: the first week it answers, and two rooms of its first orderable product. */
  async function bookable(hotelId: string, fields: Partial<BookingRequest> = {}): Promise<BookingRequest> {
    const checkIn = await firstAnsweredWeek(stay(hotelId, { rooms: 2 }), 2);
    const offer = await provider.availability(
      stay(hotelId, { rooms: 2, checkIn, checkOut: addDays(checkIn, 2) }),
      never()
    );
    const product = offer.rooms
      .flatMap((room) => room.products)
      .find((candidate) => candidate.unavailableReason === undefined);
    if (product === undefined) throw new Error("no orderable product");
    return {
      reference: "3f1c2a9e-6b7d-4c1e-9a2b-5d8e7f6a1b2c",
      hotelId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      adults: 2,
      childrenAges: [],
      productIds: [product.productId, product.productId],
      currency: "CZK",
      language: "en",
      expectedPrice: product.discountedPrice * 2,
      booker: {
        firstName: "Jana",
        lastName: "Nováková",
        email: "jana@example.cz",
        mobile: "+420601234567",
        countryCode: "cz",
      },
      remarks: "",
      ...fields,
    };
  }

  it("answers the same booking for the same reference, from any process", async () => {
    const request = await bookable("123456");
    const first = await provider.book(request, never());
    expect(first.bookingRef).toMatch(/^SIM-\d{20}$/);
    expect(await createSimulatorProvider({ now }).book(request, never())).toEqual(first);
  });

  it("makes different bookings for different references", async () => {
    const request = await bookable("123456");
    const referenced = (n: number) => ({
      ...request,
      reference: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    });
    const refs = new Set<string>();
    for (let n = 0; n < 50; n += 1) refs.add((await provider.book(referenced(n), never())).bookingRef);
    expect(refs.size).toBe(50);
  });

  it("refuses a product the stay does not offer, or one that cannot be ordered online", async () => {
    const request = await bookable("123456");
    const unknown = { ...request, productIds: ["12345699_1"] };
    expect((await errorOf(provider.book(unknown, never()))).kind).toBe("booking_refused");
    expect((await errorOf(provider.book({ ...request, productIds: [] }, never()))).kind).toBe("booking_refused");
    const offer = await provider.availability(staySearch(request), never());
    const unorderable = offer.rooms.flatMap((room) => room.products).find((p) => p.unavailableReason !== undefined);
    expect(unorderable).toBeDefined();
    const booking = {
      ...request,
      productIds: [unorderable?.productId ?? ""],
      expectedPrice: unorderable?.discountedPrice ?? 0,
    };
    expect((await errorOf(provider.book(booking, never()))).kind).toBe("booking_refused");
  });

  it("refuses when the rooms now cost more than the shop sold them for, and books at or above the price", async () => {
    const request = await bookable("123456");
    const dearer = { ...request, expectedPrice: request.expectedPrice - 1 };
    expect((await errorOf(provider.book(dearer, never()))).kind).toBe("booking_refused");
    await expect(
      provider.book({ ...request, expectedPrice: request.expectedPrice + 100 }, never())
    ).resolves.toBeDefined();
  });

  it("refuses a stay it cannot offer: dates never sold, a hotel id that is no number", async () => {
    const request = await bookable("123456");
    const past = { ...request, checkIn: addDays(TODAY, -3), checkOut: addDays(TODAY, -1) };
    expect((await errorOf(provider.book(past, never()))).kind).toBe("booking_refused");
    expect((await errorOf(provider.book({ ...request, hotelId: "abc" }, never()))).kind).toBe("booking_refused");
  });

  it("offers rooms at the refusing hotel but refuses to book them", async () => {
    expect(await provider.resolveHotel(linkTo(simulatorSlugs.bookingRefused), never())).toBe(
      simulatorHotelIds.bookingRefused
    );
    const request = await bookable(simulatorHotelIds.bookingRefused);
    expect((await errorOf(provider.book(request, never()))).kind).toBe("booking_refused");
  });

  it.each([
    ["failing", "failed"],
    ["notFound", "booking_refused"],
    ["soldOut", "booking_refused"],
    ["closed", "booking_refused"],
  ] as const)("%s fails to book with %s", async (kind, errorKind) => {
    const request = { ...(await bookable("123456")), hotelId: simulatorHotelIds[kind] };
    expect((await errorOf(provider.book(request, never()))).kind).toBe(errorKind);
  });

  it("hanging books nothing until the signal aborts, then times out; an aborted signal times out at once", async () => {
    const request = { ...(await bookable("123456")), hotelId: simulatorHotelIds.hanging };
    const controller = new AbortController();
    let settled = false;
    const pending = provider.book(request, controller.signal);
    pending.then(
      () => (settled = true),
      () => (settled = true)
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    controller.abort();
    expect((await errorOf(pending)).kind).toBe("timeout");
    expect((await errorOf(provider.book(await bookable("123456"), controller.signal))).kind).toBe("timeout");
  });

  it("slow books after slowMs", async () => {
    const waits: number[] = [];
    const slow = createSimulatorProvider({ now, slowMs: 50, delay: async (ms) => void waits.push(ms) });
    const booking = await slow.book(await bookable(simulatorHotelIds.slow), never());
    expect(waits).toEqual([50]);
    expect(booking.bookingRef).toMatch(/^SIM-/);
  });

  it("cancels its own bookings, again and again, and refuses a ref it never made", async () => {
    const { bookingRef } = await provider.book(await bookable("123456"), never());
    await expect(provider.cancelBooking(bookingRef, never())).resolves.toBeUndefined();
    await expect(createSimulatorProvider().cancelBooking(bookingRef, never())).resolves.toBeUndefined();
    for (const foreign of ["509430129718799", "SIM-123", ""]) {
      expect((await errorOf(provider.cancelBooking(foreign, never()))).kind).toBe("booking_refused");
    }
    const controller = new AbortController();
    controller.abort();
    expect((await errorOf(provider.cancelBooking(bookingRef, controller.signal))).kind).toBe("timeout");
  });
});

function staySearch(request: BookingRequest): StaySearch {
  return stay(request.hotelId, {
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    rooms: request.productIds.length,
  });
}
