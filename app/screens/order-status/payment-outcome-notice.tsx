import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";

/** What the status page's query says came of a gateway, when it says anything (only outcomes the page knows). */
export type PaymentOutcomeTold = { outcome: string | null; error: string | null };

/**
 * How a notice reads: money received is good news; an outcome not known yet is news the page will update (the
 * gateway has not told yet, nothing went wrong); a refusal, a cancellation or a failure is an alert.
 */
function toneOf(outcome: string | null, error: string | null): "good" | "info" | "bad" {
  if (error) return "bad";
  if (outcome === "paid" || outcome === "partially_paid") return "good";
  return outcome === "unknown" ? "info" : "bad";
}

/**
 * What came of the visit to the payment gateway (SPEC §4): paid, partially paid, cancelled, failed, unknown or
 * cannot be processed, with the reason of a refusal. Announced to screen readers as the page's news.
 */
export function PaymentOutcomeNotice({ outcome, error }: PaymentOutcomeTold) {
  const { t } = useTranslation();
  const { site } = useShop();
  if (!outcome && !error) return null;
  const tone = toneOf(outcome, error);
  return (
    <div
      className={`payment-outcome payment-outcome--${tone}`}
      role={tone === "bad" ? "alert" : "status"}
      data-outcome={outcome ?? undefined}
    >
      {outcome ? <p>{t(`status.outcome.${outcome}`)}</p> : null}
      {error ? <p>{t(`errors.${error}`, { email: site.support.email })}</p> : null}
    </div>
  );
}
