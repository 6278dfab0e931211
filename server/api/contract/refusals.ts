import { Code, type ConnectError } from "@connectrpc/connect";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type GatewayReturnProblem,
} from "../../adapters/gateways/payment-gateway";
import type { CancelRefusal } from "../../domain/order-lifecycle";
import type { StayProblem } from "../../domain/stay";
import type { AutomaticCancelReason, OrderRefusal } from "../../orders/order-creation";
import type { PaymentChangeRefusal } from "../../orders/payment-change";
import { Refused, type Refusal, type UnknownThing } from "../../orders/refusals";
import { apiError } from "./api-error";
import { calculationError, calculationErrors, choiceError } from "./payment-request";
import { fromProviderError } from "./provider-errors";
import { voucherOrderError } from "./voucher";

/** Use cases' refusals in the contract's words: the Connect code, the catalogue entry, the request field. */

const unknownThings: Record<UnknownThing, { errorCode: ErrorCode; message: string; field: string }> = {
  availability: { errorCode: ErrorCode.PAGE_NOT_FOUND, message: "no availability with this id", field: "availability_id" },
  preview: { errorCode: ErrorCode.PAGE_NOT_FOUND, message: "no preview with this id", field: "preview_id" },
  voucher_preview: {
    errorCode: ErrorCode.PAGE_NOT_FOUND,
    message: "no voucher preview with this id",
    field: "preview_id",
  },
  order: { errorCode: ErrorCode.ORDER_NOT_FOUND, message: "no order with this id", field: "order_id" },
  hotel_order: { errorCode: ErrorCode.ORDER_NOT_FOUND, message: "no hotel order with this id", field: "order_id" },
  voucher_order: { errorCode: ErrorCode.ORDER_NOT_FOUND, message: "no voucher order with this id", field: "order_id" },
  payment_attempt: {
    errorCode: ErrorCode.PAGE_NOT_FOUND,
    message: "no payment attempt with this id",
    field: "payment_id",
  },
  voucher: { errorCode: ErrorCode.VOUCHER_NOT_FOUND, message: "no voucher with this code", field: "voucher_code" },
};

const stayErrors: Record<StayProblem["kind"], ErrorCode> = {
  check_in_past: ErrorCode.INPUT_CHECK_IN_PAST,
  check_out_past: ErrorCode.INPUT_CHECK_OUT_PAST,
  check_out_not_after_check_in: ErrorCode.INPUT_CHECKOUT_BEFORE_CHECK_IN,
  adults_fewer_than_rooms: ErrorCode.INPUT_ADULTS_INVALID,
};

/** Why the shop cancelled an order on its own, as a retry of the same preview is told again. */
const cancelReasons: Record<AutomaticCancelReason, ErrorCode> = {
  accommodation_unavailable: ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE,
  price_increased: ErrorCode.ORDER_PRICE_INCREASED,
};

const previewFirst = {
  hotel: "the order asks for another payment or insurance than its preview was priced with; preview it first",
  voucher: "the order asks for another voucher or payment than its preview was priced with; preview it first",
};

function calculationChanged() {
  return apiError(
    Code.FailedPrecondition,
    ErrorCode.PAYMENT_CALCULATION_CHANGED,
    "the payment calculation differs from the preview's",
    "payment_request"
  );
}

function orderRefusalError(refusal: OrderRefusal, currency: Parameters<typeof calculationError>[1]) {
  switch (refusal.kind) {
    case "not_payable":
      return calculationError(refusal.problem, currency);
    case "calculation_changed":
      return refusal.difference === "voucher_balance"
        ? apiError(
            Code.FailedPrecondition,
            ErrorCode.VOUCHER_BALANCE_CHANGED,
            "a voucher has less credit than the preview counted on",
            "payment_request.voucher_codes"
          )
        : calculationChanged();
    case "cancelled":
      return apiError(
        Code.FailedPrecondition,
        cancelReasons[refusal.reason],
        refusal.reason.replaceAll("_", " "),
        "preview_id"
      );
  }
}

export function refusalError(refusal: Refusal): ConnectError {
  switch (refusal.kind) {
    case "unknown": {
      const { errorCode, message, field } = unknownThings[refusal.what];
      return apiError(Code.NotFound, errorCode, message, field);
    }
    case "stay":
      return apiError(
        Code.InvalidArgument,
        stayErrors[refusal.problem.kind],
        refusal.problem.kind.replaceAll("_", " "),
        `hotel_request.${refusal.problem.field}`
      );
    case "choice":
      return choiceError(refusal.problem);
    case "calculation":
      return calculationError(refusal.problem, refusal.currency);
    case "voucher_order":
      return voucherOrderError(refusal.problem, refusal.currency);
    case "voucher_pays_voucher":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_UNSUPPORTED,
        "a voucher cannot pay for a voucher",
        "payment_request.voucher_codes"
      );
    case "not_as_previewed":
      return apiError(
        Code.FailedPrecondition,
        ErrorCode.PAYMENT_CALCULATION_CHANGED,
        previewFirst[refusal.order],
        "payment_request"
      );
    case "already_ordered":
      return apiError(
        Code.AlreadyExists,
        ErrorCode.ORDER_ALREADY_SENT,
        "the preview was ordered with other customer details; that order's link is in its customer's e-mail",
        "preview_id"
      );
    case "hotel_order_refused":
      return orderRefusalError(refusal.refusal, refusal.currency);
    case "voucher_order_refused":
      return refusal.refusal.kind === "not_priceable"
        ? voucherOrderError(refusal.refusal.problem, refusal.currency)
        : calculationChanged();
    case "cancel_refused": {
      const { code, message } = cancelRefusals[refusal.reason];
      return apiError(Code.FailedPrecondition, code, message, "order_id");
    }
    case "payment_change_refused":
      return paymentChangeError(refusal.refusal);
    case "owner_key_invalid":
      return apiError(
        Code.PermissionDenied,
        ErrorCode.ORDER_OWNER_KEY_INVALID,
        "changing an order takes its owner key, from the customer's browser or e-mail",
        "owner_key"
      );
    case "voucher_codes_exhausted":
      return apiError(
        Code.ResourceExhausted,
        ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED,
        "too many wrong voucher codes from this client lately",
        refusal.asked === "payment" ? "payment_request.voucher_codes" : "voucher_code",
        { retryAfterSeconds: refusal.retryAfterSeconds }
      );
    case "return_url_invalid":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.PAYMENT_RETURN_URL_INVALID,
        "must be an absolute http(s) URL on one of the shop's own hosts",
        "return_url"
      );
    case "document_unavailable":
      return apiError(
        Code.NotFound,
        ErrorCode.ORDER_DOCUMENT_UNAVAILABLE,
        `the order has no ${refusal.document} now`,
        "type"
      );
    case "voucher_not_checkable":
      return refusal.reason === "coupon"
        ? apiError(
            Code.FailedPrecondition,
            ErrorCode.VOUCHER_UNSUPPORTED_TYPE,
            "a discount code, not a value voucher",
            "voucher_code"
          )
        : apiError(Code.FailedPrecondition, ErrorCode.VOUCHER_UNSUPPORTED, "a voucher of another shop", "voucher_code");
  }
}

/** Each refusal with the catalogue's sentence: past the deadline, or the booking is being made (try again). */
const cancelRefusals: Record<CancelRefusal, { code: ErrorCode; message: string }> = {
  final: { code: ErrorCode.ORDER_INVALID_BOOKING_STATUS, message: "the order is already cancelled or over" },
  deadline_passed: {
    code: ErrorCode.ROOM_NOT_CANCELLABLE_IN_DEADLINE,
    message: "the cancellation deadline has passed, or the room was never free to cancel",
  },
  booking_in_progress: {
    code: ErrorCode.ORDER_INVALID_BOOKING_STATUS,
    message: "the room is being booked right now; try again in a moment",
  },
};

function paymentChangeError(refusal: PaymentChangeRefusal) {
  switch (refusal.kind) {
    case "unknown_payment":
      return apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "the order has no such payment", "payment_id");
    case "not_switchable":
      return apiError(
        Code.FailedPrecondition,
        ErrorCode.PAYMENT_METHOD_UNAVAILABLE,
        "only an unpaid payment of a live order whose tries at its gateway all failed can move",
        "payment_id"
      );
    case "calculation":
      return apiError(
        Code.InvalidArgument,
        calculationErrors[refusal.problem.kind],
        refusal.problem.kind.replaceAll("_", " "),
        refusal.problem.field
      );
  }
}

/** Each refused return is one sentence of the SPEC's card-gateway or cafeteria-provider callback groups. */
const gatewayReturnProblems: Record<GatewayReturnProblem, ErrorCode> = {
  invalid_signature: ErrorCode.CARD_CALLBACK_INVALID_SIGNATURE,
  currency_missing: ErrorCode.CAFETERIA_CALLBACK_CURRENCY_MISSING,
  order_number_missing: ErrorCode.CAFETERIA_CALLBACK_ORDER_NUMBER_MISSING,
  amount_invalid: ErrorCode.CAFETERIA_CALLBACK_AMOUNT_INVALID,
  verification_failed: ErrorCode.CAFETERIA_CALLBACK_VERIFICATION_FAILED,
  status_invalid: ErrorCode.CAFETERIA_CALLBACK_STATUS_INVALID,
};

/**
 * What a use case or an adapter refused, as the api's error; anything else is passed on untouched (a bug ends as
 * internal). The error interceptor applies it to every call, so a handler only decodes, calls and encodes.
 */
export function fromUseCaseError(reason: unknown): unknown {
  if (reason instanceof Refused) return refusalError(reason.refusal);
  if (reason instanceof GatewayReturnError) {
    return apiError(Code.InvalidArgument, gatewayReturnProblems[reason.problem], reason.message, "params");
  }
  if (reason instanceof GatewayUnavailableError) {
    return apiError(Code.Unavailable, ErrorCode.PAYMENT_GATEWAY_UNAVAILABLE, reason.message, "payment_id");
  }
  return fromProviderError(reason);
}
