import { LocalizedLink } from "~/components/localized-link";
import { ChosenRooms } from "~/order/chosen-rooms";
import { HotelSummary } from "~/order/hotel-summary";
import { OrderCancellation, OwnerOnlyNote, RefundVoucher } from "~/screens/order-status/order-cancellation";
import { OrderConfirmation } from "~/screens/order-status/order-confirmation";
import { OrderDocuments } from "~/screens/order-status/order-documents";
import { OrderPayments } from "~/screens/order-status/order-payments";
import { OrderProgress } from "~/screens/order-status/order-progress";
import { PaymentOutcomeNotice, type PaymentOutcomeTold } from "~/screens/order-status/payment-outcome-notice";
import { PriceBreakdown } from "~/order/price-breakdown";
import { StaySummary } from "~/order/stay-summary";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderView } from "~/order/order-view";
import { paymentsMethodNamer } from "~/order/payment-method-name";
import { useShop } from "~/shop-data";

type HotelOrderStatusProps = {
  title: string;
  order: OrderView;
  /** The visitor proved to be the customer (the order's owner key): they may cancel it and move payments. */
  owner: boolean;
  told: PaymentOutcomeTold;
  /** `cancel=confirm`: the cancellation's second step. */
  confirmingCancel: boolean;
};

/** The status page of a hotel order: where the reservation stands, its payments, rooms, documents and cancellation. */
export function HotelOrderStatus({ title, order, owner, told, confirmingCancel }: HotelOrderStatusProps) {
  const { t } = useTranslation();
  const { site } = useShop();
  const methodName = paymentsMethodNamer(t, order.payments);
  return (
    <div className="order-step order-status">
      <h1>{title}</h1>
      <OrderConfirmation order={order} />
      {order.replacedBy ? (
        <p className="notice notice--warning" data-testid="replaced-by">
          {t("status.replacedBy.text", { number: order.replacedBy.orderNumber })}{" "}
          <LocalizedLink to="orderStatus" params={{ id: order.replacedBy.orderId }}>
            {t("status.replacedBy.link", { number: order.replacedBy.orderNumber })}
          </LocalizedLink>
        </p>
      ) : null}
      <PaymentOutcomeNotice outcome={told.outcome} error={told.error} />
      {owner ? null : <OwnerOnlyNote order={order} />}
      {order.refundVoucher ? <RefundVoucher voucher={order.refundVoucher} /> : null}
      <OrderProgress order={order} />
      {order.bookingStatus === "ERROR" ? (
        <p className="notice notice--warning" role="alert">
          {t("errors.ORDER_BOOKING_FAILED", { email: site.support.email })}
        </p>
      ) : null}
      <div className="reservation">
        <div className="order-status__main">
          <OrderPayments
            payments={order.payments}
            payOnSite={order.price.payOnSite}
            bookOnlyAfterPayment={order.bookOnlyAfterPayment}
            changeable={owner}
            methodName={methodName}
          />
          <ChosenRooms rooms={order.rooms} total={order.price.base} />
          {order.noteForHotel ? (
            <section className="order-note" aria-labelledby="note-title">
              <h2 id="note-title">{t("reservation.guests.noteForHotel")}</h2>
              <p>{order.noteForHotel}</p>
            </section>
          ) : null}
          <OrderDocuments orderId={order.orderId} documents={order.documents} />
          <OrderCancellation order={order} owner={owner} confirming={confirmingCancel} />
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
