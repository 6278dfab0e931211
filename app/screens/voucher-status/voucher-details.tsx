import { useTranslation } from "~/i18n/use-translation";
import type { VoucherView } from "~/screens/voucher-status/voucher-view";

/**
 * A voucher as its check shows it (SPEC §3): its code and state, what is left of what it was worth, when it was
 * issued and how long it pays, and each order it paid.
 */
export function VoucherDetails({ voucher }: { voucher: VoucherView }) {
  const { t } = useTranslation();
  return (
    <section className="voucher-details" aria-labelledby="voucher-title" data-testid="voucher-details">
      <h2 id="voucher-title">
        {t("voucherCheck.voucher")} <span className="voucher-details__code">{voucher.code}</span>
      </h2>
      {voucher.state ? (
        <p className={`voucher-state voucher-state--${voucher.state.toLowerCase().replace(/_/g, "-")}`}>
          {t(`voucherCheck.states.${voucher.state}`)}
        </p>
      ) : null}
      <dl className="voucher-details__facts">
        <dt>{t("voucherCheck.available")}</dt>
        <dd className="voucher-details__available">{voucher.available}</dd>
        <dt>{t("voucherCheck.original")}</dt>
        <dd>{voucher.original}</dd>
        <dt>{t("voucherCheck.issuedOn")}</dt>
        <dd>{voucher.issuedOn}</dd>
        <dt>{t("voucherCheck.validity")}</dt>
        <dd>{t("voucherCheck.validityRange", { from: voucher.validFrom, to: voucher.validTo })}</dd>
      </dl>
      <h3>{t("voucherCheck.history.title")}</h3>
      {voucher.spendings.length === 0 ? (
        <p>{t("voucherCheck.history.none")}</p>
      ) : (
        <table className="voucher-history">
          <thead>
            <tr>
              <th scope="col">{t("voucherCheck.history.order")}</th>
              <th scope="col">{t("voucherCheck.history.date")}</th>
              <th scope="col">{t("voucherCheck.history.orderTotal")}</th>
              <th scope="col">{t("voucherCheck.history.usage")}</th>
            </tr>
          </thead>
          <tbody>
            {voucher.spendings.map((spending) => (
              <tr key={spending.orderNumber}>
                <td>{spending.orderNumber}</td>
                <td>{spending.orderDate}</td>
                <td>{spending.orderTotal}</td>
                <td>
                  {spending.usage}
                  {spending.returned ? (
                    <span className="voucher-history__returned" data-testid="spending-returned">
                      {t(`voucherCheck.history.returned.${spending.returned.how}`, { date: spending.returned.on })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
