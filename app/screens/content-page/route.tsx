import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentHtml, ContentSections } from "~/components/content-html";
import { LocalizedLink } from "~/components/localized-link";
import { BranchMap } from "~/screens/content-page/branch-map-view";
import { contentPageData } from "~/screen-content.server";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { notFound } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

/**
 * The catch-all (SPEC §2): a free-standing page of the content store at its path in the language (the FAQ at /faq,
 * the branches at /pobocky); any other path answers the 404 page.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const page = await context.content.page(context.locale, params["*"] ?? "");
  return page ? contentPageData(page) : notFound();
}

export default function ContentPageScreen() {
  const { title, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <h1>{title}</h1>
      {page.layout === "questions" ? (
        <>
          <ContentHtml html={page.html} />
          <div className="questions">
            {page.sections.map((section) => (
              <details key={section.id} id={section.id}>
                <summary>
                  <h2>{section.heading}</h2>
                </summary>
                <ContentHtml html={section.html} />
              </details>
            ))}
          </div>
          <p className="content-page__actions">
            <LocalizedLink to="contact">{t("content.askUs")}</LocalizedLink>
          </p>
        </>
      ) : page.layout === "places" ? (
        <div className="places">
          <BranchMap sections={page.sections} />
          <div className="places__list">
            <ContentSections page={page} />
          </div>
        </div>
      ) : (
        <ContentSections page={page} />
      )}
    </article>
  );
}
