import type { Clock } from "../../clock";
import { utcDateOf } from "../../../shared/calendar-date";
import type { CardCharge, PaymentCard } from "./booking-demand";

/**
 * The card issuer outside production: Booking.com charges a card for each order the shop pays online (decision 010),
 * and no virtual card issuer is wired for production yet, so without this no environment could book a room with the
 * Demand API at all. It hands out the card networks' public Visa test number, valid until a year from `now`, which
 * only a sandbox accepts; it never issues a card with money behind it.
 */
export function sandboxCardIssuer(now: Clock): (charge: CardCharge, signal: AbortSignal) => Promise<PaymentCard> {
  return async () => {
    const inAYear = new Date(now());
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    const expiryDate = utcDateOf(inAYear.getTime()).slice(0, 7);
    return { cardholder: "DZB Sandbox", number: "4111111111111111", cvc: "123", expiryDate };
  };
}
