import type { BookingRequest, HotelProvider } from "../adapters/provider/hotel-provider";
import { ProviderError } from "../adapters/provider/hotel-provider";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { isFinalOrderStatus, type BookingStatus, type OrderStatus } from "../domain/order-status";
import type { JobContext } from "../jobs/worker";
import type { Logger } from "../logging/logger";
import { findHotelOrder, lockedBookingStatus, saveBookingStatus, type StoredOrder } from "../stores/orders";
import { enqueueBookingCancel, enqueueOrderMail } from "./order-jobs";

/**
 * Booking an order's rooms with the hotel provider, and cancelling that booking, as jobs of the worker.
 *
 * Never twice: the booking job exists once per order (its dedupe key), the order's row lock lets one worker at a time
 * mark the booking pending, and the provider keeps one booking per reference (the order id), so a job that crashed
 * after the provider booked and is run again gets the same booking back instead of a second one.
 */

export interface BookingDeps {
  db: Database;
  provider: HotelProvider;
  now: Clock;
  log: Logger;
}

/** How long one call to the provider may take before it counts as a transient failure. */
const PROVIDER_DEADLINE_MS = 60_000;

/** Trouble worth another try (the provider was slow or down); anything else is the provider's final word. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ProviderError) || error.kind === "timeout" || error.kind === "failed";
}

/** What the provider needs to book the order: the stay, the rooms, the price sold and the booker. */
export function bookingRequestOf(order: StoredOrder): BookingRequest {
  const { summary, customer } = order;
  return {
    reference: order.id,
    hotelId: summary.hotel.hotelId,
    checkIn: summary.stay.checkIn,
    checkOut: summary.stay.checkOut,
    adults: summary.stay.adults,
    childrenAges: summary.stay.childrenAges,
    productIds: summary.rooms.map((room) => room.productId),
    currency: order.currency,
    language: order.language,
    expectedPrice: summary.rooms.reduce((sum, room) => sum + room.price.base, 0),
    booker: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      mobile: customer.mobile,
      countryCode: order.currency === "PLN" ? "pl" : "cz",
    },
    // The provider's booking names the booker; a guest booked for by someone else reaches the hotel in the remarks.
    remarks: [customer.guestName ? `Guest: ${customer.guestName}` : "", customer.noteForHotel]
      .filter(Boolean)
      .join("\n"),
  };
}

/** Moves the booking from one status to another under the order's lock; false when it was not in `from`. */
async function moveBooking(
  db: Database,
  orderId: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  now: Date,
  extra: { bookingRef?: string } = {}
): Promise<{ moved: boolean; status: OrderStatus } | undefined> {
  const row = await lockedBookingStatus(db, orderId);
  if (!row) return undefined;
  if (!from.includes(row.bookingStatus)) return { moved: false, status: row.status };
  await saveBookingStatus(db, orderId, to, now, extra);
  return { moved: true, status: row.status };
}

/**
 * The booking job. An order cancelled before its turn is not booked. The booking is pending while the provider is
 * asked; a transient failure leaves it pending and fails the job, so the worker tries again after a backoff; the
 * provider's refusal, or the last try failing, ends in the error status and tells the customer to contact us.
 */
export async function bookOrder(deps: BookingDeps, orderId: string, job: JobContext): Promise<void> {
  const order = await findHotelOrder(deps.db, orderId);
  if (!order || isFinalOrderStatus(order.status)) return;
  const started = await deps.db.transaction(async (tx) => {
    const moved = await moveBooking(tx, orderId, ["not_ordered", "pending"], "pending", deps.now());
    return moved?.moved === true && !isFinalOrderStatus(moved.status);
  });
  if (!started) return;

  let bookingRef: string;
  try {
    ({ bookingRef } = await deps.provider.book(bookingRequestOf(order), AbortSignal.timeout(PROVIDER_DEADLINE_MS)));
  } catch (error) {
    if (isTransient(error) && job.attempt < job.maxAttempts) throw error;
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      if ((await moveBooking(tx, orderId, ["pending"], "error", now))?.moved) {
        await enqueueOrderMail(tx, { kind: "booking_failed", orderId }, now);
      }
    });
    // The provider's refusal by its kind (its message may repeat the booker's data); anything else is a bug, with its stack.
    deps.log.error(
      { orderId, ...(error instanceof ProviderError ? { providerError: error.kind } : { err: error }) },
      "booking failed for good"
    );
    return;
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const moved = await moveBooking(tx, orderId, ["pending"], "active", now, { bookingRef });
    if (!moved?.moved) return;
    // The shop's own cancellations wait for a pending booking; should the order be final anyway, so is the booking.
    if (isFinalOrderStatus(moved.status)) await enqueueBookingCancel(tx, orderId, now);
    else await enqueueOrderMail(tx, { kind: "booking_confirmed", orderId }, now);
  });
}

/** The job that cancels an order's booking with the provider; transient trouble is retried by the worker. */
export async function cancelBooking(deps: BookingDeps, orderId: string): Promise<void> {
  const order = await findHotelOrder(deps.db, orderId);
  if (!order?.bookingRef || order.bookingStatus !== "active") return;
  await deps.provider.cancelBooking(order.bookingRef, AbortSignal.timeout(PROVIDER_DEADLINE_MS));
  await deps.db.transaction((tx) => moveBooking(tx, orderId, ["active"], "cancelled", deps.now()));
}
