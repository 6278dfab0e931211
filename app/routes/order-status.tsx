import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HotelOrderStatus } from "~/components/order/hotel-order-status";
import { VoucherOrderStatus } from "~/components/voucher/voucher-order-status";
import { viewFormats } from "~/order/view-formats.server";
import { outcomeNames, payAtGateway } from "~/order/gateway-payment.server";
import { cancelOrder, statusPageErrors } from "~/order/order-cancel.server";
import { changePayment } from "~/order/payment-change.server";
import { loadOrder, orderView } from "~/order/order-view.server";
import { voucherOrderView } from "~/voucher/voucher-order-view.server";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, orderCacheControl, requireUuid, screenData } from "~/screen.server";
import { readForm } from "~/form-body.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * The order as it stands now: its payments change as money arrives, so nothing keeps a copy (no-store). After a
 * gateway, the query says what to tell the visitor (only the outcomes and refusals this page knows are read);
 * `cancel=confirm` is the cancellation's second step.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const order = await loadOrder(context, orderId);
  const formats = viewFormats(context);
  const query = new URL(request.url).searchParams;
  const outcome = Object.values(outcomeNames).find((name) => name === query.get("outcome")) ?? null;
  const error = statusPageErrors.find((code) => code === query.get("error")) ?? null;
  const confirmingCancel = query.get("cancel") === "confirm";
  return screenData(
    context,
    "orderStatus",
    order.case === "hotelOrder"
      ? { kind: "hotel" as const, order: orderView(order.value, formats), told: { outcome, error }, confirmingCancel }
      : { kind: "voucher" as const, order: voucherOrderView(order.value, formats), told: { outcome, error } },
    { cacheControl: orderCacheControl }
  );
}

/**
 * "Pay now" (or "Try again") for one card or benefit payment, a new try at its gateway; moving a failed payment to
 * another method; or the cancellation.
 */
export async function action({ context, params, request }: ActionFunctionArgs) {
  const orderId = requireUuid(params.id);
  const form = await readForm(request);
  if (form.get("intent") === "cancel") return cancelOrder(context, orderId);
  if (form.get("intent") === "change") return changePayment(context, orderId, form);
  const paymentId = requireUuid(String(form.get("paymentId") ?? ""));
  return payAtGateway(context, request, orderId, { paymentId });
}

export default function OrderStatusScreen() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "hotel" ? <HotelOrderStatus {...data} /> : <VoucherOrderStatus {...data} />;
}
