import { useTranslation } from "~/i18n/use-translation";
import type { PaymentOutputView } from "~/order/reservation-view";

/**
 * What each payment method will be charged, its service fee named: lines of a price breakdown's list.
 * A module of its own: the voucher purchase shows them too, and need not load the stay's breakdown for them.
 */
export function PaymentOutputLines({
  outputs,
  methodName,
}: {
  outputs: PaymentOutputView[];
  methodName: (methodId: string) => string;
}) {
  const { t } = useTranslation();
  return outputs.map((output) => (
    <div key={output.methodId} className="price-line price-line--sub" data-method={output.methodId}>
      <dt>
        {methodName(output.methodId)}
        {output.fee ? (
          <span className="price-line__note">{t("reservation.price.feeIncluded", { fee: output.fee })}</span>
        ) : null}
      </dt>
      <dd>{output.charged}</dd>
    </div>
  ));
}
