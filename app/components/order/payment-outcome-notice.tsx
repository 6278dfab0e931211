import { useTranslation } from "~/i18n/use-translation";

type PaymentOutcomeNoticeProps = { outcome: string | null; error: string | null };

/**
 * What came of the visit to the payment gateway (SPEC §4): paid, partially paid, cancelled, failed, unknown or
 * cannot be processed, with the reason of a refusal. Announced to screen readers as the page's news.
 */
export function PaymentOutcomeNotice({ outcome, error }: PaymentOutcomeNoticeProps) {
  const { t } = useTranslation();
  if (!outcome && !error) return null;
  const good = outcome === "paid" || outcome === "partially_paid";
  return (
    <div
      className={`payment-outcome ${good ? "payment-outcome--good" : "payment-outcome--bad"}`}
      role={good ? "status" : "alert"}
      data-outcome={outcome ?? undefined}
    >
      {outcome ? <p>{t(`status.outcome.${outcome}`)}</p> : null}
      {error ? <p>{t(`errors.${error}`)}</p> : null}
    </div>
  );
}
