/**
 * How the simulator books and cancels. It keeps no state, because several processes share the simulator and no
 * memory: a booking's ref is a hash of the shop's reference, so booking the same reference again answers the same
 * ref (that is the idempotency the contract asks for), and the simulator knows a ref as its own by its shape alone.
 * Whether it books is decided on the same offer `availability()` gives for the stay.
 */

import type { ProviderAvailability } from "../../domain/hotel-offer";
import { type BookingRequest, ProviderError, roomCounts } from "./hotel-provider";
import { fnv1a } from "./simulator-random";

const BOOKING_REF_PREFIX = "SIM-";
/** Two 32-bit hashes of ten digits each: collisions between references stay out of reach of any test or demo. */
const BOOKING_REF_PATTERN = /^SIM-\d{20}$/;

/** The same reference always gives the same ref; different references practically never share one. */
export function bookingRefOf(reference: string): string {
  const digits = (seed: string) => String(fnv1a(`${seed}|${reference}`)).padStart(10, "0");
  return `${BOOKING_REF_PREFIX}${digits("booking")}${digits("ref")}`;
}

/** A ref the simulator can have made; any other it never booked, so it cannot cancel it. */
export function isSimulatorBookingRef(bookingRef: string): boolean {
  return BOOKING_REF_PATTERN.test(bookingRef);
}

/**
 * Refuses the booking unless every room is a product offered for the stay that the shop can sell, with enough rooms
 * left at its price, and the rooms together cost no more than the shop sold them for.
 */
export function checkBookable(request: BookingRequest, offer: ProviderAvailability): void {
  if (request.productIds.length === 0) throw refused("The booking names no room");
  const products = new Map(offer.rooms.flatMap((room) => room.products.map((product) => [product.productId, product])));
  let price = 0;
  for (const [productId, count] of roomCounts(request.productIds)) {
    const product = products.get(productId);
    if (product === undefined) throw refused(`Product ${productId} is not offered for the stay`);
    if (product.unavailableReason !== undefined) throw refused(`Product ${productId} cannot be ordered online`);
    if (product.numberAvailableAtThisPrice < count) throw refused(`Only ${product.numberAvailableAtThisPrice} left`);
    price += product.discountedPrice * count;
  }
  if (price > request.expectedPrice) {
    throw refused(`The rooms now cost ${price}, more than the ${request.expectedPrice} they were sold for`);
  }
}

/**
 * Whatever keeps the offer from answering (an unknown hotel, a sold-out night, dates never sold, a malformed stay)
 * answers the same again, so for a booking it is final; only a timeout or an outage is worth another try.
 */
export function asBookingFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.kind === "timeout" || error.kind === "booking_refused") return error;
  return new ProviderError("booking_refused", `The simulated hotel cannot be booked: ${error.message}`, {
    cause: error,
  });
}

export function refused(message: string): ProviderError {
  return new ProviderError("booking_refused", message);
}
