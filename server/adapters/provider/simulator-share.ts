/**
 * Share links in the simulator: a share code leads, by its hash, to one of a few hotel pages with a stay a few weeks
 * after today for two adults in one room, as the portal's app shares a hotel the customer found rooms at: the first
 * stay from the hashed day on that the simulator has rooms for. The same code on the same day always leads to the same
 * page. Two reserved codes show the failures: one leads nowhere, one to a page that is not a hotel.
 */

import { isoDate } from "../../../shared/calendar-date";
import { type HotelLink, ProviderError, type ShareLink } from "./hotel-provider";
import { localDay } from "./simulator-dates";
import { randomFor } from "./simulator-random";

/** https://www.booking.com/Share-dzb-sim-nowhere and so on. */
export const simulatorShareCodes = {
  /** The portal knows no such share link: `property_not_found`. */
  nowhere: "dzb-sim-nowhere",
  /** Leads to a search results page, which names no hotel. */
  searchPage: "dzb-sim-search",
} as const;

/** The hotels shared codes lead to: country code and slug. */
const SHARED_HOTELS = [
  ["cz", "hotel-paris-prague"],
  ["cz", "hotel-krumlov-castle-view"],
  ["pl", "hotel-krakow-rynek"],
  ["pl", "hotel-warszawa-centrum"],
] as const;

/** Check-in this many days after today at the earliest and latest, so the stay is always bookable. */
const FIRST_DAY_AHEAD = 14;
const LAST_DAY_AHEAD = 73;
const MAX_NIGHTS = 4;
/** How many days on from the hashed check-in are tried for free rooms before the first one is shared anyway. */
const DAYS_TRIED = 30;
/** "Today" is where both markets live, as the shop reads it (decision 004). */
const TIME_ZONE = "Europe/Prague";

/** Whether the simulator has rooms at the hotel for two adults in one room from checkIn to checkOut. */
export type HasRooms = (link: HotelLink, checkIn: string, checkOut: string) => boolean;

export function shareLinkTarget(share: ShareLink, now: Date, hasRooms: HasRooms): string {
  if (share.code === simulatorShareCodes.nowhere) {
    throw new ProviderError("property_not_found", `No share link has the code "${share.code}"`);
  }
  if (share.code === simulatorShareCodes.searchPage) return "https://www.booking.com/searchresults.html?ss=Praha";
  const random = randomFor("share", share.code);
  const [countryCode, slug] = random.pick(SHARED_HOTELS);
  const link: HotelLink = { countryCode, slug, url: `https://www.booking.com/hotel/${countryCode}/${slug}.html` };
  const first = localDay(now, TIME_ZONE) + random.int(FIRST_DAY_AHEAD, LAST_DAY_AHEAD);
  const nights = random.int(1, MAX_NIGHTS);
  const stayFrom = (day: number) => ({ checkIn: isoDate(day), checkOut: isoDate(day + nights) });
  const tried = Array.from({ length: DAYS_TRIED }, (_, offset) => stayFrom(first + offset));
  const { checkIn, checkOut } = tried.find((stay) => hasRooms(link, stay.checkIn, stay.checkOut)) ?? stayFrom(first);
  return `${link.url}?checkin=${checkIn}&checkout=${checkOut}&group_adults=2&no_rooms=1&group_children=0`;
}
