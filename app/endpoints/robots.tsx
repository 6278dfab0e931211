import type { LoaderFunctionArgs } from "@remix-run/node";
import { localizedPath, type Locale } from "../../shared/route-table";

/**
 * robots.txt of the host: everything may be crawled, and the sitemap of each locale the host publishes is named. The
 * white label names none: its pages say noindex (meta and X-Robots-Tag), which a crawler reads only on pages it may
 * fetch, so it is not refused them here either.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const { variant } = context;
  const origin = new URL(request.url).origin;
  const sitemapOf = (locale: Locale) => `Sitemap: ${origin}${localizedPath("sitemap", locale, variant.defaultLocale)}`;
  const sitemaps = variant.noindex ? [] : variant.languages.map(sitemapOf);
  const body = ["User-agent: *", "Allow: /", ...sitemaps, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
