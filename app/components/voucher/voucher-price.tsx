import { useTranslation } from "~/i18n/use-translation";
import type { VoucherPriceView } from "~/voucher/voucher-order-view";

/** A voucher purchase's price: the voucher's value, what is added to it, the fees, and the total paid. */
export function VoucherPrice({ price, busy = false }: { price: VoucherPriceView; busy?: boolean }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t("voucherOrder.price.value"), price.value],
    [t("voucherOrder.price.bonus"), price.bonus],
    [t("voucherOrder.price.extraService"), price.extraService],
    [t("voucherOrder.price.serviceFee"), price.serviceFee],
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
          <dt>{t("voucherOrder.price.total")}</dt>
          <dd data-testid="price-total">{price.total}</dd>
        </div>
      </dl>
    </div>
  );
}
