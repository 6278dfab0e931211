/**
 * The deterministic hotel provider the shop embeds by default: it invents hotels, rooms and prices from the hotel's
 * slug and id, so development, tests and demos need no portal account and always see the same answers. It books and
 * cancels without keeping any state (see simulator-booking.ts). A few reserved slugs misbehave on purpose to show the
 * shop's error and pending states.
 */

import type { ProviderAvailability } from "../../domain/hotel-offer";
import {
  type BookingRequest,
  type HotelLink,
  type HotelProvider,
  type ProviderBooking,
  ProviderError,
  type StaySearch,
  staySearchOf,
} from "./hotel-provider";
import { dayNumber } from "../../../shared/calendar-date";
import {
  asBookingFailure,
  bookingRefOf,
  checkBookable,
  isSimulatorBookingRef,
  refused,
} from "./simulator-booking";
import { localDay } from "./simulator-dates";
import { describeHotel } from "./simulator-hotel";
import { shareLinkTarget } from "./simulator-share";
import { fnv1a, randomFor } from "./simulator-random";
import { hotelSoldOut, offeredRooms } from "./simulator-rooms";

/** Slugs that make the simulator misbehave: https://www.booking.com/hotel/cz/dzb-sim-slow.html and so on. */
export const simulatorSlugs = {
  /** Answers after `slowMs`, to show the pending state. */
  slow: "dzb-sim-slow",
  /** Never answers: the caller's deadline ends in `timeout`. */
  hanging: "dzb-sim-hanging",
  failing: "dzb-sim-failing",
  notFound: "dzb-sim-not-found",
  /** The link itself is refused: `property_not_found`. */
  unknownProperty: "dzb-sim-unknown-property",
  soldOut: "dzb-sim-sold-out",
  closed: "dzb-sim-closed",
  /** Offers rooms like any hotel, but refuses every booking: `booking_refused`, to show an order that cannot be booked. */
  bookingRefused: "dzb-sim-booking-refused",
} as const;

type Misbehaviour = Exclude<keyof typeof simulatorSlugs, "unknownProperty">;

/** The ids the reserved slugs resolve to; ids made from other slugs stay below 9 900 000, so these never clash. */
export const simulatorHotelIds: Readonly<Record<Misbehaviour, string>> = {
  slow: "9900001",
  hanging: "9900002",
  failing: "9900003",
  notFound: "9900004",
  soldOut: "9900005",
  closed: "9900006",
  bookingRefused: "9900007",
};

const misbehaviours = Object.keys(simulatorHotelIds) as Misbehaviour[];

/** Ids from 10 000 to 9 899 999: five to seven digits, clear of the reserved ones. */
const FIRST_HOTEL_ID = 10_000;
const HOTEL_ID_COUNT = 9_890_000;

const DEFAULT_SLOW_MS = 3_000;
/** The portal takes no stays longer than this, nor check-ins further ahead. */
const MAX_NIGHTS = 30;
const MAX_DAYS_AHEAD = 500;

const REQUEST_ID_LENGTH = 25;
const REQUEST_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export interface SimulatorOptions {
  /** Waits `ms`, rejecting when the signal aborts; tests pass a fake that returns at once. */
  readonly delay?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How long the slow hotel takes to answer. */
  readonly slowMs?: number;
  /** The clock for `answeredAt`, "today" and cancellation deadlines. */
  readonly now?: () => Date;
}

export function createSimulatorProvider(options: SimulatorOptions = {}): HotelProvider {
  const delay = options.delay ?? abortableDelay;
  const slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
  const now = options.now ?? (() => new Date());
  return {
    name: "simulator",
    async resolveHotel(link, signal) {
      throwIfAborted(signal);
      return hotelIdOf(link);
    },
    async resolveShareLink(share, signal) {
      throwIfAborted(signal);
      const at = now();
      return shareLinkTarget(share, at, (link, checkIn, checkOut) => hasRooms(link, checkIn, checkOut, at));
    },
    async availability(search, signal) {
      throwIfAborted(signal);
      if (!/^\d+$/.test(search.hotelId)) {
        throw new ProviderError("hotel_not_found", `No hotel has the id "${search.hotelId}"`);
      }
      const misbehaviour = misbehaviourOf(search.hotelId);
      if (misbehaviour === "slow") await wait(delay, slowMs, signal);
      // The refusing hotel misbehaves only when booked.
      else if (misbehaviour !== undefined && misbehaviour !== "bookingRefused") await misbehave(misbehaviour, signal);
      return answer(search, now());
    },
    async book(request, signal) {
      throwIfAborted(signal);
      const misbehaviour = misbehaviourOf(request.hotelId);
      if (misbehaviour === "slow") await wait(delay, slowMs, signal);
      else if (misbehaviour === "hanging" || misbehaviour === "failing") await misbehave(misbehaviour, signal);
      else if (misbehaviour !== undefined) throw refused(`The simulated hotel ${request.hotelId} refuses bookings`);
      return bookOffer(request, now());
    },
    async cancelBooking(bookingRef, signal) {
      throwIfAborted(signal);
      // Stateless, so a booking cancelled before is cancelled again without complaint, as the contract asks.
      if (!isSimulatorBookingRef(bookingRef)) throw refused(`The simulator never made the booking "${bookingRef}"`);
    },
  };
}

function misbehaviourOf(hotelId: string): Misbehaviour | undefined {
  return misbehaviours.find((kind) => simulatorHotelIds[kind] === hotelId);
}

/** Books on the offer `availability()` gives for the same stay, so what the shop was shown is what it can book. */
function bookOffer(request: BookingRequest, now: Date): ProviderBooking {
  if (!/^\d+$/.test(request.hotelId)) throw refused(`No hotel has the id "${request.hotelId}"`);
  let offer: ProviderAvailability;
  try {
    offer = answer(staySearchOf(request), now);
  } catch (error) {
    throw asBookingFailure(error);
  }
  checkBookable(request, offer);
  return { bookingRef: bookingRefOf(request.reference) };
}

function hotelIdOf(link: HotelLink): string {
  if (link.slug === simulatorSlugs.unknownProperty) {
    throw new ProviderError("property_not_found", `No property is called "${link.slug}"`);
  }
  const reserved = misbehaviours.find((kind) => simulatorSlugs[kind] === link.slug);
  if (reserved !== undefined) return simulatorHotelIds[reserved];
  return String(FIRST_HOTEL_ID + (fnv1a(link.slug) % HOTEL_ID_COUNT));
}

async function misbehave(kind: Exclude<Misbehaviour, "slow" | "bookingRefused">, signal: AbortSignal): Promise<never> {
  switch (kind) {
    case "hanging":
      await untilAborted(signal);
      throw timeoutError(signal.reason);
    case "failing":
      throw new ProviderError("failed", "The simulated provider failed on purpose");
    case "notFound":
      throw new ProviderError("hotel_not_found", "The simulated provider does not know this hotel");
    case "soldOut":
      throw new ProviderError("nothing_available", "The simulated hotel is sold out");
    case "closed":
      throw new ProviderError("hotel_unavailable", "The simulated hotel takes no bookings through the shop");
  }
}

function answer(search: StaySearch, answeredAt: Date): ProviderAvailability {
  const { hotel, timeZone } = describeHotel(search.hotelId, search.link, search.language);
  const { checkIn, nights } = readDates(search, localDay(answeredAt, timeZone));
  if (hotelSoldOut(search.hotelId, checkIn, nights)) {
    throw new ProviderError("nothing_available", `The hotel is full on a night from ${search.checkIn}`);
  }
  const rooms = offeredRooms({ ...search, stars: hotel.rating.stars, timeZone, checkIn, nights, now: answeredAt });
  if (rooms.length === 0) throw new ProviderError("nothing_available", "Every room is taken on a night of the stay");
  return { requestId: requestIdOf(search, answeredAt), answeredAt, hotel, rooms };
}

/** Whether two adults find a room at the hotel for the stay: what a shared hotel page showed its customer. */
function hasRooms(link: HotelLink, checkIn: string, checkOut: string, now: Date): boolean {
  const search: StaySearch = {
    hotelId: hotelIdOf(link),
    link,
    checkIn,
    checkOut,
    rooms: 1,
    adults: 2,
    childrenAges: [],
    currency: "CZK",
    language: "en",
  };
  try {
    answer(search, now);
    return true;
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "nothing_available") return false;
    throw error;
  }
}

/** Checks the stay as the portal would: a malformed request fails, dates it never sells are not bookable. */
function readDates(search: StaySearch, today: number): { checkIn: number; nights: number } {
  const checkIn = dayNumber(search.checkIn);
  const checkOut = dayNumber(search.checkOut);
  const validParty =
    Number.isInteger(search.rooms) &&
    search.rooms >= 1 &&
    Number.isInteger(search.adults) &&
    search.adults >= 1 &&
    search.childrenAges.every((age) => Number.isInteger(age) && age >= 0 && age <= 17);
  if (checkIn === undefined || checkOut === undefined || checkOut <= checkIn || !validParty) {
    throw new ProviderError("failed", "The simulated provider refused a malformed search");
  }
  const nights = checkOut - checkIn;
  if (nights > MAX_NIGHTS) throw new ProviderError("date_not_bookable", `Stays are at most ${MAX_NIGHTS} nights`);
  if (checkIn < today || checkIn - today > MAX_DAYS_AHEAD) {
    throw new ProviderError("date_not_bookable", `Check-in must be from today to ${MAX_DAYS_AHEAD} days ahead`);
  }
  return { checkIn, nights };
}

/** Drawn from the question and the answer time, so a repeated search gets a new id but a replayed test the same. */
function requestIdOf(search: StaySearch, answeredAt: Date): string {
  const random = randomFor("request", JSON.stringify(search), answeredAt.toISOString());
  return Array.from({ length: REQUEST_ID_LENGTH }, () => random.pick([...REQUEST_ID_ALPHABET])).join("");
}

function timeoutError(cause?: unknown): ProviderError {
  return new ProviderError("timeout", "The simulated provider did not answer before the deadline", { cause });
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw timeoutError(signal.reason);
}

/** Any wait ends in `timeout` when the signal aborts, whatever the delay function rejects with. */
async function wait(
  delay: (ms: number, signal: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal
): Promise<void> {
  try {
    await delay(ms, signal);
  } catch (error) {
    if (signal.aborted) throw timeoutError(error);
    throw error instanceof ProviderError
      ? error
      : new ProviderError("failed", "The simulated wait failed", { cause: error });
  }
  // A delay that ignores the signal must not let an abandoned request answer after all.
  throwIfAborted(signal);
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
