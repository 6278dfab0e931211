import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Money, MoneySchema } from "../../../gen/dzb/shop/v1/common_pb";
import { minorOfUnitsNanos, unitsNanosOfMinor } from "../../domain/money";
import type { CurrencyCode } from "../../domain/products";

/** An integer of minor units as the contract's Money. */
export function toMoney(minor: number, currency: CurrencyCode): MessageInitShape<typeof MoneySchema> {
  return { currencyCode: currency, ...unitsNanosOfMinor(minor) };
}

/** The contract's Money as minor units; the request limits have already checked its currency and sign. */
export function fromMoney(money: Money | undefined): number {
  return money ? minorOfUnitsNanos(money.units, money.nanos) : 0;
}
