import { Code } from "@connectrpc/connect";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PaymentRequest, PaymentRequestSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import type { ChoiceProblem } from "../../domain/hotel-order";
import type { CalculationProblem, CalculationProblemKind } from "../../domain/payment-calculation";
import type { CurrencyCode } from "../../domain/products";
import type { StoredPaymentRequest } from "../../stores/previews";
import { apiError } from "./api-error";
import { minorUnits, moneyOf } from "../../../shared/money";

/** The contract's payment request in the domain's terms. */
export function paymentRequestOf(request: PaymentRequest | undefined): StoredPaymentRequest {
  return {
    voucherCodes: [...(request?.voucherCodes ?? [])],
    lastPayment: request?.lastPayment ?? "",
    payments: (request?.payments ?? []).map((part) => ({ methodId: part.methodId, value: minorUnits(part.value) })),
  };
}

/** A payment request in the contract's terms, its amounts as Money of the currency. */
export function toPaymentRequest(
  request: StoredPaymentRequest,
  currency: CurrencyCode
): MessageInitShape<typeof PaymentRequestSchema> {
  return {
    voucherCodes: [...request.voucherCodes],
    lastPayment: request.lastPayment,
    payments: request.payments.map((part) => ({ methodId: part.methodId, value: moneyOf(part.value, currency) })),
  };
}

export const calculationErrors: Record<CalculationProblemKind, ErrorCode> = {
  payment_exceeds_total: ErrorCode.PAYMENT_VALUE_INVALID,
  last_payment_missing: ErrorCode.PAYMENT_METHOD_ID_MISSING,
  method_unavailable: ErrorCode.PAYMENT_METHOD_UNAVAILABLE,
  method_repeated: ErrorCode.PAYMENT_VALUE_INVALID,
  coupon_not_for_payment_type: ErrorCode.COUPON_NOT_FOR_PAYMENT_TYPE,
};

export function calculationError(problem: CalculationProblem, currency: CurrencyCode) {
  return apiError(
    Code.InvalidArgument,
    calculationErrors[problem.kind],
    problem.kind.replaceAll("_", " "),
    `payment_request.${problem.field}`,
    problem.excess === undefined ? {} : { excess: moneyOf(problem.excess, currency) }
  );
}

const choiceErrors: Record<ChoiceProblem["kind"], ErrorCode> = {
  unknown_product: ErrorCode.ROOM_NOT_SELECTABLE,
  not_selectable: ErrorCode.ROOM_NOT_SELECTABLE,
  too_many_rooms: ErrorCode.ROOM_NOT_SELECTABLE,
  not_payable_online: ErrorCode.ROOM_NOT_PAYABLE_ONLINE,
  zero_adults: ErrorCode.PREVIEW_ZERO_ADULTS,
  adults_fewer_than_products: ErrorCode.PREVIEW_ADULTS_FEWER_THAN_PRODUCTS,
  children_ages_mismatch: ErrorCode.PREVIEW_CHILDREN_AGES_MISMATCH,
  occupancy_exceeded: ErrorCode.PREVIEW_OCCUPANCY_EXCEEDED,
};

export function choiceError(problem: ChoiceProblem) {
  const field = "index" in problem ? `specification.product_ids[${problem.index}]` : "specification.product_ids";
  return apiError(Code.InvalidArgument, choiceErrors[problem.kind], problem.kind.replaceAll("_", " "), field);
}
