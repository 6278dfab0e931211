import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentSections } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { OrderButton } from "~/components/order-button";
import { MethodFees } from "~/screens/how-it-works/method-fees";
import { contentPageData, screenContent } from "~/screen-content.server";
import { useTranslation } from "~/i18n/use-translation";
import { offeredMethods } from "~/payment-methods.server";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/** The steps in the content store's words; the fees from the api, as the prices are made with them. */
export async function loader({ context }: LoaderFunctionArgs) {
  const [page, methods] = await Promise.all([screenContent(context, "how-it-works"), offeredMethods(context)]);
  return contentPageData(page, { methods });
}

export default function HowItWorksScreen() {
  const { title, page, methods } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <h1>{title}</h1>
      <ContentSections page={page} />
      {methods ? <MethodFees methods={methods} /> : null}
      <p className="content-page__actions">
        <OrderButton />
        <LocalizedLink to="contentPage" params={{ "*": "faq" }}>
          {t("content.faqLink")}
        </LocalizedLink>
      </p>
    </article>
  );
}
