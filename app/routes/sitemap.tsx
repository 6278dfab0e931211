import { escapeHtml } from "../../shared/html-escape";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localizedPath, partners, type ScreenId } from "../../shared/route-table";

/** Screens worth indexing: no order steps (they need an id), no sitemap, no catch-all. */
const indexedScreens: ScreenId[] = ["home", "order", "howItWorks", "inspiration", "voucherStatus", "contact"];

/** One sitemap per locale (SPEC §2): `/sitemap.xml` for the default one, `/en/sitemap.xml` and so on. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const { locale, variant } = context;
  const screens: ScreenId[] = variant.sellsVouchers ? [...indexedScreens, "voucher"] : indexedScreens;
  const paths = [
    ...screens.map((screen) => localizedPath(screen, locale, variant.defaultLocale)),
    ...partners.map((partner) => localizedPath("partner", locale, variant.defaultLocale, { partner })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`),
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
