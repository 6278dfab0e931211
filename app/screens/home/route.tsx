import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "~/components/localized-link";
import { OrderButton } from "~/components/order-button";
import { offeredMethods } from "~/payment-methods.server";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData, translator } from "~/screen.server";
import { languageOf } from "../../../shared/route-table";
import { useShop } from "~/shop-data";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/**
 * The home page names the benefit cards and points the market takes, as the api offers them; its description for
 * search engines names the partners the host takes (the Pluxee white label names no competitor).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const methods = await offeredMethods(context);
  const benefitMethods = methods && methods.filter((method) => method.isBenefit);
  const t = translator(context);
  const names = context.variant.partners.map((partner) => t(`partners.${partner}`));
  const benefits = new Intl.ListFormat(languageOf(context.locale), { type: "disjunction" }).format(names);
  return screenData(context, "home", { benefitMethods }, { titleOptions: { benefits } });
}

const orderSteps = [
  ["steps.send", "steps.sendText"],
  ["steps.pay", "steps.payText"],
  ["steps.confirm", "steps.confirmText"],
  ["steps.travel", "steps.travelText"],
] as const;

export default function HomeScreen() {
  const { title, benefitMethods } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { site } = useShop();
  return (
    <>
      <section className="hero">
        <div className="hero__text">
          <h1>{title}</h1>
          <p className="hero__lead">{t("screens.home.lead")}</p>
          <p className="hero__actions">
            <OrderButton />
            <LocalizedLink to="howItWorks">{t("nav.howItWorks")}</LocalizedLink>
          </p>
        </div>
        <aside className="hero__pay-with" aria-labelledby="pay-with">
          <h2 id="pay-with">{t("home.payWithTitle")}</h2>
          {benefitMethods ? (
            <>
              <ul className="pay-with__methods">
                {benefitMethods.map(({ methodId, name, partner }) => (
                  <li key={methodId}>
                    {partner ? (
                      <LocalizedLink to="partner" params={{ partner }}>
                        {name}
                      </LocalizedLink>
                    ) : (
                      name
                    )}
                  </li>
                ))}
              </ul>
              <p>{t("home.payWithOthers")}</p>
            </>
          ) : (
            <p>{t("home.payWithUnavailable")}</p>
          )}
        </aside>
      </section>
      <section aria-labelledby="order-steps">
        <h2 id="order-steps">{t("steps.title")}</h2>
        <ol className="steps">
          {orderSteps.map(([step, text]) => (
            <li key={step}>
              <strong>{t(step)}</strong>
              <span>{t(text)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="trust" className="trust">
        <h2 id="trust">{t("home.trustTitle")}</h2>
        <ul>
          <li>{t("home.trustPrice")}</li>
          <li>{t("home.trustCancel")}</li>
          <li>{t("home.trustSupport", { phone: site.support.phone, email: site.support.email })}</li>
        </ul>
      </section>
    </>
  );
}
