/**
 * What the Booking.com adapter is configured with, and what its sections share.
 */

import type { CurrencyCode } from "../../../domain/products";
import type { Logger } from "../../../logging/logger";
import type { Client } from "./http";
import type { ReferenceData } from "./reference-data";

export interface BookingDemandApiOptions {
  /** E.g. "https://demandapi.booking.com/3.1". */
  readonly baseUrl: string;
  readonly token: string;
  /** Seven digits. */
  readonly affiliateId: string;
  /** The portal whose hotel pages resolve links; "https://www.booking.com" unless a test points elsewhere. */
  readonly portalUrl?: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  /** Where the adapter says which products it left out and why (decision 051). */
  readonly log: Logger;
  /** The longest a request may wait in all between its tries (each Retry-After or backoff); 5 seconds unless set. */
  readonly maxRetryAfterMs?: number;
  /**
   * A clock that only moves forward, in milliseconds, for how long the shop stays away after Booking.com's rate limit
   * (a duration, not a date: the wall clock `now` may be set back or stand still in tests); `performance.now` unless set.
   */
  readonly elapsedMs?: () => number;
  /**
   * Issues the virtual card Booking.com charges for one booking: the shop has taken the customer's money and pays
   * Booking.com with a card its payment provider funds for exactly that charge. Without it, `book` can only create
   * orders whose preview requires no payment method.
   */
  readonly issueCard?: (charge: CardCharge, signal: AbortSignal) => Promise<PaymentCard>;
}

/** What one booking costs online, for the card that pays it. */
export interface CardCharge {
  /** The shop's order id the booking is for. */
  readonly reference: string;
  readonly currency: CurrencyCode;
  /** Minor units. */
  readonly amount: number;
}

export interface PaymentCard {
  readonly cardholder: string;
  readonly number: string;
  readonly cvc: string;
  /** YYYY-MM */
  readonly expiryDate: string;
}

export interface Deps {
  readonly client: Client;
  readonly reference: ReferenceData;
  readonly now: () => Date;
  readonly log: Logger;
  readonly issueCard: BookingDemandApiOptions["issueCard"];
}
