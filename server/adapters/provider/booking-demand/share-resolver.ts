/**
 * Where a share link from the portal's app (https://www.booking.com/Share-AbC123x) leads. The portal answers such a
 * link with a redirect (301 or 302) to the hotel page and the search the customer shared; the Demand API has no
 * lookup for share codes. One GET with redirects not followed reads only the `Location` header: the body is never
 * read, and the redirect's target is never fetched, so no page is scraped for it (decision 052).
 */

import type { ShareLink } from "../hotel-provider";
import { ProviderError } from "../hotel-provider";
import { networkError, type PageResolverOptions } from "./page-resolver";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function resolveShareLinkByRedirect(
  share: ShareLink,
  options: PageResolverOptions,
  signal: AbortSignal
): Promise<string> {
  const url = new URL(`/Share-${encodeURIComponent(share.code)}`, options.portalUrl);
  let response: Response;
  try {
    response = await options.fetch(url, { headers: { accept: "text/html" }, redirect: "manual", signal });
  } catch (error) {
    throw networkError(error, url, signal);
  }
  // Only the status and one header matter; the body (a redirect notice or an error page) is dropped unread.
  await response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  if (REDIRECTS.has(response.status) && location !== null && location.trim() !== "") {
    // A relative Location is relative to the share link, which lives on the portal the customer pasted it from.
    return new URL(location.trim(), share.url).toString();
  }
  // An unknown or expired code: the portal answers 404 (410), or sends no redirect at all.
  if (response.status === 404 || response.status === 410 || response.status === 200) {
    throw new ProviderError("property_not_found", `The share link ${url.pathname} leads nowhere`);
  }
  throw new ProviderError("failed", `The portal answered ${url.pathname} with HTTP ${response.status}`, {
    httpStatus: response.status,
  });
}
