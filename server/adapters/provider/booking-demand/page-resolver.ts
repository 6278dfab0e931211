/**
 * Turning a hotel page link into Booking.com's numeric hotel id by reading the public hotel page.
 *
 * Why a page fetch: the Demand API knows hotels only by id and offers no lookup by the page slug that customers paste
 * (/hotel/cz/hotel-paris-prague.html), and the slug is not derived from the id. The hotel page itself carries the id
 * in several places; they are tried in a fixed order, most specific first, so a page that mentions other hotels
 * (recommendations, "similar properties") still yields its own:
 * 1. `b_hotel_id: '123456'` in the page's inline configuration script;
 * 2. `<input type="hidden" name="hotel_id" value="123456">` in the booking form;
 * 3. `data-hotel-id="123456"` on the page's elements.
 *
 * This lives apart from the Demand API adapter because it scrapes HTML: when Booking.com changes its pages, this is
 * the one place to change.
 */

import type { HotelLink } from "../hotel-provider";
import { ProviderError } from "../hotel-provider";

export interface PageResolverOptions {
  /** The portal's origin, e.g. "https://www.booking.com"; tests point it at a local fake. */
  readonly portalUrl: string;
  readonly fetch: typeof fetch;
}

/** Hotel ids are positive integers; a longer run of digits is something else. */
const ID = "(\\d{1,12})(?!\\d)";

const ID_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\bb_hotel_id\\s*:\\s*['"]?${ID}['"]?`),
  /<input\b[^>]*\bname\s*=\s*["']hotel_id["'][^>]*>/i,
  new RegExp(`\\bdata-hotel-id\\s*=\\s*["']${ID}["']`, "i"),
];

/** The hidden input's attributes come in any order, so its value is read from the matched tag. */
const INPUT_VALUE = new RegExp(`\\bvalue\\s*=\\s*["']${ID}["']`, "i");

export async function resolveHotelIdFromPage(
  link: HotelLink,
  options: PageResolverOptions,
  signal: AbortSignal
): Promise<string> {
  const url = pageUrl(link, options.portalUrl);
  const response = await fetchPage(url, options.fetch, signal);
  // Booking.com answers an unknown hotel with 404 (or 410 for a closed listing); it names no property.
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new ProviderError("property_not_found", `The portal has no page ${url.pathname}`);
  }
  // Only a plain 200 is a hotel page: a bot challenge (202) or an error page says nothing about the hotel.
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new ProviderError("failed", `The portal answered ${url.pathname} with HTTP ${response.status}`, {
      httpStatus: response.status,
    });
  }
  const id = hotelIdInPage(await readText(response, url, signal));
  // A redirect to a search or landing page (what the portal does for some unknown slugs) ends here too.
  if (id === undefined) throw new ProviderError("property_not_found", `The page ${url.pathname} names no hotel`);
  return id;
}

/** The first id the patterns find, in their order; undefined when the page has none. */
export function hotelIdInPage(html: string): string | undefined {
  for (const pattern of ID_PATTERNS) {
    const match = pattern.exec(html);
    if (match === null) continue;
    const id = match[1] ?? INPUT_VALUE.exec(match[0])?.[1];
    if (id !== undefined && /^[1-9]/.test(id)) return id;
  }
  return undefined;
}

/** Only the country and slug of the link are used, so the fetched page is always on the configured portal. */
function pageUrl(link: HotelLink, portalUrl: string): URL {
  const path = `/hotel/${encodeURIComponent(link.countryCode)}/${encodeURIComponent(link.slug)}.html`;
  return new URL(path, portalUrl);
}

async function fetchPage(url: URL, fetchImpl: typeof fetch, signal: AbortSignal): Promise<Response> {
  try {
    return await fetchImpl(url, { headers: { accept: "text/html" }, redirect: "follow", signal });
  } catch (error) {
    throw networkError(error, url, signal);
  }
}

async function readText(response: Response, url: URL, signal: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw networkError(error, url, signal);
  }
}

/** A request to the portal that got no answer: the caller's deadline, else the portal out of reach. */
export function networkError(error: unknown, url: URL, signal: AbortSignal): ProviderError {
  if (signal.aborted) return new ProviderError("timeout", `The portal did not answer ${url.pathname} in time`);
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError("failed", `The portal could not be reached for ${url.pathname}: ${reason}`, {
    cause: error,
  });
}
