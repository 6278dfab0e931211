/**
 * Money in the domain is an integer of minor units (haléře, grosze), as shared/money.ts reads it from the contract:
 * sums and splits must come out exact, and floats cannot promise that. Shares are taken with integer arithmetic
 * only, so every rounding happens once, in one place, half up.
 */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A share, never negative, as a number: one beyond a safe integer would lose its last digits. */
function safeShare(value: bigint): number {
  if (value > MAX_SAFE) throw new RangeError(`share ${value} is not a safe integer`);
  return Number(value);
}

/** `basisPoints`/10000 of an amount (1 bp = 0.01 %), rounded half up to a whole minor unit; integer arithmetic only. amount >= 0, bp >= 0. */
export function shareOf(minor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`amount ${minor} is not a safe integer >= 0`);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points ${basisPoints} is not a safe integer >= 0`);
  }
  // Both are non-negative, so BigInt's truncating division is the floor, and adding half the divisor rounds half up.
  return safeShare((BigInt(minor) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/** Whole percent (0..100, may have up to 2 decimals e.g. 6.9) to basis points, exact (Math.round(p*100)). */
export function basisPointsOfPercent(percent: number): number {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`percent ${percent} is not between 0 and 100`);
  // 6.9 * 100 is 690.0000000000001 in floating point; rounding gives back the 690 that was meant.
  return Math.round(percent * 100);
}
