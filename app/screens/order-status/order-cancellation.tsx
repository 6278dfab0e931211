import { Form } from "@remix-run/react";
import { LocalizedLink } from "~/components/localized-link";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderView } from "~/order/order-view";

type OrderCancellationProps = {
  order: OrderView;
  /** The visitor proved to be the customer (the order's owner key); anyone else is told where the way in is. */
  owner: boolean;
  confirming: boolean;
};

/**
 * Cancelling the order until its deadline (SPEC §4), asked twice because it cannot be undone: the first step is a
 * plain link to this page in its confirming state (`?cancel=confirm`), the second a form that posts the cancellation.
 * Both steps say what the customer gets (a voucher, less the fees) and what a cancellation on the portal means; the
 * second says what that voucher will be worth, before the customer confirms.
 */
export function OrderCancellation({ order, owner, confirming }: OrderCancellationProps) {
  const { t } = useTranslation();
  if (!order.cancellableUntil || order.cancelled) return null;
  return (
    <section className="order-cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t("status.cancel.title")}</h2>
      <p>{t("status.cancel.explain", { date: order.cancellableUntil })}</p>
      <p className="field__hint">{t("status.cancel.portal")}</p>
      {!owner ? null : confirming ? (
        <div className="order-cancel__confirm" role="alert">
          <p>
            <strong>{t("status.cancel.question", { number: order.orderNumber })}</strong>
          </p>
          {order.cancellationValue ? (
            <p data-testid="cancel-voucher-value">
              {order.cancellationValue.nothing
                ? t("status.cancel.nothingBack")
                : t("status.cancel.voucherValue", { value: order.cancellationValue.amount })}
            </p>
          ) : null}
          <Form method="post" className="order-cancel__actions">
            <PendingButton
              intent="cancel"
              label={t("status.cancel.confirm")}
              pendingLabel={t("status.cancel.pending")}
            />
            <LocalizedLink to="orderStatus" params={{ id: order.orderId }} className="button" replace>
              {t("status.cancel.keep")}
            </LocalizedLink>
          </Form>
        </div>
      ) : (
        <LocalizedLink to="orderStatus" params={{ id: order.orderId }} search="cancel=confirm" className="button">
          {t("status.cancel.start")}
        </LocalizedLink>
      )}
    </section>
  );
}

/**
 * The voucher a cancellation gave back: its code is what the customer will type at the next order. The api gives the
 * code only to the customer; anyone else who opens the order learns that it went to the customer's e-mail.
 */
export function RefundVoucher({ voucher }: { voucher: NonNullable<OrderView["refundVoucher"]> }) {
  const { t } = useTranslation();
  const facts = { value: voucher.value, date: voucher.validTo };
  return (
    <section className="refund-voucher notice" aria-labelledby="refund-voucher-title">
      <h2 id="refund-voucher-title">{t("status.refundVoucher.title")}</h2>
      {voucher.code ? (
        <>
          <p className="refund-voucher__code" data-testid="refund-voucher-code">
            {voucher.code}
          </p>
          <p>{t("status.refundVoucher.text", facts)}</p>
        </>
      ) : (
        <p>{t("status.refundVoucher.codeByEmail", facts)}</p>
      )}
    </section>
  );
}

/**
 * Told to a visitor who opened the order by its address alone, when there is something only its customer may do:
 * the link in the customer's e-mails is the way in, on any device.
 */
export function OwnerOnlyNote({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const cancellable = Boolean(order.cancellableUntil) && !order.cancelled;
  const changeable = cancellable || order.payments.some((payment) => payment.alternatives.length > 0);
  if (!changeable) return null;
  return (
    <p className="notice owner-only" data-testid="owner-only">
      {t("status.ownerOnly", { email: order.orderedBy })}
    </p>
  );
}
