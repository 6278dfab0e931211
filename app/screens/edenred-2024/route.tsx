import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentSections } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { contentPageData, screenContent } from "~/screen-content.server";
import { offeredMethods } from "~/payment-methods.server";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/**
 * The ended 2024 promotion and what applies now, in the content store's words, with a way to the Edenred page where
 * the market takes Edenred (the Pluxee white label does not; without the api's answer the link is kept).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const [page, methods] = await Promise.all([screenContent(context, "edenred-2024"), offeredMethods(context)]);
  const takesEdenred = methods?.some((method) => method.partner === "edenred") ?? true;
  return contentPageData(page, { takesEdenred });
}

export default function Edenred2024Screen() {
  const { page, takesEdenred } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      <ContentSections page={page} />
      <p className="content-page__actions">
        {takesEdenred ? (
          <LocalizedLink to="partner" params={{ partner: "edenred" }} className="button button--primary">
            {t("content.edenredNow")}
          </LocalizedLink>
        ) : null}
        <LocalizedLink to="order">{t("nav.order")}</LocalizedLink>
      </p>
    </article>
  );
}
