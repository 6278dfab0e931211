import type { HotelLink, ShareLink } from "../adapters/provider/hotel-provider";
import { type BookingPage, parseBookingLink } from "../domain/booking-link";
import { findHotelId, saveHotelLink } from "../stores/hotel-links";
import { findShareTarget, saveShareTarget } from "../stores/share-links";
import { callProvider } from "./provider-calls";
import type { UseCaseDeps } from "./use-case-deps";

type LinkDeps = Pick<UseCaseDeps, "db" | "provider" | "config">;

/** The provider's id of the hotel a pasted link names: asked of the provider once per link, then kept. */
export async function hotelIdOfLink(
  { db, provider, config }: LinkDeps,
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

/**
 * The hotel page a share link leads to, read with the search it carries; undefined when it leads to something else
 * (a search page, another share link). Asked of the provider once per share code; only a hotel page is kept, so a
 * share link that led elsewhere is asked again next time (decision 052).
 */
export async function hotelPageOfShareLink(
  { db, provider, config }: LinkDeps,
  share: ShareLink,
  signal: AbortSignal
): Promise<BookingPage | undefined> {
  const known = await findShareTarget(db, provider.name, share);
  if (known) return hotelPageAt(known);
  const target = await callProvider(config.provider.timeoutMs, signal, (deadline) =>
    provider.resolveShareLink(share, deadline)
  );
  const page = hotelPageAt(target);
  if (page) await saveShareTarget(db, provider.name, share, target);
  return page;
}

function hotelPageAt(target: string): BookingPage | undefined {
  const parsed = parseBookingLink(target);
  return parsed.ok ? parsed : undefined;
}
