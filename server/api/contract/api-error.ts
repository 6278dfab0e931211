import { Code, ConnectError } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Money, MoneySchema } from "../../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../../gen/dzb/shop/v1/errors_pb";

/**
 * An error for the visitor: the Connect code says what kind of failure it is, the ErrorDetail says which
 * catalogue sentence the web shows and next to which request field.
 */
export function apiError(
  code: Code,
  errorCode: ErrorCode,
  message: string,
  field = "",
  facts: { excess?: MessageInitShape<typeof MoneySchema>; retryAfterSeconds?: number } = {}
): ConnectError {
  const value = { code: errorCode, field, ...facts };
  return new ConnectError(message, code, undefined, [{ desc: ErrorDetailSchema, value }]);
}

/** The catalogue entry for errors raised without one, e.g. by the Connect runtime itself. */
const fallbackErrorCodes: Partial<Record<Code, ErrorCode>> = {
  [Code.InvalidArgument]: ErrorCode.INVALID_ARGUMENT,
  [Code.Unimplemented]: ErrorCode.NOT_IMPLEMENTED,
  [Code.Internal]: ErrorCode.INTERNAL,
};

/** What an ErrorDetail says, as plain values. */
export type ApiErrorDetail = {
  readonly code: ErrorCode;
  readonly field: string;
  readonly requestId: string;
  /** How much an over-payment exceeds what is left to pay. */
  readonly excess?: Money;
  /** How long a client that used up a budget waits before trying again. */
  readonly retryAfterSeconds?: number;
};

/**
 * Whatever a handler threw, as the error the client gets: a ConnectError with exactly one ErrorDetail that
 * carries the request id. Anything that is not a ConnectError is a bug; the client learns only "internal error",
 * the original stays in `cause` for the log.
 */
export function toApiError(reason: unknown, requestId: string): { error: ConnectError; detail: ApiErrorDetail } {
  if (!(reason instanceof ConnectError)) {
    const detail = { code: ErrorCode.INTERNAL, field: "", requestId };
    const internal = new ConnectError("internal error", Code.Internal, undefined, undefined, reason);
    return { error: withDetail(internal, detail), detail };
  }
  const [found] = reason.findDetails(ErrorDetailSchema);
  const detail = {
    code: found?.code ?? fallbackErrorCodes[reason.code] ?? ErrorCode.UNKNOWN,
    field: found?.field ?? "",
    requestId,
    ...(found?.excess ? { excess: found.excess } : {}),
    ...(found?.retryAfterSeconds ? { retryAfterSeconds: found.retryAfterSeconds } : {}),
  };
  return { error: withDetail(reason, detail), detail };
}

function withDetail(error: ConnectError, detail: ApiErrorDetail): ConnectError {
  return new ConnectError(
    error.rawMessage,
    error.code,
    error.metadata,
    [{ desc: ErrorDetailSchema, value: detail }],
    error.cause
  );
}
