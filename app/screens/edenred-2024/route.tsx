import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentSections } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { contentPageData, screenContent } from "~/screen-content.server";
import { hostHasPage } from "../../../shared/host-pages";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { notFound } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/**
 * The ended 2024 promotion and what applies now, in the content store's words, with a way to the Edenred page; only
 * where the market takes Edenred (hostHasPage: the Pluxee white label does not, and tells nothing of a competitor).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!hostHasPage(context.variant, "edenred2024")) notFound();
  return contentPageData(await screenContent(context, "edenred-2024"));
}

export default function Edenred2024Screen() {
  const { title, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <h1>{title}</h1>
      <ContentSections page={page} />
      <p className="content-page__actions">
        <LocalizedLink to="partner" params={{ partner: "edenred" }} className="button button--primary">
          {t("content.edenredNow")}
        </LocalizedLink>
        <LocalizedLink to="order">{t("nav.order")}</LocalizedLink>
      </p>
    </article>
  );
}
