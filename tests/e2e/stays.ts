import { createSimulatorProvider, simulatorHotelIds, simulatorSlugs } from "../../server/adapters/provider/simulator";
import { simulatorShareCodes } from "../../server/adapters/provider/simulator-share";
import { parseBookingLink } from "../../server/domain/booking-link";
import { availableStay as firstFreeStay, daysAfter, type StayWanted } from "../fixtures/available-stay";

/**
 * Stays for the order tests. The shop runs on the deterministic simulator, which sells out about one night in twelve
 * per hotel; asking the same simulator here finds dates that do have rooms, from a month ahead, so no test ever
 * hard-codes a date that will one day be in the past.
 */

export type Stay = { checkIn: string; checkOut: string };
export type Party = { rooms: number; adults: number; childrenAges: number[] };

export const defaultParty: Party = { rooms: 1, adults: 2, childrenAges: [] };

export { simulatorShareCodes, simulatorSlugs };

/** YYYY-MM-DD of today plus `days`, in UTC like the contract's dates. */
export function dayFromToday(days: number): string {
  return daysAfter(new Date(), days);
}

export function hotelPageUrl(slug: string, countryCode = "cz"): string {
  return `https://www.booking.com/hotel/${countryCode}/${slug}.html`;
}

/** A hotel link as the portal builds one, with whatever search it should carry. */
export function bookingLink(slug: string, search: Partial<Stay & Party> = {}): string {
  const params = new URLSearchParams();
  if (search.checkIn) params.set("checkin", search.checkIn);
  if (search.checkOut) params.set("checkout", search.checkOut);
  if (search.adults !== undefined) params.set("group_adults", String(search.adults));
  if (search.rooms !== undefined) params.set("no_rooms", String(search.rooms));
  if (search.childrenAges !== undefined) {
    params.set("group_children", String(search.childrenAges.length));
    for (const age of search.childrenAges) params.append("age", String(age));
  }
  const query = params.toString();
  return `${hotelPageUrl(slug).replace(/\.html$/, ".cs.html")}${query ? `?${query}` : ""}`;
}

/**
 * The query of the checking page (decision 063) for a refusing hotel's stay 30 days ahead, its link already read, as
 * step 1 sends it there: the refusal stays on the page, where a found room would move on to the rooms.
 */
export function refusedCheckSearch(): { search: URLSearchParams; stay: Stay } {
  const stay = { checkIn: dayFromToday(30), checkOut: dayFromToday(32) };
  const link = bookingLink(simulatorSlugs.failing, { ...stay, adults: 2, rooms: 1 });
  const fields = { url: link, parsedUrl: link, hotelId: simulatorHotelIds.failing, ...stay, adults: "2", rooms: "1" };
  return { search: new URLSearchParams({ ...fields, children: "0" }), stay };
}

/**
 * The first two-night stay, 30 days ahead or later, for which the simulator offers this hotel's rooms to the party (and
 * what `offers` asks for).
 */
export async function availableStay(
  slug: string,
  party: Party = defaultParty,
  offers?: StayWanted["offers"]
): Promise<Stay> {
  // The slow hotel's wait is for the shop's pending state, not for this search.
  const provider = createSimulatorProvider({ delay: async () => undefined });
  const link = { countryCode: "cz", slug, url: hotelPageUrl(slug) };
  const { checkIn, checkOut } = await firstFreeStay(provider, link, new Date(), {
    startInDays: 30,
    nights: 2,
    ...party,
    ...(offers && { offers }),
  });
  return { checkIn, checkOut };
}

/** The stay a share link leads to, as the shop's simulator resolves it today. */
export async function sharedPage(shareLink: string): Promise<Stay> {
  const parsed = parseBookingLink(shareLink);
  if (parsed.ok || parsed.error !== "share_link") throw new Error(`${shareLink} is no share link`);
  const provider = createSimulatorProvider();
  const target = parseBookingLink(await provider.resolveShareLink(parsed.share, AbortSignal.timeout(5_000)));
  const { checkIn, checkOut } = target.ok ? target.search : {};
  if (checkIn === undefined || checkOut === undefined) throw new Error(`${shareLink} leads to no stay`);
  return { checkIn, checkOut };
}
