import type { LoaderFunctionArgs } from "@remix-run/node";
import { escapeHtml } from "../../../shared/html-escape";
import { contentPage, publicPages, searchLinks } from "~/search-links";

/**
 * One sitemap per locale (SPEC §2): `/sitemap.xml` for the default one, `/en/sitemap.xml` and so on. Every public page
 * of the host, each with its language versions where the host publishes more than one (`xhtml:link`, as search
 * engines read hreflang from a sitemap), then the content store's pages and articles in the locale's language.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, variant } = context;
  const site = { ...variant, origin: new URL(request.url).origin };
  const content = await context.content.slugs(locale);
  const pages = [
    ...publicPages(site),
    ...content.pages.map((slug) => contentPage("contentPage", slug)),
    ...content.articles.map((slug) => contentPage("inspirationDetail", slug)),
  ];
  const entries = pages.map((page) => {
    const { canonical, alternates } = searchLinks(site, locale, page);
    return [
      "  <url>",
      `    <loc>${escapeHtml(canonical)}</loc>`,
      ...alternates.map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`
      ),
      "  </url>",
    ].join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
