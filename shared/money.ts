import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Money, MoneySchema } from "../gen/dzb/shop/v1/common_pb";

/**
 * Money as both tiers count it: an integer of minor units (haléře, grosze), since sums and splits must come out
 * exact and floats cannot promise that. The contract carries Money as units and nanos; the web and the api convert
 * at their edge with these functions, so a price reads the same on both sides of the wire.
 */

/** CZK and PLN both have 100 minor units to the unit; the contract's Money counts nanos (1e-9 of a unit). */
export const MINOR_PER_UNIT = 100;
export const NANOS_PER_MINOR = 10_000_000;

const NANOS_PER_UNIT = 1_000_000_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Units and nanos as minor units, fractions of a minor unit dropped (trunc); undefined when that is no safe integer
 * (or nanos are none).
 */
function safeMinor(units: bigint, nanos: number): number | undefined {
  if (!Number.isSafeInteger(nanos)) return undefined;
  // BigInt division truncates toward zero, so a negative amount loses its fraction the same way a positive one does.
  const minor = (units * NANOS_PER_UNIT + BigInt(nanos)) / BigInt(NANOS_PER_MINOR);
  return minor <= MAX_SAFE && minor >= -MAX_SAFE ? Number(minor) : undefined;
}

/** Whether an amount can be counted in minor units at all: the api refuses any other before a handler reads it. */
export function fitsMinorUnits(units: bigint, nanos: number): boolean {
  return safeMinor(units, nanos) !== undefined;
}

/** Contract Money (units, nanos with the same sign) to minor units; fractions of a minor unit are dropped (trunc). Throws RangeError if result is not a safe integer. */
export function minorOfUnitsNanos(units: bigint, nanos: number): number {
  const minor = safeMinor(units, nanos);
  if (minor === undefined) throw new RangeError(`${units} units and ${nanos} nanos are no safe integer of minor units`);
  return minor;
}

/** Minor units to units and nanos with the same sign. Throws RangeError for a non-safe-integer. */
export function unitsNanosOfMinor(minor: number): { units: bigint; nanos: number } {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units ${minor} is not a safe integer`);
  // `%` keeps the dividend's sign, which is the contract's rule; `+ 0` turns a -0 into 0.
  return { units: BigInt(Math.trunc(minor / MINOR_PER_UNIT)), nanos: (minor % MINOR_PER_UNIT) * NANOS_PER_MINOR + 0 };
}

/**
 * The contract's Money as minor units; absent is nothing. The api's request limits have checked a request's
 * currency, sign and size (fitsMinorUnits) before any handler reads it.
 */
export function minorUnits(money: Money | undefined): number {
  return money ? minorOfUnitsNanos(money.units, money.nanos) : 0;
}

/** Minor units as the contract's Money in the market currency. */
export function moneyOf(minor: number, currency: string): MessageInitShape<typeof MoneySchema> {
  return { currencyCode: currency, ...unitsNanosOfMinor(minor) };
}
