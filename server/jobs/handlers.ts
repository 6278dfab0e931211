import * as z from "zod";
import {
  checkAttemptStatus,
  paymentJobKinds,
  refundAttempt,
  type GatewayPaymentDeps,
} from "../payments/gateway-payments";
import type { JobHandlers } from "./worker";

const attemptPayload = z.object({ attemptId: z.uuid() });

/**
 * The job kinds the worker runs, by name, each with what it needs from the outside. A payload is read back from
 * JSON, so each handler validates it first.
 */
export function createJobHandlers(deps: GatewayPaymentDeps): JobHandlers {
  return {
    [paymentJobKinds.status]: async (payload) => checkAttemptStatus(deps, attemptPayload.parse(payload).attemptId),
    [paymentJobKinds.refund]: async (payload) => refundAttempt(deps, attemptPayload.parse(payload).attemptId),
  };
}
