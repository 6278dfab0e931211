import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCalendarDate } from "../../../shared/formats";
import { languageOf } from "../../../shared/route-table";
import { ContentHtml } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { OrderButton } from "~/components/order-button";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { notFound } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/** One inspiration article at the list's path plus its slug; an unknown slug answers the 404 page. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const article = await context.content.article(context.locale, params["*"] ?? "");
  if (!article) notFound();
  const { title, description } = article;
  return json({ title, description, article, dateText: formatCalendarDate(article.date, languageOf(context.locale)) });
}

export default function InspirationDetailScreen() {
  const { article, dateText } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page article">
      <h1>{article.title}</h1>
      <p className="article__date">
        <time dateTime={article.date}>{dateText}</time>
      </p>
      <img
        className="article__image"
        src={article.image.src}
        alt={article.image.alt}
        width={1200}
        height={675}
        fetchpriority="high"
      />
      <ContentHtml html={article.html} />
      <p className="content-page__actions">
        <OrderButton />
        <LocalizedLink to="inspiration">{t("content.backToArticles")}</LocalizedLink>
      </p>
    </article>
  );
}
