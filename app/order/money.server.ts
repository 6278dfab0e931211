import type { Money } from "../../gen/dzb/shop/v1/common_pb";

/** CZK and PLN both have 100 minor units (haléře, grosze) to the unit; a nano is a billionth of a unit. */
const MINOR_PER_UNIT = 100n;
const NANOS_PER_MINOR = 10_000_000;

/**
 * An amount as an integer of minor units, the form every sum is made in: floats would drift by a haléř.
 * Fractions of a minor unit do not occur in a price and are dropped.
 */
export function minorUnits(money: Money | undefined): number {
  if (!money) return 0;
  return Number(money.units * MINOR_PER_UNIT + BigInt(Math.trunc(money.nanos / NANOS_PER_MINOR)));
}

/** Formats minor units in the visitor's locale; whole amounts without decimals, as prices are usually shown. */
export function moneyFormatter(localeTag: string, currency: string): (minor: number) => string {
  const whole = new Intl.NumberFormat(localeTag, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const exact = new Intl.NumberFormat(localeTag, { style: "currency", currency, minimumFractionDigits: 2 });
  // The one division, for display only.
  return (minor) => (minor % 100 === 0 ? whole : exact).format(minor / 100);
}
