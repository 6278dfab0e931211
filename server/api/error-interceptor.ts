import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { captureServerError } from "../monitoring/sentry.server";
import { toApiError } from "./contract/api-error";
import { callRecordKey } from "./call-record";

/**
 * The outermost interceptor: whatever a handler or an inner interceptor throws leaves as a Connect error with one
 * ErrorDetail carrying the request id, and is noted on the call record for the failure log line. An internal error
 * (whatever is not a ConnectError a handler threw on purpose) is also reported to the error monitoring, if it runs.
 */
export const errorInterceptor: Interceptor = (next) => async (req) => {
  const record = req.contextValues.get(callRecordKey);
  if (!record) throw new Error("call record missing: the api middleware did not start one");
  // Connect calls the interceptors only with a decoded request; the outermost one is the first to know.
  record.requestDecoded = true;
  try {
    return await next(req);
  } catch (reason) {
    const { error, detail } = toApiError(reason, record.requestId);
    record.failure = {
      code: error.code,
      errorCode: detail.code,
      field: detail.field,
      cause: reason instanceof ConnectError ? undefined : reason,
    };
    if (error.code === Code.Internal) {
      const procedure = `${req.service.typeName}/${req.method.name}`;
      captureServerError(reason, { procedure, requestId: record.requestId });
    }
    throw error;
  }
};
