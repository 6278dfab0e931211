import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { ProviderError, type ProviderErrorKind } from "../../adapters/provider/hotel-provider";
import { apiError } from "./api-error";

/** Each provider failure as the visitor's sentence (SPEC §8) and the Connect code that says what kind it is. */
const answers: Record<ProviderErrorKind, { code: Code; errorCode: ErrorCode; message: string }> = {
  property_not_found: {
    code: Code.NotFound,
    errorCode: ErrorCode.PROPERTY_NOT_FOUND,
    message: "the link names no property the provider knows",
  },
  hotel_not_found: { code: Code.NotFound, errorCode: ErrorCode.HOTEL_NOT_FOUND, message: "hotel not found" },
  hotel_unavailable: {
    code: Code.FailedPrecondition,
    errorCode: ErrorCode.HOTEL_UNAVAILABLE,
    message: "the hotel cannot be booked",
  },
  nothing_available: {
    code: Code.NotFound,
    errorCode: ErrorCode.NOTHING_AVAILABLE_IN_TERM,
    message: "nothing available in the chosen term",
  },
  date_not_bookable: {
    code: Code.FailedPrecondition,
    errorCode: ErrorCode.NO_ACCOMMODATION_FOR_DATE,
    message: "no accommodation for the date",
  },
  // Final: asking the provider again gets the same refusal, so the customer is told to contact the shop.
  booking_refused: {
    code: Code.FailedPrecondition,
    errorCode: ErrorCode.ORDER_BOOKING_FAILED,
    message: "the hotel provider refused the booking",
  },
  // The SPEC's wording for an exceeded deadline, so the visitor is told to try again.
  timeout: {
    code: Code.DeadlineExceeded,
    errorCode: ErrorCode.AVAILABILITY_CHECK_FAILED,
    message: "the operation timed out",
  },
  failed: {
    code: Code.Unavailable,
    errorCode: ErrorCode.AVAILABILITY_CHECK_FAILED,
    message: "the hotel provider failed",
  },
};

/**
 * The provider's rate limit, or an outage that outlasted the adapter's tries: it passes, so the visitor is asked to
 * try again in a minute rather than told the check failed (decision 052).
 */
const busy = {
  code: Code.Unavailable,
  errorCode: ErrorCode.TEMPORARILY_UNAVAILABLE,
  message: "the hotel provider is busy; try again in a moment",
};

const isBusy = ({ kind, httpStatus = 0 }: ProviderError) =>
  kind === "failed" && (httpStatus === 429 || httpStatus >= 500);

/** A provider's failure as the api's error; anything else is passed on untouched (a bug ends as internal). */
export function fromProviderError(reason: unknown, field = ""): unknown {
  if (!(reason instanceof ProviderError)) return reason;
  const { code, errorCode, message } = isBusy(reason) ? busy : answers[reason.kind];
  const error: ConnectError = apiError(code, errorCode, message, field);
  // Keeps the provider's own words for the log; the visitor never sees them.
  error.cause = reason;
  return error;
}
