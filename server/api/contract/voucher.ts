import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { VoucherState, type VoucherSchema } from "../../../gen/dzb/shop/v1/voucher_pb";
import { timestampOfDate } from "../../../shared/contract-dates";
import { moneyOf } from "../../../shared/money";
import type { RefundVoucher, StoredOrder } from "../../stores/orders";

/** The voucher an order's money went back as, new and whole, issued at `issuedAt`. */
export function toRefundVoucher(
  voucher: RefundVoucher,
  order: StoredOrder,
  issuedAt: Date
): MessageInitShape<typeof VoucherSchema> {
  const { currency } = order;
  return {
    voucherId: voucher.id,
    code: voucher.code,
    orderId: order.id,
    state: VoucherState.VALID,
    total: moneyOf(voucher.value, currency),
    used: moneyOf(0, currency),
    available: moneyOf(voucher.value, currency),
    validTo: timestampOfDate(voucher.validTo),
    issuedAt: timestampFromDate(issuedAt),
  };
}
