import { useTranslation } from "~/i18n/use-translation";

const steps = ["order.guide.find", "order.guide.copy", "order.guide.share", "order.guide.paste"] as const;

/** SPEC §2: order step 1 explains, step by step, how to copy the hotel link from the portal. */
export function HotelLinkGuide() {
  const { t } = useTranslation();
  return (
    <section className="link-guide" aria-labelledby="link-guide-title">
      <h2 id="link-guide-title">{t("order.guide.title")}</h2>
      <ol className="link-guide__steps">
        {steps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
    </section>
  );
}
