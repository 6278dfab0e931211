import { timestampDate } from "@bufbuild/protobuf/wkt";
import { VoucherState, type Voucher } from "../../../gen/dzb/shop/v1/voucher_pb";
import { calendarDateIn } from "../../../shared/calendar-date";
import { dateOfTimestamp } from "../../../shared/contract-dates";
import { minorUnits } from "../../../shared/money";
import { contractName } from "~/contract-name";
import type { Formats } from "~/view-formats.server";
import type { VoucherView } from "~/screens/voucher-status/voucher-view";

/** The voucher as the check page shows it, in the visitor's formats. */
export function voucherView(voucher: Voucher, formats: Formats): VoucherView {
  const calendarDate = (date: string) => (date ? formats.date(date) : "");
  // An instant (the issue, an order) is told as the day it was on the market's clock.
  const dayOf = (instant: Voucher["issuedAt"]) =>
    instant ? formats.date(calendarDateIn(timestampDate(instant), formats.timeZone)) : "";
  return {
    code: voucher.code,
    state: contractName(VoucherState, voucher.state),
    issuedOn: dayOf(voucher.issuedAt),
    validFrom: calendarDate(dateOfTimestamp(voucher.validFrom)),
    validTo: calendarDate(dateOfTimestamp(voucher.validTo)),
    original: formats.money(minorUnits(voucher.total)),
    used: formats.money(minorUnits(voucher.used)),
    available: formats.money(minorUnits(voucher.available)),
    spendings: voucher.spendings.map((spending) => ({
      orderNumber: spending.orderNumber,
      orderDate: dayOf(spending.orderDate),
      orderTotal: formats.money(minorUnits(spending.orderTotal)),
      usage: formats.money(minorUnits(spending.voucherUsage)),
      returned: spending.releasedAt
        ? { how: "ontoThisVoucher" as const, on: dayOf(spending.releasedAt) }
        : spending.returnedAt
        ? { how: "asNewVoucher" as const, on: dayOf(spending.returnedAt) }
        : null,
    })),
  };
}
