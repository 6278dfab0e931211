import type { MessageInitShape } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  VoucherFeeMode,
  VoucherState,
  type VoucherOrderPreviewSchema,
  type VoucherOrderSchema,
  type VoucherPriceBreakdownSchema,
  type VoucherSchema,
} from "../../../gen/dzb/shop/v1/voucher_pb";
import { timestampOfDate } from "../../../shared/contract-dates";
import { minorUnits, moneyOf } from "../../../shared/money";
import type { VoucherOrderPreviewRequest } from "../../../gen/dzb/shop/v1/shop_service_pb";
import type { VoucherAsk } from "../../orders/voucher-pricing";
import type { CurrencyCode } from "../../domain/products";
import {
  extraServicePrice,
  voucherPresets,
  voucherValueBounds,
  type PricedVoucherOrder,
  type VoucherFeeMode as DomainFeeMode,
  type VoucherOrderProblem,
  type VoucherPriceBreakdown,
} from "../../domain/voucher-order";
import { voucherState, type VoucherState as DomainVoucherState } from "../../domain/voucher-rules";
import type { RefundVoucher, StoredOrder } from "../../stores/orders";
import type { VoucherRow, VoucherSpendingRecord } from "../../stores/vouchers";
import type { ReadableVoucherOrder } from "../../orders/readable-order";
import { apiError } from "./api-error";
import { optionalTimestamp, orderStatuses, contractDocuments, toPayment, toPaymentCalculation } from "./order";
import { calculationError, paymentRequestOf } from "./payment-request";

/** Vouchers, voucher previews and voucher orders as the contract's messages. */

export const contractFeeModes: Record<DomainFeeMode, VoucherFeeMode> = {
  value_plus_fees: VoucherFeeMode.VALUE_PLUS_FEES,
  fees_included: VoucherFeeMode.FEES_INCLUDED,
};

/** The contract's fee mode in the domain's terms; unset reads as the value plus the fees. */
function feeModeOf(mode: VoucherFeeMode): DomainFeeMode {
  return mode === VoucherFeeMode.FEES_INCLUDED ? "fees_included" : "value_plus_fees";
}

/** What a voucher preview or order request asks to buy, in the domain's terms. */
export function voucherAskOf(
  request: Pick<VoucherOrderPreviewRequest, "voucherValue" | "paymentRequest" | "feeMode" | "extraService">
): VoucherAsk {
  return {
    feeMode: feeModeOf(request.feeMode),
    amount: minorUnits(request.voucherValue),
    extraService: request.extraService,
    paymentRequest: paymentRequestOf(request.paymentRequest),
  };
}

const voucherStates: Record<DomainVoucherState, VoucherState> = {
  valid: VoucherState.VALID,
  expires_soon: VoucherState.EXPIRES_SOON,
  used: VoucherState.USED,
  expired: VoucherState.EXPIRED,
  cancelled: VoucherState.CANCELLED,
};

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
    state: VoucherState.VALID,
    total: moneyOf(voucher.value, currency),
    used: moneyOf(0, currency),
    available: moneyOf(voucher.value, currency),
    validTo: timestampOfDate(voucher.validTo),
    issuedAt: timestampFromDate(issuedAt),
  };
}

/** A voucher as its check page shows it on `today`: what it held, what is left, and every order it paid. */
export function toVoucher(
  voucher: VoucherRow,
  spendings: readonly VoucherSpendingRecord[],
  today: string
): MessageInitShape<typeof VoucherSchema> {
  const currency = voucher.currency;
  return {
    voucherId: voucher.id,
    code: voucher.code,
    state: voucherStates[voucherState(voucher, today)],
    total: moneyOf(voucher.value, currency),
    used: moneyOf(voucher.value - voucher.balance, currency),
    available: moneyOf(voucher.balance, currency),
    validFrom: timestampOfDate(voucher.validFrom),
    validTo: timestampOfDate(voucher.validTo),
    spendings: spendings.map((spending) => ({
      orderNumber: spending.orderNumber,
      orderDate: timestampFromDate(spending.orderDate),
      orderTotal: moneyOf(spending.orderTotal, currency),
      voucherUsage: moneyOf(spending.amount, currency),
      ...(spending.releasedAt ? { releasedAt: timestampFromDate(spending.releasedAt) } : {}),
      ...(spending.returnedAt ? { returnedAt: timestampFromDate(spending.returnedAt) } : {}),
    })),
    issuedAt: timestampFromDate(voucher.createdAt),
    design: voucher.design ?? "",
  };
}

function toVoucherPrice(
  price: VoucherPriceBreakdown,
  currency: CurrencyCode
): MessageInitShape<typeof VoucherPriceBreakdownSchema> {
  return {
    base: moneyOf(price.base, currency),
    bonus: moneyOf(price.bonus, currency),
    serviceFee: moneyOf(price.serviceFee, currency),
    total: moneyOf(price.total, currency),
    extraService: moneyOf(price.extraService, currency),
  };
}

/** A priced purchase with what the form offers: presets, bounds and the extra service's price. */
export function toVoucherOrderPreview(
  order: PricedVoucherOrder,
  currency: CurrencyCode
): MessageInitShape<typeof VoucherOrderPreviewSchema> {
  const bounds = voucherValueBounds();
  return {
    voucherValue: moneyOf(order.voucherValue, currency),
    paymentCalculation: toPaymentCalculation(order.calculation, currency),
    price: toVoucherPrice(order.price, currency),
    feeMode: contractFeeModes[order.feeMode],
    extraServicePrice: moneyOf(extraServicePrice(currency) ?? 0, currency),
    presets: voucherPresets().map((value) => moneyOf(value, currency)),
    minValue: moneyOf(bounds.min, currency),
    maxValue: moneyOf(bounds.max, currency),
  };
}

/** A voucher order as its status page shows it (orders/readable-order.ts), with its voucher once issued. */
export function toVoucherOrder(
  readable: ReadableVoucherOrder,
  voucher: { row: VoucherRow; spendings: readonly VoucherSpendingRecord[] } | undefined,
  today: string
): MessageInitShape<typeof VoucherOrderSchema> {
  const { order } = readable;
  const { currency, summary } = order;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderedBy: order.email,
    purchasedAsGift: order.presentFor !== null,
    total: moneyOf(order.total, currency),
    voucherValue: moneyOf(summary.voucherValue, currency),
    status: orderStatuses[order.status],
    vouchers: voucher ? [toVoucher(voucher.row, voucher.spendings, today)] : [],
    payments: readable.payments.map((payment) => toPayment(payment, order)),
    feeMode: contractFeeModes[summary.feeMode],
    design: summary.design,
    extraService: summary.extraService,
    price: toVoucherPrice(summary.price, currency),
    createdAt: timestampFromDate(order.createdAt),
    ...optionalTimestamp("payBy", readable.payBy),
    documents: contractDocuments(readable.documents),
  };
}

/** Why a voucher cannot be bought as asked, with the request field that says so. */
export function voucherOrderError(problem: VoucherOrderProblem, currency: CurrencyCode) {
  switch (problem.kind) {
    case "not_sold":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_UNSUPPORTED,
        "this shop sells no vouchers",
        "product_variant.product"
      );
    case "value_out_of_bounds":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_VALUE_OUT_OF_RANGE,
        `the voucher's value must be whole units from ${problem.min / 100} to ${problem.max / 100} ${currency}`,
        "voucher_value"
      );
    case "fees_exceed_value":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_FEES_EXCEED_VALUE,
        "the fees would take the whole amount",
        "voucher_value"
      );
    case "extra_service_unavailable":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.INVALID_ARGUMENT,
        "the extra service is not offered here",
        "extra_service"
      );
    case "calculation":
      return calculationError(problem.problem, currency);
  }
}
