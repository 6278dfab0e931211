/**
 * Booking: look for an order already made for the reference, check the offer, preview, create. Cancelling.
 */

import type { CurrencyCode } from "../../../domain/products";
import {
  accommodationOrdersAnswer,
  cancelAnswer,
  createAnswer,
  orderListAnswer,
  previewAnswer,
  type BookingPreview,
} from "./shapes";
import {
  ProviderError,
  type BookingRequest,
  type ProviderBooking,
  roomCounts,
  staySearchOf,
} from "../hotel-provider";
import { BOOKER_COUNTRY, accommodationId, fetchOffer } from "./availability";
import { type Client, asProviderError, bookingErrorKind, lookupErrorKind, settle, timeoutFailure } from "./http";
import { API_LANGUAGE, PAYMENT_TIMINGS, orderability } from "./mapping";
import type { CardCharge, Deps } from "./options";

/** The orders Booking.com lists per request; pages beyond the last of these mean the lookup cannot be trusted. */
const ORDERS_PER_PAGE = 100;
const MAX_ORDER_PAGES = 20;

const CANCEL_REASON = "Cancelled by the shop that booked it on behalf of the traveller.";

/** `OrderCreatePaymentInput`, as far as the shop pays: online, with a virtual card or with no method named. */
interface OrderPayment {
  readonly timing: "pay_online_now" | "pay_online_later";
  readonly method?: "card";
  readonly card?: {
    readonly cardholder: string;
    readonly number: string;
    readonly cvc: string;
    readonly expiry_date: string;
    readonly authentication: { readonly sca_exemption: "virtual" };
  };
}

export async function bookStay(deps: Deps, request: BookingRequest, signal: AbortSignal): Promise<ProviderBooking> {
  const accommodation = bookableAccommodation(request.hotelId);
  const existing = await findOrder(deps.client, request, accommodation, signal);
  if (existing !== undefined) return { bookingRef: existing };
  await checkOffer(deps.client, request, accommodation, signal);
  const preview = await previewOrder(deps.client, request, accommodation, signal);
  const payment = await paymentFor(deps, request, preview, signal);
  const body = createBody(request, preview.data.order_token, payment);
  const created = await deps.client.post("/orders/create", body, createAnswer, signal, bookingErrorKind);
  return { bookingRef: created.data.accommodation.order };
}

/** An id Booking.com cannot know gets the same refusal however often it is asked. */
function bookableAccommodation(hotelId: string): number {
  try {
    return accommodationId(hotelId);
  } catch (error) {
    throw asBookingFailure(error);
  }
}

/**
 * The order an earlier call made for this reference, found by its label among the orders checking in on the same
 * day: /orders/create takes no idempotency key, and the order list filters by dates, not by label, so the labels are
 * read from the accommodation details of each order of that day.
 */
async function findOrder(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<string | undefined> {
  const ids = await ordersCheckingIn(client, request.checkIn, request.currency, signal);
  for (let start = 0; start < ids.length; start += ORDERS_PER_PAGE) {
    const orders = await accommodationOrders(
      client,
      { orders: ids.slice(start, start + ORDERS_PER_PAGE), currency: request.currency },
      signal
    );
    const found = orders.find(
      (order) => order.label === request.reference && order.accommodation === accommodation
    );
    if (found !== undefined) return found.id;
  }
  return undefined;
}

async function ordersCheckingIn(
  client: Client,
  checkIn: string,
  currency: CurrencyCode,
  signal: AbortSignal
): Promise<string[]> {
  const ids: string[] = [];
  let body: object = {
    start: { from: checkIn, to: checkIn },
    currency,
    services: ["accommodations"],
    maximum_results: ORDERS_PER_PAGE,
  };
  for (let page = 0; page < MAX_ORDER_PAGES; page += 1) {
    const answer = await client.post("/orders/details", body, orderListAnswer, signal, lookupErrorKind);
    ids.push(...answer.data.map((order) => order.id));
    const next = answer.metadata?.next_page;
    if (next === undefined || next === null || next === "") return ids;
    body = { page: next };
  }
  // Creating without having seen every order of the day could book the reference twice.
  throw new ProviderError("failed", `Booking.com lists more than ${MAX_ORDER_PAGES} pages of orders for ${checkIn}`);
}

/**
 * The preview prices products without the `book` price the shop sold them at (its `base` leaves out charges that
 * `book` includes), so the offer is asked for again, as the shop's search asked for it, and compared in the same
 * terms: every room a product still offered, payable online, with rooms enough, at no more than the shop sold them for.
 */
async function checkOffer(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<void> {
  if (request.productIds.length === 0) throw refused("The booking names no room");
  const offer = await fetchOffer(client, accommodation, staySearchOf(request), signal).catch((error: unknown) => {
    throw asBookingFailure(error);
  });
  if (offer.data.currency !== request.currency) {
    throw new ProviderError("failed", `Booking.com priced in ${offer.data.currency}, not ${request.currency}`);
  }
  const products = new Map((offer.data.products ?? []).map((product) => [product.id, product]));
  let price = 0;
  for (const [productId, count] of roomCounts(request.productIds)) {
    const product = products.get(productId);
    if (product === undefined) throw refused(`Booking.com no longer offers product ${productId}`);
    const timings = product.policies.payment.timings.map((timing) => PAYMENT_TIMINGS[timing]);
    if (orderability(timings) !== undefined) throw refused(`Product ${productId} cannot be paid online`);
    if (product.number_available_at_this_price < count) throw refused(`Too few rooms of ${productId} are left`);
    price += product.price.book * count;
  }
  if (price > request.expectedPrice) {
    throw refused(`The rooms now cost ${price}, more than the ${request.expectedPrice} they were sold for`);
  }
}

async function previewOrder(
  client: Client,
  request: BookingRequest,
  accommodation: number,
  signal: AbortSignal
): Promise<BookingPreview> {
  const rooms = allocations(request.adults, request.childrenAges, request.productIds.length);
  const body = {
    booker: { country: BOOKER_COUNTRY[request.currency], platform: "desktop" },
    currency: request.currency,
    accommodation: {
      id: accommodation,
      checkin: request.checkIn,
      checkout: request.checkOut,
      products: request.productIds.map((id, room) => ({ id, allocation: rooms[room] })),
    },
  };
  const preview = await client.post("/orders/preview", body, previewAnswer, signal, bookingErrorKind);
  // Booking.com previews a product that cannot hold its guests, naming who does not fit; it would not take them.
  if (preview.data.accommodation.products.some((product) => product.occupancy_mismatch)) {
    throw refused("Booking.com says the guests do not fit the rooms");
  }
  return preview;
}

/**
 * The guests split over the rooms as the shop's search priced them: adults as evenly as can be (each room needs one),
 * children dealt round the rooms in turn.
 */
function allocations(
  adults: number,
  childrenAges: readonly number[],
  rooms: number
): { number_of_adults: number; children: number[] }[] {
  if (adults < rooms) throw refused(`${adults} adults cannot take ${rooms} rooms`);
  return Array.from({ length: rooms }, (_, room) => ({
    number_of_adults: Math.floor(adults / rooms) + (room < adults % rooms ? 1 : 0),
    children: childrenAges.filter((_, child) => child % rooms === room),
  }));
}

/**
 * The shop has taken the customer's money, so it pays Booking.com online, now when it may: with a virtual card its
 * payment provider issues for the exact charge (the documented "partners collect the payment" flow), or with no
 * method at all where the preview requires none. A preview requiring a card with no issuer configured is the shop's
 * configuration to fix, after which the booking can be tried again, so it fails rather than refuses.
 */
async function paymentFor(
  deps: Deps,
  request: BookingRequest,
  preview: BookingPreview,
  signal: AbortSignal
): Promise<OrderPayment> {
  const online = preview.data.accommodation.general_policies?.payment;
  const timing: OrderPayment["timing"] | undefined = online?.pay_online_now
    ? "pay_online_now"
    : online?.pay_online_later
    ? "pay_online_later"
    : undefined;
  if (timing === undefined) throw refused("Booking.com takes no online payment for this order");
  const methodRequired = online?.[timing]?.method_required === true;
  if (deps.issueCard === undefined) {
    if (methodRequired) throw new ProviderError("failed", "Booking.com needs a payment card; no card issuer is set");
    return { timing };
  }
  const charge: CardCharge = {
    reference: request.reference,
    currency: request.currency,
    amount: chargeableOnline(preview, request.currency),
  };
  const card = await deps.issueCard(charge, signal).catch((error: unknown) => {
    throw signal.aborted ? timeoutFailure("the card issuer") : asProviderError(error);
  });
  return {
    timing,
    method: "card",
    card: {
      cardholder: card.cardholder,
      number: card.number,
      cvc: card.cvc,
      expiry_date: card.expiryDate,
      // A virtual card has no holder to authenticate; the documented exemption for it.
      authentication: { sca_exemption: "virtual" },
    },
  };
}

/** What Booking.com charges online for the whole order, in the shop's currency, minor units. */
function chargeableOnline(preview: BookingPreview, currency: CurrencyCode): number {
  const { currency: currencies, price } = preview.data.accommodation;
  const amounts = price?.chargeable_online;
  const amount =
    currencies.booker === currency
      ? amounts?.booker_currency
      : currencies.accommodation === currency
      ? amounts?.accommodation_currency
      : undefined;
  if (amount === undefined || amount === null) {
    throw new ProviderError("failed", `Booking.com's preview gives no online charge in ${currency}`);
  }
  return amount;
}

/**
 * The order itself: the preview's token stands for the stay and the products; the reference goes in the label, which
 * the order details give back, so a later call finds this order instead of creating another. Every room is in the
 * booker's name, the only guest the shop knows.
 */
function createBody(request: BookingRequest, orderToken: string, payment: OrderPayment): object {
  const { booker } = request;
  const guest = { email: booker.email, name: `${booker.firstName} ${booker.lastName}`.trim() };
  const country = /^[a-z]{2}$/.test(booker.countryCode) ? booker.countryCode : BOOKER_COUNTRY[request.currency];
  const remarks = request.remarks.trim();
  return {
    order_token: orderToken,
    booker: {
      address: { country },
      email: booker.email,
      language: API_LANGUAGE[request.language],
      name: { first_name: booker.firstName, last_name: booker.lastName },
      telephone: booker.mobile,
    },
    accommodation: {
      label: request.reference,
      products: request.productIds.map((id) => ({ id, guests: [guest] })),
      ...(remarks !== "" && { remarks: { special_requests: remarks } }),
    },
    payment,
  };
}

/**
 * Booking.com documents no answer for cancelling an order twice; whatever it says, an order that its details show
 * cancelled is cancelled, which is all the shop asks.
 */
export async function cancelOrder(client: Client, bookingRef: string, signal: AbortSignal): Promise<void> {
  if (!/^\d{1,30}$/.test(bookingRef)) throw refused(`"${bookingRef}" is not a Booking.com order id`);
  const body = { order: bookingRef, reason: CANCEL_REASON };
  const answer = await settle(client.post("/orders/cancel", body, cancelAnswer, signal, bookingErrorKind));
  if (!(answer instanceof ProviderError) && answer.data.status === "successful") return;
  if (answer instanceof ProviderError && answer.kind !== "booking_refused") throw answer;
  if (await isCancelled(client, bookingRef, signal)) return;
  throw answer instanceof ProviderError ? answer : refused(`Booking.com did not cancel order ${bookingRef}`);
}

async function isCancelled(client: Client, bookingRef: string, signal: AbortSignal): Promise<boolean> {
  const order = (await accommodationOrders(client, { orders: [bookingRef] }, signal)).find(
    (candidate) => candidate.id === bookingRef
  );
  return order !== undefined && order.status.startsWith("cancelled");
}

/**
 * For a booking, whatever Booking.com will answer the same way again (an unknown hotel, dates it does not sell) is a
 * refusal; a timeout or an outage may pass.
 */
function asBookingFailure(error: unknown): ProviderError {
  const failure = asProviderError(error);
  if (failure.kind === "timeout" || failure.kind === "failed" || failure.kind === "booking_refused") return failure;
  return new ProviderError("booking_refused", `Booking.com cannot book this: ${failure.message}`, { cause: failure });
}

function refused(message: string): ProviderError {
  return new ProviderError("booking_refused", message);
}

/** The accommodation details of the orders named (at most a page of them), in the currency if one is given. */
async function accommodationOrders(
  client: Client,
  body: { orders: string[]; currency?: CurrencyCode },
  signal: AbortSignal
) {
  const path = "/orders/details/accommodations";
  const answer = await client.post(path, body, accommodationOrdersAnswer, signal, lookupErrorKind);
  return answer.data;
}
