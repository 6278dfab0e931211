/**
 * The hotel provider backed by the Booking.com Demand API v3.1 (https://demandapi.booking.com/3.1).
 *
 * Documentation the requests and answers follow (shapes in ./shapes.ts):
 * - the v3.1 OpenAPI description, https://developers.booking.com/demand/docs/open-api/demand-api: POST
 *   /accommodations/availability, /accommodations/details, /accommodations/constants, /common/locations/cities and
 *   /common/locations/countries, their request and response schemas and examples;
 * - https://developers.booking.com/demand/docs/accommodations/accommodation-v3.1-quick-guide (booker, guests, extras);
 * - https://developers.booking.com/demand/docs/development-guide/authentication (`Authorization: Bearer <token>` and
 *   `X-Affiliate-Id` on every request);
 * - https://developers.booking.com/demand/docs/support/error-handling/about-errors, .../http-4xx-scenarios and
 *   .../error-codes (error body `{ request_id, errors: [{ id, message }] }`, 401/403 for credentials);
 * - https://developers.booking.com/demand/docs/development-guide/error-handling (rate limiting: past the partner's
 *   limit every request gets 429 for one minute);
 * - for booking: the same OpenAPI description's /orders/preview, /orders/create, /orders/details,
 *   /orders/details/accommodations and /orders/cancel (read as archived at
 *   https://github.com/api-evangelist/booking-com/blob/main/openapi/_original/booking-com-demand-api-3-1-openapi.yml),
 *   https://developers.booking.com/demand/docs/orders-api/order-preview-create (preview, then create with its
 *   `order_token`), https://developers.booking.com/demand/docs/orders-api/orders-faqs (the token lives 15 minutes;
 *   guests' name and email per product), https://developers.booking.com/demand/docs/payments/models/partner-collects
 *   and .../payments/payments-methods (a partner that has charged the traveller pays Booking.com with a virtual card),
 *   https://developers.booking.com/demand/docs/migration-guide/v3.2/orders/orders-cancel-v3.2 (the v3.1 cancel body
 *   `{ order, reason }` and its answer `{ data: { status } }`).
 *
 * Booking once per reference: /orders/create has no idempotency key or header. Its `accommodation.label` is free text
 * that /orders/details/accommodations gives back, and /orders/details lists orders by check-in date, so `book` first
 * reads the labels of the orders checking in that day and answers the order labelled with the reference, if any,
 * before it creates one. Limits: two calls for the same reference at the same moment can still both create (the
 * caller must not run them in parallel), and an order Booking.com has created but does not list yet is not found.
 *
 * Checking the price: the preview prices products by `base` (without the charges the law wants shown in the price)
 * and `total` (with every charge), not by the availability's `book` the shop sold them at, so `book` asks for the
 * offer again and compares `book` prices before it previews.
 *
 * Where the documentation is silent, the choices made here (each explained where it is made):
 * - which error ids mean "dates not bookable" or "unknown accommodation": the error codes page lists only generic ids
 *   (missing_parameter, conflicting_parameters…), so a 400 or 404 is read by the parameter its errors name;
 * - a hotel the content endpoint knows but the availability endpoint refuses is "hotel_unavailable" (closed, or not
 *   open to our affiliate account);
 * - the order endpoints document no error ids for "sold out", "price changed" or "refused": any 4xx but credentials,
 *   timeout and rate limit is read as Booking.com's final refusal (`bookingErrorKind`);
 * - nor what cancelling a cancelled order answers: a refused cancellation of an order whose details show it
 *   cancelled counts as done;
 * - the booker's address is only its country (the shop asks for no more); a hotel whose details say
 *   `booker_address_required` may refuse such an order;
 * - the city and country come as ids and codes; their names are looked up once and kept for the process's life.
 *
 * Product ids in the documented examples have five or six digit groups ("1000420_95127794_2_0_0"); the contract
 * takes any underscore-joined digit groups (`productIdPattern`), and drops others ("tpi-…") like any other product it
 * cannot carry.
 */

import { resolveHotelIdFromPage } from "./page-resolver";
import { resolveShareLinkByRedirect } from "./share-resolver";
import type { HotelProvider } from "../hotel-provider";
import { findAvailability } from "./availability";
import { bookStay, cancelOrder } from "./booking";
import { createClient } from "./http";
import type { BookingDemandApiOptions, Deps } from "./options";
import { createReferenceData } from "./reference-data";

export type { BookingDemandApiOptions, CardCharge, PaymentCard } from "./options";

/**
 * The caller's signal says when to give up but not how much time is left, and the api's provider deadline is 20 s by
 * default; a few seconds of waiting in all still leaves room for the retried requests. Booking.com's documented block
 * lasts a minute, which no visitor waits out, so such a 429 fails at once.
 */
const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

const DEFAULT_PORTAL_URL = "https://www.booking.com";

export function createBookingDemandApiProvider(options: BookingDemandApiOptions): HotelProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const client = createClient({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    token: options.token,
    affiliateId: options.affiliateId,
    fetch: fetchImpl,
    now,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
    elapsedMs: options.elapsedMs ?? (() => performance.now()),
  });
  const deps: Deps = {
    client,
    reference: createReferenceData(client),
    now,
    log: options.log,
    issueCard: options.issueCard,
  };
  const portal = { portalUrl: options.portalUrl ?? DEFAULT_PORTAL_URL, fetch: fetchImpl };
  return {
    name: "booking-demand-api",
    resolveHotel: (link, signal) => resolveHotelIdFromPage(link, portal, signal),
    resolveShareLink: (share, signal) => resolveShareLinkByRedirect(share, portal, signal),
    availability: (search, signal) => findAvailability(deps, search, signal),
    book: (request, signal) => bookStay(deps, request, signal),
    cancelBooking: (bookingRef, signal) => cancelOrder(client, bookingRef, signal),
  };
}
