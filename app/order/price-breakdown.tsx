import { useTranslation } from "~/i18n/use-translation";
import { PaymentOutputLines } from "~/order-form/payment-output-lines";
import { chargeName } from "../../shared/i18n/charge-name";
import type { PaymentOutputView, PriceView } from "~/order/reservation-view";

type PriceBreakdownProps = {
  price: PriceView;
  /** What each payment method will be charged; left out where the payments are listed on their own. */
  outputs?: PaymentOutputView[];
  methodName: (methodId: string) => string;
  /** Set while a new price is on its way, so the old one is not read as final. */
  busy?: boolean;
};

/** Where the price comes from and where each part is paid (SPEC §3 price breakdown). */
export function PriceBreakdown({ price, outputs, methodName, busy = false }: PriceBreakdownProps) {
  const { t } = useTranslation();
  const rows: [string, string, string?][] = [[t("reservation.price.rooms"), price.base]];
  for (const charge of price.extraChargesOnline) {
    rows.push([t("reservation.price.extraOnline", { name: chargeName(t, charge) }), charge.amount]);
  }
  if (price.insurance) rows.push([t("reservation.price.insurance"), price.insurance]);
  if (price.discount) rows.push([t("reservation.price.discount"), `−${price.discount}`, "discount"]);
  if (price.serviceFee) rows.push([t("reservation.price.serviceFee"), price.serviceFee]);
  for (const charge of price.extraChargesOnSite) {
    rows.push([t("reservation.price.extraOnSite", { name: chargeName(t, charge) }), charge.amount]);
  }
  return (
    <div className="price-breakdown" aria-busy={busy || undefined}>
      <dl className="price-breakdown__lines">
        {rows.map(([label, amount, tone]) => (
          <div key={label} className={tone ? `price-line price-line--${tone}` : "price-line"}>
            <dt>{label}</dt>
            <dd>{amount}</dd>
          </div>
        ))}
        <div className="price-line price-line--total">
          <dt>{t("reservation.price.total")}</dt>
          <dd data-testid="price-total">{price.total}</dd>
        </div>
        {price.paysOnline ? (
          <div className="price-line">
            <dt>{t("reservation.price.payOnline")}</dt>
            <dd>{price.payOnline}</dd>
          </div>
        ) : null}
        {price.creditUsed ? (
          <div className="price-line price-line--sub">
            <dt>{t("reservation.price.credit")}</dt>
            <dd>{price.creditUsed}</dd>
          </div>
        ) : null}
        <PaymentOutputLines outputs={outputs ?? []} methodName={methodName} />
        {price.payOnSite ? (
          <div className="price-line">
            <dt>{t("reservation.price.payOnSite")}</dt>
            <dd>{price.payOnSite}</dd>
          </div>
        ) : null}
        {price.bonus ? (
          <div className="price-line price-line--sub">
            <dt>{t("reservation.price.bonus")}</dt>
            <dd>{price.bonus}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

