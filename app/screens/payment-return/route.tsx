import type { LoaderFunctionArgs } from "@remix-run/node";
import { PaymentOutcome } from "../../../gen/dzb/shop/v1/payment_pb";
import { outcomeNames, payAtGateway, statusRedirect } from "~/order/gateway-payment.server";
import { errorCodeOf } from "~/rpc-form-error.server";
import { notFound, requireUuid } from "~/screen.server";

/**
 * A payment gateway sends the visitor back here with its signed fields in the query. The api verifies and records
 * them (a replayed or late return changes nothing), and the visitor goes on: to the order's next payment due at a
 * gateway once this one is paid, else to the status page with the outcome. A refused return is the status page's
 * "cannot be processed" with the reason.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const attemptId = requireUuid(params.attemptId);
  const returned = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const { outcome, orderId: paidOrder } = await context.rpc.paymentReturn({ paymentId: attemptId, params: returned });
    if (paidOrder !== orderId) notFound();
    const told = outcomeNames[outcome as keyof typeof outcomeNames] ?? "unknown";
    if (outcome === PaymentOutcome.PARTIALLY_PAID) return payAtGateway(context, request, orderId, { after: told });
    return statusRedirect(context, orderId, { outcome: told });
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === undefined) throw error;
    return statusRedirect(context, orderId, { outcome: "cannot_be_processed", error: code });
  }
}
