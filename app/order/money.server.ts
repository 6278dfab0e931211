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

/** Minor units as the contract's Money in the market currency. */
export function moneyOf(minor: number, currency: string): MessageInitShape<typeof MoneySchema> {
  return { currencyCode: currency, ...unitsNanosOfMinor(minor) };
}
