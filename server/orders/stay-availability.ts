import { ProviderError, type ProviderLanguage } from "../adapters/provider/hotel-provider";
import type { ProviderAvailability } from "../domain/hotel-offer";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketDate, stayProblem, type Stay } from "../domain/stay";
import { findAvailability, saveAvailability, type StoredAvailability } from "../stores/availabilities";
import { findHotelLink } from "../stores/hotel-links";
import { callProvider } from "./provider-calls";
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
 * kept offer again (a reload, a shared link, another api instance), never the provider's newer one.
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
  const found = await askProvider(deps, search, signal);
  return saveAvailability(
    deps.db,
    { provider: deps.provider.name, product: search.product, stay: search.stay, answer: found },
    deps.now()
  );
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
