import { type HotelProvider, ProviderError, type ProviderLanguage } from "../adapters/provider/hotel-provider";
import type { ProviderAvailability } from "../domain/hotel-offer";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketDate, stayProblem, type Stay } from "../domain/stay";
import {
  findAvailability,
  findRecentAvailability,
  saveAvailability,
  type StoredAvailability,
} from "../stores/availabilities";
import { findHotelLink } from "../stores/hotel-links";
import { callProvider } from "./provider-calls";
import { type Flights, shareCall } from "./shared-calls";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";

/** A stay at a hotel, as the visitor asks the provider about it. */
export interface StaySearch {
  readonly product: ProductKey;
  readonly hotelId: string;
  readonly stay: Stay;
  readonly language: ProviderLanguage;
}

/** An availability check asked for: one kept under its id, or a new one of a stay. */
export type AvailabilityAsk = { readonly id: string } | { readonly search: StaySearch };

/**
 * Checks a stay with the provider and keeps the answer under a new availability id; asked with that id, answers the
 * kept offer again (a reload, a shared link, another api instance), never the provider's newer one. The same stay
 * asked again within the configured reuse time, by anyone, gets the kept check (decision 053).
 */
export async function stayAvailability(
  deps: UseCaseDeps,
  product: ProductKey,
  ask: AvailabilityAsk,
  signal: AbortSignal
): Promise<StoredAvailability> {
  return "id" in ask ? availabilityFor(deps, product, ask.id) : checkStay(deps, ask.search, signal);
}

/** The availability check with this id made for this shop; another shop's is unknown. */
export async function availabilityFor(
  { db }: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  id: string
): Promise<StoredAvailability> {
  const stored = await findAvailability(db, id.toLowerCase());
  // An offer made on another shop is in another currency: as far as this shop knows, it does not exist.
  if (!stored || stored.product !== product) throw new Refused({ kind: "unknown", what: "availability" });
  return stored;
}

async function checkStay(deps: UseCaseDeps, search: StaySearch, signal: AbortSignal): Promise<StoredAvailability> {
  const problem = stayProblem(search.stay, marketDate(deps.now()));
  if (problem) throw new Refused({ kind: "stay", problem });
  const key = searchKey(deps.provider.name, search);
  const reuseMs = deps.config.provider.answerReuseMs;
  if (reuseMs === 0) return askAndKeep(deps, search, key, signal);
  const recent = await findRecentAvailability(deps.db, key, new Date(deps.now().getTime() - reuseMs));
  if (recent) return recent;
  const ask = (shared: AbortSignal) => askAndKeep(deps, search, key, shared);
  // As the provider's request would end for a visitor who gives up: the api tells the time ran out.
  const abandoned = () => new ProviderError("timeout", "the visitor stopped waiting for the provider");
  return shareCall(flightsOf(deps.provider), key, signal, ask, abandoned);
}

async function askAndKeep(
  deps: UseCaseDeps,
  search: StaySearch,
  key: string,
  signal: AbortSignal
): Promise<StoredAvailability> {
  const found = await askProvider(deps, search, signal);
  return saveAvailability(
    deps.db,
    { provider: deps.provider.name, product: search.product, stay: search.stay, answer: found },
    key,
    deps.now()
  );
}

/**
 * What makes two checks the same question: the provider, the shop (its currency), the hotel, the stay and the
 * language the hotel is described in. Children's ages are part of the stay in the order asked.
 */
function searchKey(provider: string, { product, hotelId, stay, language }: StaySearch): string {
  const { checkIn, checkOut, rooms, adults, childrenAges } = stay;
  return JSON.stringify([provider, product, hotelId, checkIn, checkOut, rooms, adults, childrenAges, language]);
}

/**
 * The checks this api instance is asking the provider right now, per provider: visitors who ask the same at the same
 * moment (a link shared in a team chat) wait for one request rather than each spending the provider's budget.
 */
const flightsByProvider = new WeakMap<HotelProvider, Flights<StoredAvailability>>();

function flightsOf(provider: HotelProvider): Flights<StoredAvailability> {
  let flights = flightsByProvider.get(provider);
  if (!flights) {
    flights = new Map();
    flightsByProvider.set(provider, flights);
  }
  return flights;
}

/** The provider's current offer for a stay, within the configured deadline and the caller's signal. */
export async function askProvider(
  { db, provider, config }: Pick<UseCaseDeps, "db" | "provider" | "config">,
  search: StaySearch,
  signal: AbortSignal
): Promise<ProviderAvailability> {
  const link = await findHotelLink(db, provider.name, search.hotelId);
  return callProvider(config.provider.timeoutMs, signal, async (deadline) => {
    const result = await provider.availability(
      {
        hotelId: search.hotelId,
        link,
        ...search.stay,
        currency: marketCurrency[search.product],
        language: search.language,
      },
      deadline
    );
    // The interface promises rooms; an adapter breaking that promise still must not show an empty offer.
    if (result.rooms.length === 0) throw new ProviderError("nothing_available", "the provider answered no rooms");
    return result;
  });
}
