/**
 * Money in the domain is an integer of minor units (haléře, grosze): sums and splits must come out exact, and floats
 * cannot promise that. The contract carries Money as units and nanos; these functions convert at the edge and take
 * shares with integer arithmetic only, so every rounding happens once, in one place, half up.
 */

/** CZK and PLN both have 100 minor units to the unit; the contract's Money counts nanos (1e-9 of a unit). */
export const MINOR_PER_UNIT = 100;
export const NANOS_PER_MINOR = 10_000_000;

const NANOS_PER_UNIT = 1_000_000_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function safeNumber(value: bigint, what: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) throw new RangeError(`${what} ${value} is not a safe integer`);
  return Number(value);
}

/** Contract Money (units, nanos with the same sign) to minor units; fractions of a minor unit are dropped (trunc). Throws RangeError if result is not a safe integer. */
export function minorOfUnitsNanos(units: bigint, nanos: number): number {
  if (!Number.isSafeInteger(nanos)) throw new RangeError(`nanos ${nanos} is not an integer`);
  // BigInt division truncates toward zero, so a negative amount loses its fraction the same way a positive one does.
  return safeNumber((units * NANOS_PER_UNIT + BigInt(nanos)) / BigInt(NANOS_PER_MINOR), "minor units");
}

/** Minor units to units and nanos with the same sign. Throws RangeError for a non-safe-integer. */
export function unitsNanosOfMinor(minor: number): { units: bigint; nanos: number } {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units ${minor} is not a safe integer`);
  // `%` keeps the dividend's sign, which is the contract's rule; `+ 0` turns a -0 into 0.
  return { units: BigInt(Math.trunc(minor / MINOR_PER_UNIT)), nanos: (minor % MINOR_PER_UNIT) * NANOS_PER_MINOR + 0 };
}

/** `basisPoints`/10000 of an amount (1 bp = 0.01 %), rounded half up to a whole minor unit; integer arithmetic only. amount >= 0, bp >= 0. */
export function shareOf(minor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`amount ${minor} is not a safe integer >= 0`);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points ${basisPoints} is not a safe integer >= 0`);
  }
  // Both are non-negative, so BigInt's truncating division is the floor, and adding half the divisor rounds half up.
  return safeNumber((BigInt(minor) * BigInt(basisPoints) + 5_000n) / 10_000n, "share");
}

/** Whole percent (0..100, may have up to 2 decimals e.g. 6.9) to basis points, exact (Math.round(p*100)). */
export function basisPointsOfPercent(percent: number): number {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`percent ${percent} is not between 0 and 100`);
  // 6.9 * 100 is 690.0000000000001 in floating point; rounding gives back the 690 that was meant.
  return Math.round(percent * 100);
}
