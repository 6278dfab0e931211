/**
 * The card issuer's promotion (SPEC §9): whoever pays by card gets 10 % of the amount in free credits, counted on at
 * most 22000 units of the currency, until the end of 2024. The credits are earned, not taken off the price.
 */

import { isCalendarDate } from "../../shared/calendar-date";
import { MINOR_PER_UNIT } from "../../shared/money";
import { basisPointsOfPercent, shareOf } from "./money";
import { methodIds } from "./payment-methods";

export const CARD_PROMOTION_LAST_DAY = "2024-12-31";

const PROMOTION_PERCENT = 10;
/** 22000 CZK or PLN: the same number in both markets, so the bonus tops out at 2200. */
const PROMOTION_BASE_CAP = 22_000 * MINOR_PER_UNIT;

export interface PromotionBonus {
  readonly bonus: number;
  /** whole percent 0..100 */
  readonly bonusPercent: number;
}

const none: PromotionBonus = { bonus: 0, bonusPercent: 0 };

/** The promotion's free credits for `charged` minor units paid by `methodId` on `today`; {0,0} when not applicable. */
export function cardPromotionBonus(methodId: string, charged: number, today: string): PromotionBonus {
  // A malformed date would compare as a string anyway and silently grant or deny the bonus; better to fail loudly.
  if (!isCalendarDate(today)) throw new RangeError(`today "${today}" is not a YYYY-MM-DD date`);
  // ISO dates compare as strings; the last day still counts.
  if (methodId !== methodIds.paymentCard || today > CARD_PROMOTION_LAST_DAY || charged <= 0) return none;
  const base = Math.min(charged, PROMOTION_BASE_CAP);
  return { bonus: shareOf(base, basisPointsOfPercent(PROMOTION_PERCENT)), bonusPercent: PROMOTION_PERCENT };
}
