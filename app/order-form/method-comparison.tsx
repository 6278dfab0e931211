import type { MouseEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { PAY_WITH } from "~/order-form/payment-form";
import { showSplit } from "~/order-form/show-split";
import type { MethodQuoteView } from "~/order/reservation-view";

/** The method chosen pays the rest, and no other method an amount. */
const showChoice = ({ currentTarget }: MouseEvent<HTMLButtonElement>) => showSplit(currentTarget.form, currentTarget.value);

/**
 * The ways to pay side by side (issue 33): what the order costs paid by each method alone, cheapest first, as the api
 * priced them. Each row's button is a submit button of the order form, so choosing a row works without JavaScript: the
 * action reads it as "this method pays everything" and prices the order again.
 */
export function MethodComparison({
  quotes,
  methodName,
}: {
  quotes: readonly MethodQuoteView[];
  methodName: (methodId: string) => string;
}) {
  const { t } = useTranslation();
  if (quotes.length < 2) return null;
  const showsValue = quotes.some((quote) => quote.voucherValue !== null);
  return (
    // No heading: the split's legend heads it, and the voucher purchase has no level-2 heading for one to follow.
    <section className="method-comparison" aria-labelledby="method-comparison-title">
      <p id="method-comparison-title" className="method-comparison__title">
        {t("reservation.compare.title")}
      </p>
      <p className="field__hint">{t("reservation.compare.hint")}</p>
      <table aria-labelledby="method-comparison-title">
        <thead>
          <tr>
            <th scope="col">{t("reservation.compare.method")}</th>
            <th scope="col">{t(showsValue ? "reservation.compare.voucherValue" : "reservation.compare.total")}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => {
            const name = methodName(quote.methodId);
            return (
              <tr
                key={quote.methodId}
                data-method={quote.methodId}
                className={quote.chosen ? "method-comparison__chosen" : undefined}
              >
                <th scope="row">
                  {name}
                  {/* Under the name rather than in a column of its own: three columns fit a phone's width. */}
                  <span className="method-comparison__detail">
                    {quote.fee ? t("reservation.compare.fee", { fee: quote.fee }) : t("reservation.compare.noFee")}
                  </span>
                  {quote.bonus ? (
                    <span className="method-comparison__detail">
                      {t("reservation.compare.bonus", { amount: quote.bonus })}
                    </span>
                  ) : null}
                </th>
                <td>{showsValue ? quote.voucherValue : quote.total}</td>
                <td>
                  {quote.chosen ? (
                    <span className="method-comparison__mark">{t("reservation.compare.chosen")}</span>
                  ) : (
                    <button type="submit" name={PAY_WITH} value={quote.methodId} className="button" onClick={showChoice}>
                      {t("reservation.compare.choose")}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
