import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { VoucherPriceView } from "~/order/voucher-order-view";

type VoucherPriceProps = {
  price: VoucherPriceView;
  /** Set while a new price is on its way, so the old one is not read as final. */
  busy?: boolean;
  /** Lines after the total, such as what each payment method is charged. */
  children?: ReactNode;
};

/**
 * A voucher purchase's price (VoucherPriceBreakdown): the voucher's value, the promotion's bonus while it runs, the
 * extra service, the service fee, and the total paid. A line that costs nothing is left out.
 */
export function VoucherPrice({ price, busy = false, children }: VoucherPriceProps) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t("voucherPurchase.price.voucherValue"), price.voucherValue],
    [t("voucherPurchase.price.bonus"), price.bonus],
    [t("voucherPurchase.price.extraService"), price.extraService],
    [t("voucherPurchase.price.serviceFee"), price.serviceFee],
  ];
  return (
    <div className="price-breakdown" aria-busy={busy || undefined}>
      <dl className="price-breakdown__lines">
        {rows.map(([label, amount]) =>
          amount === null ? null : (
            <div key={label} className="price-line">
              <dt>{label}</dt>
              <dd>{amount}</dd>
            </div>
          )
        )}
        <div className="price-line price-line--total">
          <dt>{t("voucherPurchase.price.total")}</dt>
          <dd data-testid="price-total">{price.total}</dd>
        </div>
        {children}
      </dl>
    </div>
  );
}
