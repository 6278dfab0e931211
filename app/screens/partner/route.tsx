import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { hostHasPage } from "../../../shared/host-pages";
import type { Partner } from "../../../shared/route-table";
import { partnerMethodIds } from "../../../shared/partner-methods";
import { ContentSections } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { OrderButton } from "~/components/order-button";
import { contentPageData, screenContent } from "~/screen-content.server";
import { useTranslation } from "~/i18n/use-translation";
import { offeredMethods } from "~/payment-methods.server";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { notFound } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/**
 * How to pay with one benefit provider: the steps in the content store's words, and beside them its methods as this
 * market takes them, with their fees (from the api). A provider the variant does not take has no page here
 * (hostHasPage: the Pluxee white label takes only Pluxee).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  if (!hostHasPage(context.variant, "partner", params)) notFound();
  const partner = params.partner as Partner;
  const [page, offered] = await Promise.all([screenContent(context, `partner-${partner}`), offeredMethods(context)]);
  const methods = offered?.filter((method) => partnerMethodIds[partner].includes(method.methodId)) ?? null;
  return contentPageData(page, { methods });
}

export default function PartnerScreen() {
  const { title, page, methods } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <h1>{title}</h1>
      {methods ? (
        <aside className="partner-facts" aria-label={t("content.partnerFacts")}>
          <dl>
            {methods.map(({ methodId, name, fee }) => (
              <div key={methodId}>
                <dt>{name}</dt>
                <dd>{fee ? t("content.partnerFee", { fee }) : t("content.noFee")}</dd>
              </div>
            ))}
          </dl>
          {methods.some((method) => method.fee) ? <p>{t("content.feesNote")}</p> : null}
          <OrderButton />
        </aside>
      ) : null}
      <ContentSections page={page} />
      <p className="content-page__actions">
        <OrderButton />
        <LocalizedLink to="howItWorks">{t("nav.howItWorks")}</LocalizedLink>
      </p>
    </article>
  );
}
