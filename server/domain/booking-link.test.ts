import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BookingLinkError, type BookingSearch, parseBookingLink } from "./booking-link";

/** The canonical page every accepted shape of the same hotel must come back as. */
function hotel(countryCode = "cz", slug = "u-zlateho-stromu") {
  return { countryCode, slug, url: `https://www.booking.com/hotel/${countryCode}/${slug}.html` };
}

/** A search with readable defaults: nothing known, no children. */
function search(fields: Partial<BookingSearch> = {}): BookingSearch {
  return { childrenAges: [], ...fields };
}

const page = "https://www.booking.com/hotel/cz/u-zlateho-stromu.html";

interface GoodCase {
  name: string;
  link: string;
  hotel?: ReturnType<typeof hotel>;
  search?: BookingSearch;
}

const goodLinks: GoodCase[] = [
  // The hotel page itself, in every shape the portal and browsers produce.
  { name: "plain hotel page", link: page },
  { name: "Czech page", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu.cs.html" },
  { name: "British English page", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu.en-gb.html" },
  {
    name: "Polish hotel on the Polish page",
    link: "https://www.booking.com/hotel/pl/hotel-krakow-123.pl.html",
    hotel: hotel("pl", "hotel-krakow-123"),
  },
  { name: "German page", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu.de.html" },
  { name: "without .html", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu" },
  { name: "language without .html", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu.cs" },
  { name: "without www", link: "https://booking.com/hotel/cz/u-zlateho-stromu.html" },
  { name: "mobile host", link: "https://m.booking.com/hotel/cz/u-zlateho-stromu.cs.html" },
  { name: "secure host", link: "https://secure.booking.com/hotel/cz/u-zlateho-stromu.html" },
  { name: "uppercase scheme and host", link: "HTTPS://WWW.BOOKING.COM/hotel/cz/u-zlateho-stromu.html" },
  { name: "uppercase path is lowercased", link: "https://www.booking.com/Hotel/CZ/U-Zlateho-Stromu.EN-GB.html" },
  { name: "trailing slash after .html", link: `${page}/` },
  { name: "trailing slash without .html", link: "https://www.booking.com/hotel/cz/u-zlateho-stromu/" },
  { name: "fully qualified host with trailing dot", link: "https://www.booking.com./hotel/cz/u-zlateho-stromu.html" },
  { name: "explicit default port", link: "https://www.booking.com:443/hotel/cz/u-zlateho-stromu.html" },
  { name: "fragment #hotelTmpl", link: `${page}#hotelTmpl` },
  { name: "surrounding whitespace and newline are trimmed", link: `  \t${page}\n ` },
  {
    name: "slug with digits and underscore",
    link: "https://www.booking.com/hotel/sk/apartman_7-tatry.html",
    hotel: hotel("sk", "apartman_7-tatry"),
  },

  // The search the link carries.
  {
    name: "dates only",
    link: `${page}?checkin=2026-12-01&checkout=2026-12-05`,
    search: search({ checkIn: "2026-12-01", checkOut: "2026-12-05" }),
  },
  {
    name: "full group search with two children and the #availability fragment",
    link: `${page}?checkin=2026-12-01&checkout=2026-12-05&group_adults=2&group_children=2&age=5&age=7&no_rooms=1#availability`,
    search: search({
      checkIn: "2026-12-01",
      checkOut: "2026-12-05",
      adults: 2,
      rooms: 1,
      childrenAges: [5, 7],
      childrenCount: 2,
    }),
  },
  {
    name: "req_* parameters alone",
    link: `${page}?req_adults=3&req_children=1&req_age=11`,
    search: search({ adults: 3, childrenAges: [11], childrenCount: 1 }),
  },
  {
    // The portal writes age and req_age side by side with the same values; the children are not doubled.
    name: "age and req_age together count each child once",
    link: `${page}?group_adults=2&req_adults=2&group_children=2&req_children=2&age=3&age=9&req_age=3&req_age=9`,
    search: search({ adults: 2, childrenAges: [3, 9], childrenCount: 2 }),
  },
  {
    name: "twins keep both ages",
    link: `${page}?group_children=2&age=5&age=5`,
    search: search({ childrenAges: [5, 5], childrenCount: 2 }),
  },
  {
    name: "out-of-range age is dropped, the declared count stays",
    link: `${page}?group_adults=2&group_children=3&age=4&age=18&age=0`,
    search: search({ adults: 2, childrenAges: [4, 0], childrenCount: 3 }),
  },
  {
    name: "non-numeric and empty ages are dropped",
    link: `${page}?group_children=3&age=abc&age=&age=17`,
    search: search({ childrenAges: [17], childrenCount: 3 }),
  },
  {
    name: "ages without a declared count declare one child each",
    link: `${page}?age=6&age=-1`,
    search: search({ childrenAges: [6], childrenCount: 2 }),
  },
  {
    name: "no children declared",
    link: `${page}?group_adults=2&group_children=0`,
    search: search({ adults: 2, childrenCount: 0 }),
  },
  {
    name: "one adult travelling alone",
    link: `${page}?checkin=2026-12-01&checkout=2026-12-05&group_adults=1&req_adults=1&no_rooms=1&group_children=0&room1=A`,
    search: search({ checkIn: "2026-12-01", checkOut: "2026-12-05", adults: 1, rooms: 1, childrenCount: 0 }),
  },
  {
    // Zero adults is kept so the form can say so, rather than silently asking as if nothing were given.
    name: "zero adults is kept for the form to reject",
    link: `${page}?group_adults=0&no_rooms=1`,
    search: search({ adults: 0, rooms: 1 }),
  },
  {
    name: "one room described by room1",
    link: `${page}?room1=A,A,5,7`,
    search: search({ adults: 2, rooms: 1, childrenAges: [5, 7], childrenCount: 2 }),
  },
  {
    name: "three rooms add up, in room order",
    link: `${page}?room2=A,12&room1=A,A,5&room3=A`,
    search: search({ adults: 4, rooms: 3, childrenAges: [5, 12], childrenCount: 2 }),
  },
  {
    name: "room ages out of range are dropped but counted",
    link: `${page}?room1=A,A,25,3`,
    search: search({ adults: 2, rooms: 1, childrenAges: [3], childrenCount: 2 }),
  },
  {
    name: "group parameters win over room1",
    link: `${page}?group_adults=3&no_rooms=2&group_children=1&age=8&room1=A,A,5`,
    search: search({ adults: 3, rooms: 2, childrenAges: [8], childrenCount: 1 }),
  },
  {
    name: "old checkin_monthday and checkin_year_month",
    link: `${page}?checkin_monthday=1&checkin_year_month=2026-12&checkout_monthday=5&checkout_year_month=2026-12`,
    search: search({ checkIn: "2026-12-01", checkOut: "2026-12-05" }),
  },
  {
    name: "old checkin_year, checkin_month and checkin_monthday",
    link: `${page}?checkin_year=2027&checkin_month=1&checkin_monthday=30&checkout_year=2027&checkout_month=2&checkout_monthday=2`,
    search: search({ checkIn: "2027-01-30", checkOut: "2027-02-02" }),
  },
  {
    name: "parameters separated by semicolons",
    link: `${page}?aid=304142;label=gen173nr-1FCAEoggI46AdIM1gEaDqIAQGYAQm4ARfIAQzYAQHoAQH4AQuIAgGoAgO4Ap;sid=0123abcd;checkin=2026-12-01;checkout=2026-12-05;group_adults=2;no_rooms=1;group_children=1;age=6`,
    search: search({
      checkIn: "2026-12-01",
      checkOut: "2026-12-05",
      adults: 2,
      rooms: 1,
      childrenAges: [6],
      childrenCount: 1,
    }),
  },
  {
    name: "a real search-result link full of tracking parameters",
    link: "https://www.booking.com/hotel/cz/u-zlateho-stromu.cs.html?aid=304142&label=gen173nr-1FCAEoggI46AdIM1gEaDqIAQGYAQm4ARfIAQzYAQHoAQH4AQuIAgGoAgO4Ap&sid=0123abcd&all_sr_blocks=2291901_88452611_2_0_0&checkin=2026-12-01&checkout=2026-12-05&dest_id=-553173&dest_type=city&dist=0&group_adults=2&group_children=0&hapos=1&highlighted_blocks=2291901_88452611_2_0_0&hpos=1&matching_block_id=2291901_88452611_2_0_0&no_rooms=1&req_adults=2&req_children=0&room1=A%2CA&sb_price_type=total&sr_order=popularity&sr_pri_blocks=2291901_88452611_2_0_0__1200&srepoch=1733000000&srpvid=abc123&type=total&ucfs=1&#hotelTmpl",
    search: search({ checkIn: "2026-12-01", checkOut: "2026-12-05", adults: 2, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "a double-encoded query",
    link: `${page}?checkin%3D2026-12-01%3Bcheckout%3D2026-12-05%3Bgroup_adults%3D2%3Bage%3D4%3Bage%3D9`,
    search: search({
      checkIn: "2026-12-01",
      checkOut: "2026-12-05",
      adults: 2,
      childrenAges: [4, 9],
      childrenCount: 2,
    }),
  },
  {
    name: "a query encoded twice over",
    link: `${page}?checkin%253D2026-12-01%2526group_adults%253D2`,
    search: search({ checkIn: "2026-12-01", adults: 2 }),
  },
  {
    name: "the search inside an encoded url= parameter",
    link: `${page}?aid=1&url=${encodeURIComponent(
      `${page}?checkin=2026-12-01&checkout=2026-12-05&group_adults=2&no_rooms=1&age=3&age=3`
    )}`,
    search: search({
      checkIn: "2026-12-01",
      checkOut: "2026-12-05",
      adults: 2,
      rooms: 1,
      childrenAges: [3, 3],
      childrenCount: 2,
    }),
  },
  {
    name: "the search inside a redirect path",
    link: `${page}?redirect=%2Fhotel%2Fcz%2Fu-zlateho-stromu.html%3Froom1%3DA%2CA%2C10%3Bcheckin%3D2026-07-10`,
    search: search({ checkIn: "2026-07-10", adults: 2, rooms: 1, childrenAges: [10], childrenCount: 1 }),
  },
  {
    // A redirect target never overrides what the link itself says.
    name: "the link's own parameters win over nested ones",
    link: `${page}?checkin=2026-12-01&next=${encodeURIComponent("?checkin=2027-01-01&checkout=2027-01-03")}`,
    search: search({ checkIn: "2026-12-01", checkOut: "2027-01-03" }),
  },
  {
    // A label is opaque tracking: text in it that looks like a search is not one.
    name: "a search hidden in a tracking label is ignored",
    link: `${page}?label=${encodeURIComponent("x;checkin=2027-01-01;group_adults=9")}&group_adults=2`,
    search: search({ adults: 2 }),
  },
  {
    name: "impossible dates are left out",
    link: `${page}?checkin=2026-02-30&checkout=2026-13-01&group_adults=2`,
    search: search({ adults: 2 }),
  },
  {
    name: "a leap day is a real date",
    link: `${page}?checkin=2028-02-29&checkout=2028-03-01`,
    search: search({ checkIn: "2028-02-29", checkOut: "2028-03-01" }),
  },
  {
    name: "dates not written as YYYY-MM-DD are left out",
    link: `${page}?checkin=1.12.2026&checkout=2026-12-5&no_rooms=x&group_adults=1000`,
    search: search(),
  },
  {
    name: "an old-style day that does not exist is left out",
    link: `${page}?checkin_monthday=31&checkin_year_month=2026-11&checkout_monthday=2&checkout_year_month=2026-13`,
    search: search(),
  },
  {
    name: "values and keys padded with encoded spaces are still read",
    link: `${page}?checkin=%202026-12-01%20&group_adults%20=%202%20&age=%205&checkout_monthday=%202&checkout_year_month=%202027-01%20`,
    search: search({ checkIn: "2026-12-01", checkOut: "2027-01-02", adults: 2, childrenAges: [5], childrenCount: 1 }),
  },
  {
    name: "padded old-style year, month and day are still read",
    link: `${page}?checkin_year=%202027&checkin_month=%201&checkin_monthday=%2030`,
    search: search({ checkIn: "2027-01-30" }),
  },
  {
    name: "a date with extra text around it is left out",
    link: `${page}?checkin=x2026-12-01&checkout=2026-12-05x&checkin_year_month=x2026-12&checkin_monthday=1&checkout_year_month=2026-123&checkout_monthday=1`,
    search: search(),
  },
  {
    name: "an impossible checkin falls back to the older day and month parameters",
    link: `${page}?checkin=2026-02-30&checkin_year_month=2026-12&checkin_monthday=1`,
    search: search({ checkIn: "2026-12-01" }),
  },
  {
    // "+" is a space in a query, so "1+2" is not the age 12.
    name: "a plus in a value is a space",
    link: `${page}?age=1+2`,
    search: search({ childrenCount: 1 }),
  },
  {
    name: "group_children wins over req_children",
    link: `${page}?group_children=2&req_children=3&age=4`,
    search: search({ childrenAges: [4], childrenCount: 2 }),
  },
  {
    name: "req_children declares the count even when an age is missing",
    link: `${page}?req_children=2&req_age=11`,
    search: search({ childrenAges: [11], childrenCount: 2 }),
  },
  {
    name: "a bare word without a value declares nothing",
    link: `${page}?ages&group_adults=2`,
    search: search({ adults: 2 }),
  },
  {
    name: "a nested address that is only a query is read",
    link: `${page}?next=${encodeURIComponent("?checkin=2027-01-01")}`,
    search: search({ checkIn: "2027-01-01" }),
  },
  {
    name: "room0 is not a room",
    link: `${page}?room0=A,A&room1=A`,
    search: search({ adults: 1, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "room10 is the tenth room",
    link: `${page}?room1=A&room10=A,A`,
    search: search({ adults: 3, rooms: 2, childrenCount: 0 }),
  },
  {
    name: "room10 alone is a room",
    link: `${page}?room10=A,A`,
    search: search({ adults: 2, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "only parameters named exactly roomN describe rooms",
    link: `${page}?room1=A&bedroom2=A,A&room3x=A,A`,
    search: search({ adults: 1, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "a parameter merely ending or starting like roomN may carry a nested search",
    link: `${page}?bedroom2=${encodeURIComponent("?group_adults=3")}&room3x=${encodeURIComponent("?checkin=2026-12-01")}`,
    search: search({ checkIn: "2026-12-01", adults: 3 }),
  },
  {
    name: "rooms come from the nested search when the link's own look-alike names are no rooms",
    link: `${page}?bedroom2=A&room3x=A&next=${encodeURIComponent("?room1=A,A")}`,
    search: search({ adults: 2, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "room guests padded with spaces are still read",
    link: `${page}?room1=A,%20A,%205`,
    search: search({ adults: 2, rooms: 1, childrenAges: [5], childrenCount: 1 }),
  },
  {
    name: "unknown words in a room are ignored",
    link: `${page}?room1=A,A,x,ax,xa,x5,5x`,
    search: search({ adults: 2, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "a room with no guests is not counted",
    link: `${page}?room1=A&room2=x`,
    search: search({ adults: 1, rooms: 1, childrenCount: 0 }),
  },
  {
    name: "rooms with no guests at all give no occupancy",
    link: `${page}?room1=&room2=x`,
    search: search(),
  },
  {
    name: "a broken percent escape does not spoil the rest",
    link: `${page}?label=%E0%A4%A&checkin=2026-12-01`,
    search: search({ checkIn: "2026-12-01" }),
  },
];

const badLinks: { link: string; error: BookingLinkError }[] = [
  { link: "", error: "bad_format" },
  { link: "   \n\t ", error: "bad_format" },
  { link: "hello", error: "bad_format" },
  { link: "u zlateho stromu praha", error: "bad_format" },
  { link: "https://", error: "bad_format" },
  { link: "https://www.booking.com:99999/hotel/cz/x.html", error: "bad_format" },
  // Only the link itself: text around it, or two links, is not one link.
  { link: `Look at this: ${page}`, error: "bad_format" },
  { link: `${page} ${page}`, error: "bad_format" },
  { link: "javascript:alert(1)", error: "bad_format" },
  { link: "ftp://www.booking.com/hotel/cz/x.html", error: "bad_format" },
  { link: "https://someone@www.booking.com/hotel/cz/x.html", error: "bad_format" },
  { link: `x${"a".repeat(20_000)}`, error: "bad_format" },
  { link: "http://www.booking.com/hotel/cz/u-zlateho-stromu.html", error: "not_https" },
  { link: "HTTP://WWW.BOOKING.COM/hotel/cz/u-zlateho-stromu.html", error: "not_https" },
  { link: "http://example.com/", error: "not_https" },
  { link: "www.booking.com/hotel/cz/u-zlateho-stromu.html", error: "not_https" },
  { link: "//booking.com/hotel/cz/u-zlateho-stromu.html", error: "not_https" },
  { link: "https://booking.com.evil.com/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://bookingcom.cz/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://example.com/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://notbooking.com/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://www.booking.com@evil.com/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://www.booking.com:8443/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  // Cyrillic "о" letters: a look-alike host, not the portal.
  { link: "https://www.b\u043e\u043eking.com/hotel/cz/u-zlateho-stromu.html", error: "not_booking" },
  { link: "https://www.booking.com/searchresults.html?ss=Praha&checkin=2026-12-01", error: "not_hotel_page" },
  { link: "https://www.booking.com/index.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel/cz/", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel/cz", error: "not_hotel_page" },
  { link: "https://www.booking.com/city/cz/prague.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel/cze/u-zlateho-stromu.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel/cz/u-zlateho-stromu/reviews.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel//cz/u-zlateho-stromu.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/hotel/cz/-.html", error: "not_hotel_page" },
  { link: "https://account.booking.com/hotel/cz/u-zlateho-stromu.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/de/hotel/cz/u-zlateho-stromu.html", error: "not_hotel_page" },
  { link: "https://www.booking.com/x/Share-AbCd12", error: "not_hotel_page" },
  { link: "https://www.booking.com/Share-AbCd12/hotel", error: "not_hotel_page" },
  { link: "https://:secret@www.booking.com/hotel/cz/x.html", error: "bad_format" },
  // A colon later in a link copied without its scheme does not make one.
  { link: "booking.com/hotel/cz/u-zlateho-stromu.html?label=gen:173", error: "not_https" },
  { link: "evil.com//www.booking.com/hotel/cz/u-zlateho-stromu.html", error: "bad_format" },
];

describe("parseBookingLink: accepted links", () => {
  it.each(goodLinks)("$name", ({ link, hotel: expectedHotel = hotel(), search: expectedSearch = search() }) => {
    expect(parseBookingLink(link)).toEqual({ ok: true, hotel: expectedHotel, search: expectedSearch });
  });

  it("covers at least 30 link shapes", () => {
    expect(goodLinks.length).toBeGreaterThanOrEqual(30);
  });

  it("leaves absent fields out instead of setting them to undefined", () => {
    const result = parseBookingLink(page);
    expect(result.ok && Object.keys(result.search)).toEqual(["childrenAges"]);
  });
});

describe("parseBookingLink: refused links", () => {
  it.each(badLinks)("$link → $error", ({ link, error }) => {
    expect(parseBookingLink(link)).toEqual({ ok: false, error });
  });

  it.each([
    ["https://www.booking.com/Share-AbCd12", "AbCd12"],
    ["https://booking.com/Share-Xy9_Zk/", "Xy9_Zk"],
    ["https://m.booking.com/share-q1W2e3?utm_source=app", "q1W2e3"],
  ])("%s is a share link with the code %s, for the provider to resolve", (link, code) => {
    expect(parseBookingLink(link)).toEqual({
      ok: false,
      error: "share_link",
      share: { code, url: `https://www.booking.com/Share-${code}` },
    });
  });

  it("covers at least 20 bad links", () => {
    expect(badLinks.length).toBeGreaterThanOrEqual(20);
  });

  it("refuses a value that is not a string, as plain JavaScript callers may pass", () => {
    expect(parseBookingLink(undefined as unknown as string)).toEqual({ ok: false, error: "bad_format" });
    expect(parseBookingLink(42 as unknown as string)).toEqual({ ok: false, error: "bad_format" });
  });
});

/** A search smuggled inside a value: read, it would set the dates and nine adults. */
const smuggled = encodeURIComponent("x;checkin=2027-01-01;group_adults=9");

/** A link whose only search sits `depth` levels deep, each level the encoded `next` target of the one above. */
function nestedLink(depth: number, query: string): string {
  let text = query;
  for (let level = 0; level < depth; level += 1) text = `next=${encodeURIComponent(text)}`;
  return `${page}?${text}`;
}

describe("parseBookingLink: where a search may hide", () => {
  it.each([
    "aid",
    "label",
    "sid",
    "srpvid",
    "srepoch",
    "ucfs",
    "all_sr_blocks",
    "highlighted_blocks",
    "matching_block_id",
    "dest_id",
    "dest_type",
    "dist",
    "hpos",
    "hapos",
    "sr_order",
    "sr_pri_blocks",
    "type",
    "lang",
    "soz",
    "lang_click",
    "cdl",
    "selected_currency",
    "activetab",
    "from_sustainable_property_sr",
    "from",
    "nflt",
  ])("the tracking parameter %s is opaque: a search inside it is ignored", (key) => {
    expect(parseBookingLink(`${page}?${key}=${smuggled}`)).toEqual({ ok: true, hotel: hotel(), search: search() });
  });

  it.each([
    "checkin",
    "checkout",
    "checkin_year_month",
    "checkin_monthday",
    "checkin_year",
    "checkin_month",
    "checkout_year_month",
    "checkout_monthday",
    "checkout_year",
    "checkout_month",
    "group_adults",
    "req_adults",
    "no_rooms",
    "group_children",
    "req_children",
    "age",
    "req_age",
    "room1",
    "room12",
  ])("the search parameter %s is read as itself, never as a hidden search", (key) => {
    const result = parseBookingLink(`${page}?${key}=${smuggled}`);
    expect(result.ok && result.search.checkIn).not.toBe("2027-01-01");
    expect(result.ok && result.search.adults).not.toBe(9);
  });

  it("reads a search nested four levels deep, the most a real link needs", () => {
    expect(parseBookingLink(nestedLink(4, "group_adults=2"))).toEqual({
      ok: true,
      hotel: hotel(),
      search: search({ adults: 2 }),
    });
  });

  it("counts a nameless redirect target as one level, like a named one", () => {
    expect(parseBookingLink(nestedLink(3, `=${encodeURIComponent("group_adults=2")}`))).toEqual({
      ok: true,
      hotel: hotel(),
      search: search({ adults: 2 }),
    });
  });

  it("ignores a search nested five levels deep", () => {
    expect(parseBookingLink(nestedLink(5, "group_adults=2"))).toEqual({ ok: true, hotel: hotel(), search: search() });
  });
});

describe("parseBookingLink: link length", () => {
  /** The hotel page padded with a tracking label to exactly `length` characters. */
  const linkOfLength = (length: number) => {
    const head = `${page}?label=`;
    return head + "x".repeat(length - head.length);
  };

  it("accepts a link of 16 384 characters", () => {
    expect(parseBookingLink(linkOfLength(16_384))).toEqual({ ok: true, hotel: hotel(), search: search() });
  });

  it("refuses a link longer than 16 384 characters as not a link", () => {
    expect(parseBookingLink(linkOfLength(16_385))).toEqual({ ok: false, error: "bad_format" });
  });
});

/** Pieces of real and broken booking links, so random joins land near the interesting edges. */
const linkFragment = fc.constantFrom(
  "https://",
  "http://",
  "HTTPS://",
  "//",
  "www.",
  "m.",
  "booking.com",
  ".evil.com",
  ":443",
  "@",
  "/hotel/",
  "cz",
  "/",
  "u-zlateho-stromu",
  ".cs",
  ".en-gb",
  ".html",
  "/Share-Ab1",
  "?",
  "&",
  ";",
  "=",
  "#",
  "%",
  "%3D",
  "%253D",
  "%26",
  "%E0%A4%A",
  "+",
  "checkin",
  "checkout",
  "2026-12-01",
  "2026-02-30",
  "checkin_monthday",
  "checkin_year_month",
  "group_adults",
  "req_age",
  "age",
  "room1",
  "room0",
  "A,A,5",
  "url",
  "label",
  "99999999999999999999",
  "-1",
  " ",
  "\u0000",
  "\u043e"
);
const bookingish = fc.array(linkFragment, { maxLength: 30 }).map((parts) => parts.join(""));

const errors: readonly string[] = ["not_https", "not_booking", "not_hotel_page", "share_link", "bad_format"];

/** What every answer must look like, whatever the input: the shapes the form and the api rely on. */
function assertWellFormed(input: string): void {
  const result = parseBookingLink(input);
  if (!result.ok) {
    expect(errors).toContain(result.error);
    return;
  }
  const { hotel: foundHotel, search: foundSearch } = result;
  expect(foundHotel.countryCode).toMatch(/^[a-z]{2}$/);
  expect(foundHotel.slug).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
  expect(foundHotel.url).toBe(`https://www.booking.com/hotel/${foundHotel.countryCode}/${foundHotel.slug}.html`);
  for (const date of [foundSearch.checkIn, foundSearch.checkOut]) {
    if (date !== undefined) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  for (const age of foundSearch.childrenAges) {
    expect(Number.isInteger(age) && age >= 0 && age <= 17).toBe(true);
  }
  for (const n of [foundSearch.adults, foundSearch.rooms, foundSearch.childrenCount]) {
    if (n !== undefined) expect(Number.isInteger(n) && n >= 0).toBe(true);
  }
}

describe("parseBookingLink: properties", () => {
  it("never throws and always answers a well-formed result for any string", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), assertWellFormed), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), assertWellFormed), { numRuns: 500 });
  });

  it("never throws for any web address, and refuses every one not on booking.com", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (link) => {
        assertWellFormed(link);
        const host = new URL(link).hostname;
        if (!/(^|\.)booking\.com\.?$/.test(host)) expect(parseBookingLink(link).ok).toBe(false);
      }),
      { numRuns: 500 }
    );
  });

  it("never throws for strings built from booking link pieces", () => {
    fc.assert(fc.property(bookingish, assertWellFormed), { numRuns: 2000 });
    fc.assert(
      fc.property(bookingish, (query) => assertWellFormed(`${page}?${query}`)),
      { numRuns: 2000 }
    );
  });

  it("reads its own canonical address back as the same hotel with nothing searched", () => {
    fc.assert(
      fc.property(bookingish, (query) => {
        const first = parseBookingLink(`${page}?${query}`);
        if (!first.ok) return;
        expect(parseBookingLink(first.hotel.url)).toEqual({ ok: true, hotel: first.hotel, search: search() });
      })
    );
  });
});

const countryCode = fc.stringMatching(/^[a-z]{2}$/);
const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,30}$/);
/** Calendar dates as the date picker writes them; the range is wide because the parser has no clock. */
const isoDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const childAge = fc.integer({ min: 0, max: 17 });
const host = fc.constantFrom(
  "www.booking.com",
  "booking.com",
  "m.booking.com",
  "secure.booking.com",
  "WWW.Booking.com"
);
const pageSuffix = fc.constantFrom(".html", ".cs.html", ".en-gb.html", ".pl.html", ".de.html", "", "/", ".html/");
/** Tracking values are arbitrary text, even text that looks like a search; none of it may leak into the result. */
const tracking = fc.array(
  fc.tuple(
    fc.constantFrom("aid", "label", "sid", "srpvid", "srepoch", "ucfs", "all_sr_blocks", "dest_id", "hpos"),
    fc.string()
  ),
  { maxLength: 4 }
);

describe("parseBookingLink: round trip", () => {
  it("reads back the hotel and search a link was built from", () => {
    fc.assert(
      fc.property(
        fc.record({
          countryCode,
          slug,
          host,
          pageSuffix,
          checkIn: fc.option(isoDate, { nil: undefined }),
          checkOut: fc.option(isoDate, { nil: undefined }),
          adults: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
          rooms: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
          ages: fc.array(childAge, { maxLength: 6 }),
          declareChildren: fc.boolean(),
          tracking,
          separator: fc.constantFrom("&", ";"),
          wrapped: fc.boolean(),
        }),
        (link) => {
          const params = new URLSearchParams();
          for (const [key, value] of link.tracking) params.append(key, value);
          if (link.checkIn !== undefined) params.append("checkin", link.checkIn);
          if (link.checkOut !== undefined) params.append("checkout", link.checkOut);
          if (link.adults !== undefined) params.append("group_adults", String(link.adults));
          if (link.rooms !== undefined) params.append("no_rooms", String(link.rooms));
          if (link.declareChildren) params.append("group_children", String(link.ages.length));
          for (const age of link.ages) params.append("age", String(age));
          // URLSearchParams encodes any "&" or ";" inside values, so swapping the separator keeps every pair whole.
          const query = params.toString().replaceAll("&", link.separator);
          const own = `https://${link.host}/hotel/${link.countryCode}/${link.slug}${link.pageSuffix}?${query}`;
          // Wrapped: the same link arrives as the encoded target of another hotel link that carries no search.
          const pasted = link.wrapped
            ? `https://www.booking.com/hotel/${link.countryCode}/${link.slug}.html?aid=1&url=${encodeURIComponent(own)}`
            : own;

          const declared = link.declareChildren || link.ages.length > 0 ? link.ages.length : undefined;
          const expected = {
            ok: true,
            hotel: hotel(link.countryCode, link.slug),
            search: search({
              checkIn: link.checkIn,
              checkOut: link.checkOut,
              adults: link.adults,
              rooms: link.rooms,
              childrenAges: link.ages,
              childrenCount: declared,
            }),
          };
          expect(parseBookingLink(pasted)).toEqual(expected);
        }
      ),
      { numRuns: 500 }
    );
  });

  it("reads back the occupancy of rooms written as room1, room2…", () => {
    const room = fc.record({ adults: fc.integer({ min: 1, max: 4 }), ages: fc.array(childAge, { maxLength: 3 }) });
    fc.assert(
      fc.property(countryCode, slug, fc.array(room, { minLength: 1, maxLength: 5 }), (cc, hotelSlug, rooms) => {
        const params = new URLSearchParams();
        rooms.forEach((r, index) => {
          params.append(`room${index + 1}`, [...Array<string>(r.adults).fill("A"), ...r.ages.map(String)].join(","));
        });
        const ages = rooms.flatMap((r) => r.ages);
        expect(parseBookingLink(`https://www.booking.com/hotel/${cc}/${hotelSlug}.html?${params}`)).toEqual({
          ok: true,
          hotel: hotel(cc, hotelSlug),
          search: search({
            adults: rooms.reduce((sum, r) => sum + r.adults, 0),
            rooms: rooms.length,
            childrenAges: ages,
            childrenCount: ages.length,
          }),
        });
      }),
      { numRuns: 300 }
    );
  });
});
