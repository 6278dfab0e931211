import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HotelOrderStatus } from "~/screens/order-status/hotel-order-status";
import { VoucherOrderStatus } from "~/screens/order-status/voucher-order-status";
import { viewFormats } from "~/view-formats.server";
import { outcomeNamed, payAtGateway } from "~/order/gateway-payment.server";
import { cancelOrder, statusPageErrors } from "~/screens/order-status/order-cancel.server";
import { changePayment } from "~/screens/order-status/payment-change.server";
import { loadOrder, orderView } from "~/order/order-view.server";
import { voucherOrderView } from "~/order/voucher-order-view.server";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, orderCacheControl, requireUuid, screenData } from "~/screen.server";
import { readForm } from "~/form-body.server";
import { keepLinkedOwnerKey, ownerKeyOf } from "~/order/owner-keys.server";
import { ownerKeyQuery } from "../../../shared/route-table";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * The order as it stands now: its payments change as money arrives, so nothing keeps a copy (no-store). After a
 * gateway, the query says what to tell the visitor (only the outcomes and refusals this page knows are read);
 * `cancel=confirm` is the cancellation's second step. The link in the customer's e-mails carries the order's owner
 * key, which this browser then keeps (decision 041): only with it does the page offer to cancel or move a payment.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const query = new URL(request.url).searchParams;
  const linkedKey = query.get(ownerKeyQuery);
  if (linkedKey !== null) return keepLinkedOwnerKey(context, request, orderId, linkedKey);
  const { order, owner } = await loadOrder(context, orderId, await ownerKeyOf(context, request, orderId));
  const formats = viewFormats(context);
  const outcome = outcomeNamed(query.get("outcome")) ?? null;
  const error = statusPageErrors.find((code) => code === query.get("error")) ?? null;
  const confirmingCancel = query.get("cancel") === "confirm";
  return screenData(
    context,
    "orderStatus",
    order.case === "hotelOrder"
      ? {
          kind: "hotel" as const,
          order: orderView(order.value, formats),
          owner,
          told: { outcome, error },
          confirmingCancel,
        }
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
  const intent = form.get("intent");
  if (intent === "cancel" || intent === "change") {
    // Only the order's customer may change it: the api checks the owner key this browser keeps.
    const owned = { orderId, ownerKey: await ownerKeyOf(context, request, orderId) };
    return intent === "cancel" ? cancelOrder(context, owned) : changePayment(context, owned, form);
  }
  const paymentId = requireUuid(String(form.get("paymentId") ?? ""));
  return payAtGateway(context, request, orderId, { paymentId });
}

export default function OrderStatusScreen() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "hotel" ? <HotelOrderStatus {...data} /> : <VoucherOrderStatus {...data} />;
}
