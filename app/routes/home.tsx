import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "~/components/localized-link";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "home");
}

const orderSteps = ["steps.send", "steps.pay", "steps.confirm", "steps.travel"] as const;

export default function HomeScreen() {
  const { title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <h1>{title}</h1>
        <p className="hero__lead">{t("screens.home.lead")}</p>
        <LocalizedLink to="order" className="button button--primary">
          {t("nav.order")}
        </LocalizedLink>
      </section>
      <section aria-labelledby="order-steps">
        <h2 id="order-steps">{t("steps.title")}</h2>
        <ol className="steps">
          {orderSteps.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
