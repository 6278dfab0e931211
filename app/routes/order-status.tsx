import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocalizedLink } from "~/components/localized-link";
import { ChosenRooms } from "~/components/order/chosen-rooms";
import { OrderCancellation, RefundVoucher } from "~/components/order/order-cancellation";
import { HotelSummary } from "~/components/order/hotel-summary";
import { OrderPayments } from "~/components/order/order-payments";
import { OrderProgress } from "~/components/order/order-progress";
import { PaymentOutcomeNotice } from "~/components/order/payment-outcome-notice";
import { PriceBreakdown } from "~/components/order/price-breakdown";
import { StaySummary } from "~/components/order/stay-summary";
import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";
import { viewFormats } from "~/order/view-formats.server";
import { outcomeNames, payAtGateway } from "~/order/gateway-payment.server";
import { cancelOrder, statusPageErrors } from "~/order/order-cancel.server";
import { changePayment } from "~/order/payment-change.server";
import { methodNamer } from "~/order/payment-method-name";
import { loadHotelOrder, orderView } from "~/order/order-view.server";
import { localizedPath } from "../../shared/route-table";
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
  const order = orderView(await loadHotelOrder(context, orderId), viewFormats(context));
  const query = new URL(request.url).searchParams;
  const outcome = Object.values(outcomeNames).find((name) => name === query.get("outcome")) ?? null;
  const error = statusPageErrors.find((code) => code === query.get("error")) ?? null;
  const confirmingCancel = query.get("cancel") === "confirm";
  return screenData(
    context,
    "orderStatus",
    { order, told: { outcome, error }, confirmingCancel },
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
  const { t } = useTranslation();
  const { title, order, told, confirmingCancel } = useLoaderData<typeof loader>();
  const { site, locale } = useShop();
  const methodName = methodNamer(
    t,
    order.payments.flatMap((payment) => [payment.method, ...payment.alternatives])
  );
  return (
    <div className="order-step order-status">
      <h1>{title}</h1>
      <section className="order-confirmation" aria-labelledby="confirmation-title">
        <h2 id="confirmation-title">
          {t(order.cancelled ? "status.cancelledHeadline" : "status.confirmation", { number: order.orderNumber })}
        </h2>
        <p>{t("status.sentTo", { email: order.orderedBy })}</p>
        {order.createdAt ? <p className="field__hint">{t("status.createdAt", { date: order.createdAt })}</p> : null}
      </section>
      {order.replacedBy ? (
        <p className="notice notice--warning" data-testid="replaced-by">
          {t("status.replacedBy.text", { number: order.replacedBy.orderNumber })}{" "}
          <LocalizedLink to="orderStatus" params={{ id: order.replacedBy.orderId }}>
            {t("status.replacedBy.link", { number: order.replacedBy.orderNumber })}
          </LocalizedLink>
        </p>
      ) : null}
      <PaymentOutcomeNotice outcome={told.outcome} error={told.error} />
      {order.refundVoucher ? <RefundVoucher voucher={order.refundVoucher} /> : null}
      <OrderProgress order={order} />
      {order.bookingStatus === "ERROR" ? (
        <p className="notice notice--warning" role="alert">
          {t("errors.ORDER_BOOKING_FAILED", { email: site.support.email })}
        </p>
      ) : null}
      <div className="reservation">
        <div className="order-status__main">
          <OrderPayments order={order} methodName={methodName} />
          <ChosenRooms rooms={order.rooms} total={order.price.base} />
          {order.noteForHotel ? (
            <section className="order-note" aria-labelledby="note-title">
              <h2 id="note-title">{t("reservation.guests.noteForHotel")}</h2>
              <p>{order.noteForHotel}</p>
            </section>
          ) : null}
          {order.documents.length > 0 ? (
            <section className="order-documents" aria-labelledby="documents-title">
              <h2 id="documents-title">{t("status.documents.title")}</h2>
              <ul>
                {order.documents.map((document) => (
                  <li key={document}>
                    <a
                      href={localizedPath("orderDocument", locale, site.defaultLocale, {
                        id: order.orderId,
                        document,
                      })}
                      target="_blank"
                      rel="noopener"
                    >
                      {t(`status.documents.${document}`)}{" "}
                      <span className="visually-hidden">{t("footer.opensInNewTab")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <OrderCancellation order={order} confirming={confirmingCancel} />
        </div>
        <aside className="reservation__summary" aria-labelledby="price-title">
          <h2 id="price-title">{t("reservation.price.title")}</h2>
          <PriceBreakdown price={order.price} methodName={methodName} />
        </aside>
      </div>
      <div className="accommodation__overview">
        <HotelSummary hotel={order.hotel} />
        <StaySummary stay={order.stay} changeable={false} childrenAges={order.childrenAges} />
      </div>
    </div>
  );
}
