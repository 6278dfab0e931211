import { LocalizedLink } from "~/components/localized-link";
import { OrderConfirmation } from "~/screens/order-status/order-confirmation";
import { OrderDocuments } from "~/screens/order-status/order-documents";
import { OrderPayments } from "~/screens/order-status/order-payments";
import { PaymentOutcomeNotice, type PaymentOutcomeTold } from "~/screens/order-status/payment-outcome-notice";
import { VoucherPrice } from "~/order/voucher-price";
import { useTranslation } from "~/i18n/use-translation";
import { paymentsMethodNamer } from "~/order/payment-method-name";
import type { IssuedVoucherView, VoucherOrderView } from "~/order/voucher-order-view";

type VoucherOrderStatusProps = { title: string; order: VoucherOrderView; told: PaymentOutcomeTold };

/**
 * The status page of a voucher purchase: its payments until it is paid in full, then the voucher it issued, with the
 * way to print it and to check it later.
 */
export function VoucherOrderStatus({ title, order, told }: VoucherOrderStatusProps) {
  const { t } = useTranslation();
  const methodName = paymentsMethodNamer(t, order.payments);
  return (
    <div className="order-step order-status">
      <h1>{title}</h1>
      <OrderConfirmation order={order} />
      <PaymentOutcomeNotice outcome={told.outcome} error={told.error} />
      {order.vouchers.map((voucher) => (
        <IssuedVoucher key={voucher.code} voucher={voucher} gift={order.purchasedAsGift} />
      ))}
      {order.paid && order.vouchers.length === 0 ? (
        <p className="notice" role="status" data-testid="voucher-being-issued">
          {t("voucherOrder.beingIssued", { email: order.orderedBy })}
        </p>
      ) : null}
      {order.status ? (
        <p data-testid="order-status">
          {t("status.orderStatus.label")}: <strong>{t(`status.orderStatus.${order.status}`)}</strong>
        </p>
      ) : null}
      <div className="reservation">
        <div className="order-status__main">
          <OrderDocuments orderId={order.orderId} documents={order.documents} />
          <OrderPayments payments={order.payments} methodName={methodName} />
        </div>
        <aside className="reservation__summary" aria-labelledby="price-title">
          <h2 id="price-title">{t("voucherPurchase.price.title")}</h2>
          <VoucherPrice price={order.price} />
        </aside>
      </div>
    </div>
  );
}

function IssuedVoucher({ voucher, gift }: { voucher: IssuedVoucherView; gift: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="refund-voucher notice" aria-labelledby={`voucher-${voucher.code}`}>
      <h2 id={`voucher-${voucher.code}`}>{t(gift ? "voucherOrder.issued.giftTitle" : "voucherOrder.issued.title")}</h2>
      <p className="refund-voucher__code" data-testid="issued-voucher-code">
        {voucher.code}
      </p>
      <p>{t("voucherOrder.issued.text", { value: voucher.value, date: voucher.validTo })}</p>
      <p>
        <LocalizedLink to="voucherStatus" params={{ id: voucher.code }}>
          {t("voucherOrder.issued.check")}
        </LocalizedLink>
      </p>
    </section>
  );
}
