import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { isDatabaseUnavailable } from "../db/database-errors";
import { captureServerError } from "../monitoring/sentry.server";
import { apiError, toApiError } from "./contract/api-error";
import { callRecordKey, variantOf } from "./call-record";
import { fromUseCaseError } from "./contract/refusals";

/**
 * The outermost interceptor: whatever a handler or an inner interceptor throws leaves as a Connect error with one
 * ErrorDetail carrying the request id, and is noted on the call record for the call's log line. An internal error
 * (whatever is not a ConnectError a handler threw on purpose) is also reported to the error monitoring, if it runs.
 * A use case's refusal is said in the contract's words here, for every handler (contract/refusals.ts).
 * The database being away is no bug but `unavailable`, here for every handler: the caller may try again shortly, and
 * the next call gets a new connection; its reason goes to the log with the call, never to the caller.
 */
export const errorInterceptor: Interceptor = (next) => async (req) => {
  const record = req.contextValues.get(callRecordKey);
  if (!record) throw new Error("call record missing: the api middleware did not start one");
  // Connect calls the interceptors only with a decoded request; the outermost one is the first to know, and to read it.
  record.requestDecoded = true;
  record.variant = req.stream ? undefined : variantOf(req.message);
  try {
    return await next(req);
  } catch (thrown) {
    const databaseAway = isDatabaseUnavailable(thrown);
    const reason = databaseAway
      ? apiError(Code.Unavailable, ErrorCode.TEMPORARILY_UNAVAILABLE, "the database is unavailable; try again shortly")
      : fromUseCaseError(thrown);
    const { error, detail } = toApiError(reason, record.requestId);
    record.failure = {
      code: error.code,
      errorCode: detail.code,
      field: detail.field,
      cause: databaseAway ? thrown : reason instanceof ConnectError ? undefined : reason,
    };
    if (error.code === Code.Internal) {
      const procedure = `${req.service.typeName}/${req.method.name}`;
      captureServerError(reason, { procedure, requestId: record.requestId });
    }
    throw error;
  }
};
