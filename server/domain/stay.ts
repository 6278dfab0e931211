/**
 * The rules a stay request must meet beyond the contract's bounds (SPEC §5): dates not in the past, check-out after
 * check-in, and no more rooms than adults, since every room needs an adult. The bounds themselves (both dates given,
 * rooms ≥ 1, adults ≥ 1, at most 4 children aged 0 to 17) are checked on every request by the api's limits table.
 */

import { calendarDateIn } from "../../shared/calendar-date";
import { MARKET_TIME_ZONE } from "../../shared/market-time-zones";

export interface Stay {
  /** YYYY-MM-DD */
  readonly checkIn: string;
  /** YYYY-MM-DD */
  readonly checkOut: string;
  readonly rooms: number;
  readonly adults: number;
  readonly childrenAges: readonly number[];
}

export type StayProblem =
  | { readonly kind: "check_in_past"; readonly field: "check_in" }
  | { readonly kind: "check_out_past"; readonly field: "check_out" }
  | { readonly kind: "check_out_not_after_check_in"; readonly field: "check_out" }
  | { readonly kind: "adults_fewer_than_rooms"; readonly field: "adults" };

/** The calendar date (YYYY-MM-DD) an instant falls on in the market's time zone. */
export function marketDate(instant: Date): string {
  return calendarDateIn(instant, MARKET_TIME_ZONE);
}

/** The first problem of a stay asked for on `today` (YYYY-MM-DD), in the order the form lists its fields. */
export function stayProblem(stay: Stay, today: string): StayProblem | undefined {
  // ISO dates compare as strings.
  if (stay.checkIn < today) return { kind: "check_in_past", field: "check_in" };
  if (stay.checkOut < today) return { kind: "check_out_past", field: "check_out" };
  if (stay.checkOut <= stay.checkIn) return { kind: "check_out_not_after_check_in", field: "check_out" };
  if (stay.adults < stay.rooms) return { kind: "adults_fewer_than_rooms", field: "adults" };
  return undefined;
}
