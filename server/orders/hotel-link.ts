import type { HotelLink } from "../adapters/provider/hotel-provider";
import { findHotelId, saveHotelLink } from "../stores/hotel-links";
import { callProvider } from "./provider-calls";
import type { UseCaseDeps } from "./use-case-deps";

/** The provider's id of the hotel a pasted link names: asked of the provider once per link, then kept. */
export async function hotelIdOfLink(
  { db, provider, config }: Pick<UseCaseDeps, "db" | "provider" | "config">,
  link: HotelLink,
  signal: AbortSignal
): Promise<string> {
  const known = await findHotelId(db, provider.name, link);
  if (known) return known;
  const resolved = await callProvider(config.provider.timeoutMs, signal, (deadline) =>
    provider.resolveHotel(link, deadline)
  );
  await saveHotelLink(db, provider.name, link, resolved);
  return resolved;
}
