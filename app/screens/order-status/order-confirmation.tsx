import { useTranslation } from "~/i18n/use-translation";

type ConfirmedOrder = { orderNumber: string; orderedBy: string; createdAt: string | null; cancelled: boolean };

/** The status page's first words of any order: its number, that it was sent (or is cancelled), and to whom. */
export function OrderConfirmation({ order }: { order: ConfirmedOrder }) {
  const { t } = useTranslation();
  return (
    <section className="order-confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title">
        {t(order.cancelled ? "status.cancelledHeadline" : "status.confirmation", { number: order.orderNumber })}
      </h2>
      <p>{t("status.sentTo", { email: order.orderedBy })}</p>
      {order.createdAt ? <p className="field__hint">{t("status.createdAt", { date: order.createdAt })}</p> : null}
    </section>
  );
}
