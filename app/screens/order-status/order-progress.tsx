import { useTranslation } from "~/i18n/use-translation";
import type { OrderView } from "~/order/order-view";
import { StayCalendarLink } from "~/screens/order-status/stay-calendar-link";

/**
 * SPEC §4: the reservation as worded to users, sent → awaiting payment → paid → confirmed (sent → confirmed when
 * nothing is paid online), with the step it stands at; a cancelled order says so instead. The booking with the hotel
 * is named as far as it is known, and once the hotel holds the room the stay is offered for the customer's calendar.
 */
export function OrderProgress({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  return (
    <section className="order-progress" aria-labelledby="progress-title">
      <h2 id="progress-title">{t("status.progress.title")}</h2>
      {order.cancelled ? (
        <p className="notice notice--warning">{order.status ? t(`status.orderStatus.${order.status}`) : null}</p>
      ) : (
        <ol className="progress">
          {order.steps.map((step, index) => {
            const state = index < order.stepsDone ? "done" : index === order.stepsDone ? "current" : "upcoming";
            return (
              <li
                key={step}
                className={`progress__step progress__step--${state}`}
                aria-current={state === "current" ? "step" : undefined}
              >
                <span className="progress__label">{t(`status.progress.${step}`)}</span>
                <span className="visually-hidden"> ({t(`status.progress.state.${state}`)})</span>
              </li>
            );
          })}
        </ol>
      )}
      <dl className="stay-summary__facts">
        {order.status ? (
          <div>
            <dt>{t("status.orderStatus.label")}</dt>
            <dd data-testid="order-status">{t(`status.orderStatus.${order.status}`)}</dd>
          </div>
        ) : null}
        {order.bookingStatus ? (
          <div>
            <dt>{t("status.bookingStatus.label")}</dt>
            <dd data-testid="booking-status">{t(`status.bookingStatus.${order.bookingStatus}`)}</dd>
          </div>
        ) : null}
        {order.bookingReference ? (
          <div>
            <dt>{t("status.bookingReference")}</dt>
            <dd data-testid="booking-reference">{order.bookingReference}</dd>
          </div>
        ) : null}
      </dl>
      {order.stayCalendar ? <StayCalendarLink orderId={order.orderId} /> : null}
    </section>
  );
}
