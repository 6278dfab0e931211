/**
 * VAT contained in a gross price. The shop's prices include VAT, so the tax is worked out from the gross amount
 * ("shora", §37 of the Czech VAT Act; art. 106e(7) of the Polish one): VAT = gross × rate / (100 % + rate).
 * Integers only: the rate is in basis points (1200 = 12 %), the division rounds half up to the minor unit, and the
 * base is what is left, so base + VAT is the gross amount exactly, whatever the rounding did.
 */

export interface VatSplit {
  readonly base: number;
  readonly vat: number;
  readonly gross: number;
}

/** The VAT in a gross amount (minor units, >= 0) at a rate in basis points (>= 0), rounded half up. */
export function vatOfGross(gross: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`gross ${gross} is not a safe integer >= 0`);
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`VAT rate ${rateBasisPoints} is not a whole number of basis points >= 0`);
  }
  const divisor = 10_000n + BigInt(rateBasisPoints);
  // round(g·r/d) half up = floor((2·g·r + d) / (2·d)); both are non-negative, so BigInt's division is the floor.
  return Number((2n * BigInt(gross) * BigInt(rateBasisPoints) + divisor) / (2n * divisor));
}

/** A gross amount split into tax base and VAT. */
export function splitGross(gross: number, rateBasisPoints: number): VatSplit {
  const vat = vatOfGross(gross, rateBasisPoints);
  return { base: gross - vat, vat, gross };
}
