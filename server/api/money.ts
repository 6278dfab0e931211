import type { MessageInitShape } from "@bufbuild/protobuf";
import type { MoneySchema } from "../../gen/dzb/shop/v1/common_pb";
import type { CurrencyCode } from "../domain/products";

/** Both market currencies have 100 minor units to the unit. */
const MINOR_PER_UNIT = 100;
const NANOS_PER_MINOR = 10_000_000;

/** An integer of minor units as the contract's Money: units and nanos carry the same sign. */
export function toMoney(minor: number, currency: CurrencyCode): MessageInitShape<typeof MoneySchema> {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units, got ${minor}`);
  const units = Math.trunc(minor / MINOR_PER_UNIT);
  return { currencyCode: currency, units: BigInt(units), nanos: (minor - units * MINOR_PER_UNIT) * NANOS_PER_MINOR };
}
