import { useTranslation } from "~/i18n/use-translation";
import { TAKE_SPLIT } from "~/order-form/payment-form";
import { showSplit } from "~/order-form/show-split";
import type { SplitProposalView } from "~/order/reservation-view";

/**
 * The split that costs least (issue 33), below the methods whose balances the customer may type: what the api
 * proposes for them, and one button that takes it. Without balances (or without JavaScript, before the form is sent),
 * a button asks for the proposal by updating the price.
 */
export function CheapestSplit({
  proposal,
  methodName,
}: {
  proposal: SplitProposalView | null;
  methodName: (methodId: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="cheapest-split" aria-labelledby="cheapest-split-title" aria-live="polite">
      <p id="cheapest-split-title" className="method-comparison__title">
        {t("reservation.plan.title")}
      </p>
      <p className="field__hint">{t("reservation.plan.hint")}</p>
      {proposal ? (
        <>
          <ul className="cheapest-split__parts">
            {proposal.outputs.map((output) => (
              <li key={output.methodId} data-method={output.methodId}>
                <strong>{methodName(output.methodId)}</strong>: {t("reservation.payment.charged", { amount: output.charged })}
                {output.fee ? ` ${t("reservation.price.feeIncluded", { fee: output.fee })}` : null}
              </li>
            ))}
          </ul>
          <p className="cheapest-split__total">{t("reservation.plan.total", { total: proposal.total })}</p>
          {proposal.inUse ? (
            <p className="condition condition--good">{t("reservation.plan.inUse")}</p>
          ) : (
            <button
              type="submit"
              name={TAKE_SPLIT}
              value="1"
              className="button"
              onClick={(event) => showSplit(event.currentTarget.form, proposal.lastPayment, proposal.amounts)}
            >
              {t("reservation.plan.take")}
            </button>
          )}
        </>
      ) : (
        <button type="submit" name="intent" value="update" className="button">
          {t("reservation.plan.propose")}
        </button>
      )}
    </section>
  );
}
