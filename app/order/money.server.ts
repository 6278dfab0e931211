import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Money, MoneySchema } from "../../gen/dzb/shop/v1/common_pb";
import { minorOfUnitsNanos, unitsNanosOfMinor } from "../../server/domain/money";

/**
 * An amount as an integer of minor units, the form every sum is made in: floats would drift by a haléř.
 * Fractions of a minor unit do not occur in a price and are dropped.
 */
export function minorUnits(money: Money | undefined): number {
  return money ? minorOfUnitsNanos(money.units, money.nanos) : 0;
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

/** Minor units as the contract's Money in the market currency. */
export function moneyOf(minor: number, currency: string): MessageInitShape<typeof MoneySchema> {
  return { currencyCode: currency, ...unitsNanosOfMinor(minor) };
}
