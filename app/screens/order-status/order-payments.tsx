import { Form } from "@remix-run/react";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import type { PaymentView } from "~/order/order-view";
import { useShop } from "~/shop-data";

type OrderPaymentsProps = {
  payments: PaymentView[];
  /** What a stay with nothing to pay online costs at the hotel, said instead of an empty list. */
  payOnSite?: string | null;
  /** A stay paid by transfer is booked once the money is in: said under the payments. */
  bookOnlyAfterPayment?: boolean;
  /** The visitor proved to be the customer (the order's owner key): a failed part may move to another method. */
  changeable?: boolean;
  methodName: (methodId: string) => string;
};

/** Each payment of the order: method, amount and state; what is still to pay, and how (SPEC §2, §3, §4). */
export function OrderPayments({
  payments,
  payOnSite,
  bookOnlyAfterPayment = false,
  changeable = false,
  methodName,
}: OrderPaymentsProps) {
  const { t } = useTranslation();
  if (payments.length === 0) {
    // Nothing is paid online: a stay paid at the hotel says where and how much (an order a coupon covers, nothing).
    if (!payOnSite) return null;
    return (
      <section className="order-payments" aria-labelledby="payments-title">
        <h2 id="payments-title">{t("status.payments.title")}</h2>
        <p className="notice" data-testid="nothing-online">
          {t("status.payments.nothingOnline", { amount: payOnSite })}
        </p>
      </section>
    );
  }
  return (
    <section className="order-payments" aria-labelledby="payments-title">
      <h2 id="payments-title">{t("status.payments.title")}</h2>
      <ul className="order-payments__list">
        {payments.map((payment) => (
          <li key={payment.paymentId} className="order-payment" data-method={payment.method.methodId}>
            <div className="chosen-room__line">
              <span>
                <strong>{methodName(payment.method.methodId)}</strong>
                {payment.refundVoucherCode ? (
                  <span className="payment-state">
                    {t("status.paymentStatus.intoVoucher", { code: payment.refundVoucherCode })}
                  </span>
                ) : payment.status ? (
                  <span className={`payment-state payment-state--${payment.status.toLowerCase()}`}>
                    {t(`status.paymentStatus.${payment.status}`)}
                  </span>
                ) : null}
              </span>
              <span className="chosen-room__price">{payment.amount}</span>
            </div>
            {payment.payBy ? (
              <p className="field__hint" data-testid="pay-by">
                {t("status.payments.payBy", { date: payment.payBy })}
              </p>
            ) : null}
            {payment.payableAtGateway ? (
              <Form method="post" className="order-payment__pay">
                <input type="hidden" name="paymentId" value={payment.paymentId} />
                <PendingButton
                  intent="pay"
                  label={t(payment.status === "WAITING" ? "status.payments.pay" : "status.payments.payAgain", {
                    method: methodName(payment.method.methodId),
                  })}
                  pendingLabel={t("status.payments.opening")}
                />
              </Form>
            ) : null}
            {changeable && payment.alternatives.length > 0 ? (
              <PaymentChange payment={payment} methodName={methodName} />
            ) : null}
            {payment.transfer && payment.status === "WAITING" ? <TransferDetails payment={payment} /> : null}
          </li>
        ))}
      </ul>
      {bookOnlyAfterPayment ? <p className="notice">{t("reservation.price.bookAfterTransfer")}</p> : null}
    </section>
  );
}

/**
 * After a declined or cancelled try: the part may be paid with another method the order allows. The status page then
 * shows its new amount (the method's service fee) with its pay button, before anything is paid.
 */
function PaymentChange({ payment, methodName }: { payment: PaymentView; methodName: (methodId: string) => string }) {
  const { t } = useTranslation();
  const id = `payment-change-${payment.paymentId}`;
  return (
    <Form method="post" className="order-payment__change">
      <input type="hidden" name="paymentId" value={payment.paymentId} />
      <div className="field">
        <label htmlFor={id}>{t("status.payments.changeLabel")}</label>
        <select id={id} name="methodId" aria-describedby={`${id}-hint`}>
          {payment.alternatives.map((method) => (
            <option key={method.methodId} value={method.methodId}>
              {methodName(method.methodId)}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field__hint">
          {t("status.payments.changeHint")}
        </p>
      </div>
      <PendingButton
        intent="change"
        label={t("status.payments.change")}
        pendingLabel={t("status.payments.changing")}
        primary={false}
      />
    </Form>
  );
}

/** What a banking app needs, typed or scanned: account, IBAN, variable symbol, amount, and the QR code of all four. */
function TransferDetails({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const { site } = useShop();
  const transfer = payment.transfer!;
  return (
    <div className="transfer">
      <h3>{t("status.transfer.title")}</h3>
      <dl className="transfer__facts">
        <div>
          <dt>{t("status.transfer.account")}</dt>
          <dd data-testid="transfer-account">{transfer.bankAccount}</dd>
        </div>
        <div>
          <dt>{t("status.transfer.iban")}</dt>
          <dd data-testid="transfer-iban">{transfer.iban}</dd>
        </div>
        <div>
          <dt>{t(`status.transfer.variableSymbol.${site.currency}`)}</dt>
          <dd data-testid="transfer-variable-symbol">{transfer.variableSymbol}</dd>
        </div>
        <div>
          <dt>{t("status.transfer.amount")}</dt>
          <dd data-testid="transfer-amount">{transfer.amount}</dd>
        </div>
      </dl>
      {payment.qrCode ? (
        <figure className="transfer__qr">
          <img
            src={payment.qrCode}
            alt={t("status.transfer.qrAlt", { amount: transfer.amount })}
            width={200}
            height={200}
          />
          <figcaption>{t("status.transfer.qrCaption")}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
