/**
 * Reading a hotel link pasted by a customer from the booking portal: which hotel, and whatever search (dates,
 * guests, rooms) the link already carries. Missing dates or guests are not errors: the form asks for them. The parser
 * never throws, because its input is whatever a customer pastes.
 */

import { isCalendarDate } from "../../shared/calendar-date";

export interface BookingHotel {
  /** Lowercase two-letter country code from the path, e.g. "cz". */
  readonly countryCode: string;
  /** Lowercase hotel slug from the path, without language suffix or ".html". */
  readonly slug: string;
  /** The one canonical address of the hotel page: https://www.booking.com/hotel/{cc}/{slug}.html */
  readonly url: string;
}

export interface BookingSearch {
  /** YYYY-MM-DD, only when it is a real calendar date. */
  readonly checkIn?: string;
  readonly checkOut?: string;
  readonly adults?: number;
  readonly rooms?: number;
  /** Every valid child age (0 to 17) in link order; invalid ones are dropped. */
  readonly childrenAges: number[];
  /** The number of children the link declares, kept even when some ages were dropped, so the form shows the mismatch. */
  readonly childrenCount?: number;
}

/**
 * A share link from the portal's app (https://www.booking.com/Share-AbC123x): it names no hotel itself, only the
 * portal knows the hotel page it redirects to, so the provider resolves it (decision 052).
 */
export interface BookingShareLink {
  /** The code after "Share-", case kept: the portal's codes are case-sensitive. */
  readonly code: string;
  /** The one canonical address of the share link: https://www.booking.com/Share-{code} */
  readonly url: string;
}

/**
 * Each error has its own message for the customer (SPEC §5, §8): not https, not from the booking portal, not in the
 * right format. `share_link` is a share link, which carries its code for the provider to resolve; one that leads to
 * no hotel page asks the customer to open it and copy the hotel page address instead.
 */
export type BookingLinkError = "not_https" | "not_booking" | "not_hotel_page" | "share_link" | "bad_format";

/** A hotel page link, read. */
export interface BookingPage {
  readonly ok: true;
  readonly hotel: BookingHotel;
  readonly search: BookingSearch;
}

export type BookingLinkResult =
  | BookingPage
  | { readonly ok: false; readonly error: "share_link"; readonly share: BookingShareLink }
  | { readonly ok: false; readonly error: Exclude<BookingLinkError, "share_link"> };

/** Real links are a few kilobytes at most; the bound keeps the work small for anything pasted. */
const MAX_LINK_LENGTH = 16_384;

/** Links nest a query inside a parameter (redirects, double encoding) a level or two deep; more is not a real link. */
const MAX_NESTING_DEPTH = 4;

const MIN_CHILD_AGE = 0;
const MAX_CHILD_AGE = 17;

/** Hosts that serve hotel pages; other booking.com subdomains (account, admin…) belong to the portal but are not hotels. */
const HOTEL_HOSTS = new Set(["booking.com", "www.booking.com", "m.booking.com", "secure.booking.com"]);

/** /hotel/{cc}/{slug}, optionally with a language (".cs", ".en-gb") and ".html", optionally with a trailing slash. */
const HOTEL_PATH = /^\/hotel\/([a-z]{2})\/([a-z0-9][a-z0-9_-]*)(?:\.[a-z]{2}(?:-[a-z]{2,4})?)?(?:\.html)?\/?$/;

/** Share links (/Share-AbCd12) redirect to the hotel page; the link itself names no hotel. */
const SHARE_PATH = /^\/share-([a-z0-9_-]+)\/?$/i;

/** Parameters read for the search; their values are never searched for nested queries. */
const SEARCH_KEYS = new Set([
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
]);

/**
 * Tracking parameters carry opaque values (labels, encoded blocks) that may contain "=" by chance; they are never
 * searched for nested queries, so a label cannot smuggle in guests or dates.
 */
const TRACKING_KEYS = new Set([
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
]);

const failure = (error: Exclude<BookingLinkError, "share_link">): BookingLinkResult => ({ ok: false, error });

export function parseBookingLink(input: string): BookingLinkResult {
  // Callers from plain JavaScript (form data, JSON) may hand over anything.
  if (typeof input !== "string") return failure("bad_format");
  const link = input.trim();
  // Inner whitespace means the link was pasted with surrounding text; only the link itself is accepted.
  if (link === "" || link.length > MAX_LINK_LENGTH || /\s/.test(link)) return failure("bad_format");

  if (!/^[a-z][a-z0-9+.-]*:/i.test(link)) {
    // An address copied without its scheme is a link that is not https; anything else is not a link at all.
    const bare = toUrl(`https://${link.replace(/^\/\//, "")}`);
    return failure(bare !== undefined && hostKind(bare) !== "foreign" ? "not_https" : "bad_format");
  }

  const url = toUrl(link);
  if (url === undefined) return failure("bad_format");
  if (url.protocol === "http:") return failure("not_https");
  if (url.protocol !== "https:") return failure("bad_format");
  // The host comes first, so "https://www.booking.com@evil.com" is told apart as another site.
  const kind = hostKind(url);
  if (kind === "foreign") return failure("not_booking");
  // Real links never carry credentials; one that does is a trick or a typo, not a portal address.
  if (url.username !== "" || url.password !== "") return failure("bad_format");
  const share = SHARE_PATH.exec(url.pathname);
  if (share !== null) {
    const code = share[1] ?? "";
    return { ok: false, error: "share_link", share: { code, url: `https://www.booking.com/Share-${code}` } };
  }
  if (kind === "other_booking") return failure("not_hotel_page");

  const path = HOTEL_PATH.exec(url.pathname.toLowerCase());
  if (path === null) return failure("not_hotel_page");
  const [, countryCode = "", slug = ""] = path;

  return {
    ok: true,
    hotel: { countryCode, slug, url: `https://www.booking.com/hotel/${countryCode}/${slug}.html` },
    search: readSearch(collectParamSets(url.search.replace(/^\?/, ""))),
  };
}

function toUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A non-default port is some other server, not the portal. */
function hostKind(url: URL): "hotel" | "other_booking" | "foreign" {
  if (url.port !== "") return "foreign";
  // A trailing dot names the same host in DNS.
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (HOTEL_HOSTS.has(host)) return "hotel";
  return host.endsWith(".booking.com") ? "other_booking" : "foreign";
}

/** One level of query parameters, keys lowercased, every value kept in order so repeated `age` survives. */
type ParamSet = Map<string, string[]>;

/**
 * The link's own parameters first, then any query found nested inside a value (a redirect target) or inside an
 * encoded key (a double-encoded query), breadth first: the shallowest level that names a parameter wins, so a
 * redirect target never overrides what the link itself says.
 */
function collectParamSets(query: string): ParamSet[] {
  const sets: ParamSet[] = [];
  const queue: { text: string; depth: number }[] = [{ text: query, depth: 0 }];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { text, depth } = next;
    const set: ParamSet = new Map();
    const nest = (candidate: string) => {
      const nested = nestedQuery(candidate);
      if (nested !== undefined && depth < MAX_NESTING_DEPTH) queue.push({ text: nested, depth: depth + 1 });
    };
    // Older links separate parameters with ";" instead of "&".
    for (const pair of text.split(/[&;]/)) {
      if (pair === "") continue;
      const eq = pair.indexOf("=");
      if (eq < 0) {
        nest(decode(pair));
        continue;
      }
      const key = decode(pair.slice(0, eq)).trim().toLowerCase();
      const value = decode(pair.slice(eq + 1));
      const values = set.get(key);
      if (values === undefined) set.set(key, [value]);
      else values.push(value);
      if (!SEARCH_KEYS.has(key) && !TRACKING_KEYS.has(key) && !/^room\d+$/.test(key)) nest(value);
    }
    sets.push(set);
  }
  return sets;
}

/** The query inside a value: after "?" when the value is a whole address, else the value itself if it has pairs. */
function nestedQuery(value: string): string | undefined {
  const withoutFragment = value.split("#")[0] ?? "";
  const question = withoutFragment.indexOf("?");
  const query = question >= 0 ? withoutFragment.slice(question + 1) : withoutFragment;
  if (query.includes("=")) return query;
  // Encoded twice: one more decoding reveals the pairs, and the nesting depth bounds how often that can happen.
  return /%3d/i.test(query) ? query : undefined;
}

/** "+" is a space in query strings; a broken percent escape keeps its text rather than failing the whole link. */
function decode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function valuesOf(sets: ParamSet[], key: string): string[] | undefined {
  for (const set of sets) {
    const values = set.get(key);
    if (values !== undefined) return values;
  }
  return undefined;
}

const firstOf = (sets: ParamSet[], key: string): string | undefined => valuesOf(sets, key)?.[0];

function readSearch(sets: ParamSet[]): BookingSearch {
  const rooms = readRooms(sets);
  const ageValues = valuesOf(sets, "age") ?? valuesOf(sets, "req_age");
  // group_* is what the portal's search form sets; req_* repeats it on hotel pages; roomN is the older occupancy.
  const search: {
    checkIn?: string;
    checkOut?: string;
    adults?: number;
    rooms?: number;
    childrenAges: number[];
    childrenCount?: number;
  } = {
    checkIn: readDate(sets, "checkin"),
    checkOut: readDate(sets, "checkout"),
    adults: count(firstOf(sets, "group_adults")) ?? count(firstOf(sets, "req_adults")) ?? rooms?.adults,
    rooms: count(firstOf(sets, "no_rooms")) ?? rooms?.count,
    childrenAges: ageValues !== undefined ? ageValues.flatMap(childAge) : rooms?.childrenAges ?? [],
    // Without a declared count, each age given declares a child, valid or not, so a dropped age still shows.
    childrenCount:
      count(firstOf(sets, "group_children")) ??
      count(firstOf(sets, "req_children")) ??
      (ageValues !== undefined ? ageValues.length : rooms?.childrenCount),
  };
  // Absent fields are left out rather than set to undefined, so the result prints and compares cleanly.
  for (const key of ["checkIn", "checkOut", "adults", "rooms", "childrenCount"] as const) {
    if (search[key] === undefined) delete search[key];
  }
  return search;
}

/**
 * room1=A,A,5,7 is one room with two adults and children aged 5 and 7; room2, room3… add rooms. Every number declares
 * a child, so an out-of-range age is dropped but still counted.
 */
function readRooms(
  sets: ParamSet[]
): { count: number; adults: number; childrenAges: number[]; childrenCount: number } | undefined {
  const set = sets.find((candidate) => [...candidate.keys()].some((key) => /^room\d+$/.test(key)));
  if (set === undefined) return undefined;
  const byNumber = new Map<number, string>();
  for (const [key, values] of set) {
    const match = /^room(\d+)$/.exec(key);
    const number = match?.[1] === undefined ? 0 : Number(match[1]);
    if (number >= 1 && !byNumber.has(number)) byNumber.set(number, values[0] ?? "");
  }
  let roomCount = 0;
  let adults = 0;
  let childrenCount = 0;
  const childrenAges: number[] = [];
  for (const [, value] of [...byNumber].sort(([a], [b]) => a - b)) {
    const tokens = value.split(",").map((token) => token.trim());
    const guests = tokens.filter((token) => /^a$/i.test(token) || /^\d+$/.test(token));
    if (guests.length === 0) continue;
    roomCount += 1;
    for (const token of guests) {
      if (/^a$/i.test(token)) {
        adults += 1;
      } else {
        childrenCount += 1;
        childrenAges.push(...childAge(token));
      }
    }
  }
  return roomCount === 0 ? undefined : { count: roomCount, adults, childrenAges, childrenCount };
}

/** A plain small count; anything else is treated as not given, and the form asks. */
function count(value: string | undefined): number | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : undefined;
}

function childAge(value: string): number[] {
  const trimmed = value.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return [];
  const age = Number(trimmed);
  return age >= MIN_CHILD_AGE && age <= MAX_CHILD_AGE ? [age] : [];
}

/** checkin=YYYY-MM-DD, else the older checkin_year_month + checkin_monthday, else checkin_year + _month + _monthday. */
function readDate(sets: ParamSet[], prefix: "checkin" | "checkout"): string | undefined {
  const direct = firstOf(sets, prefix)?.trim();
  const fromIso = direct === undefined ? undefined : /^(\d{4})-(\d{2})-(\d{2})$/.exec(direct);
  if (fromIso) {
    const date = calendarDate(fromIso[1], fromIso[2], fromIso[3]);
    if (date !== undefined) return date;
  }
  const day = firstOf(sets, `${prefix}_monthday`)?.trim();
  const yearMonth = /^(\d{4})-(\d{1,2})$/.exec(firstOf(sets, `${prefix}_year_month`)?.trim() ?? "");
  if (yearMonth) return calendarDate(yearMonth[1], yearMonth[2], day);
  return calendarDate(firstOf(sets, `${prefix}_year`)?.trim(), firstOf(sets, `${prefix}_month`)?.trim(), day);
}

/** A real calendar date as YYYY-MM-DD (2026-02-30 and month 13 are not), computed without a clock or time zone. */
function calendarDate(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined
): string | undefined {
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return undefined;
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(date) ? date : undefined;
}
