import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCalendarDate } from "../../../shared/formats";
import { languageOf } from "../../../shared/route-table";
import { ScreenHeading } from "~/components/screen-heading";
import { LocalizedLink } from "~/components/localized-link";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/** Articles a list page adds; a 3 × 2 grid on a wide screen. */
const pageSize = 6;
/** Beyond any real list: a hand-typed page number does not ask the store for everything. */
const maxPage = 50;

/**
 * The newest articles, `?page=N` showing the first N pages of them: "load more" is a plain link (it works before
 * JavaScript, and the longer list is a page of its own to share), which jumps to the first article it added.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, maxPage) : 1;
  const language = languageOf(context.locale);
  const { articles, total } = await context.content.articles(context.locale, { offset: 0, limit: page * pageSize });
  return screenData(context, "inspiration", {
    articles: articles.map((article) => ({ ...article, dateText: formatCalendarDate(article.date, language) })),
    nextPage: total > articles.length ? page + 1 : null,
  });
}

export default function InspirationScreen() {
  const { articles, nextPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeading />
      {articles.length === 0 ? (
        <p className="empty">{t("screens.inspiration.empty")}</p>
      ) : (
        <ul className="article-list">
          {articles.map((article, index) => (
            <li key={article.slug} id={`article-${index + 1}`}>
              <article className="article-card">
                {/* The first picture is on the first screen, and its largest paint: fetched first, not lazily. */}
                <img
                  src={article.image.src}
                  alt={article.image.alt}
                  width={1200}
                  height={675}
                  {...(index === 0 ? { fetchpriority: "high" } : { loading: "lazy" })}
                />
                <h2>
                  <LocalizedLink to="inspirationDetail" params={{ "*": article.slug }}>
                    {article.title}
                  </LocalizedLink>
                </h2>
                <p className="article-card__date">
                  <time dateTime={article.date}>{article.dateText}</time>
                </p>
                <p>{article.description}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {nextPage ? (
        <p className="load-more">
          <LocalizedLink
            to="inspiration"
            search={`page=${nextPage}`}
            hash={`article-${(nextPage - 1) * pageSize + 1}`}
            preventScrollReset
            className="button"
          >
            {t("content.loadMore")}
          </LocalizedLink>
        </p>
      ) : null}
    </>
  );
}
