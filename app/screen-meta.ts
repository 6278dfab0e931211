import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import type { Locale } from "../shared/route-table";
import { publicPageAt, searchLinks, type SearchSite } from "~/search-links";

type RootMetaData = {
  locale?: Locale;
  /** The root loader's `pageTitleWords` (screen.server.ts). */
  titles?: { brand: string; notFound: string; error: string };
  site?: { noindex?: boolean } & SearchSite;
};

/** The robots rule of the variant: a route's meta replaces its parents', so every screen repeats it. */
export function variantRobots(root: RootMetaData | undefined) {
  return root?.site?.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : [];
}

/** A screen's title, then the brand. */
function titled(title: string | undefined, root: RootMetaData | undefined) {
  return { title: [title, root?.titles?.brand].filter(Boolean).join(" | ") };
}

/**
 * A public page's address for search engines and its language versions on the host (search-links.ts): none on the
 * white label, which is kept out of them, and none for a page that names one customer's order or voucher.
 */
function searchLinkTags(root: RootMetaData | undefined, pathname: string): MetaDescriptor[] {
  const site = root?.site;
  if (!site || site.noindex || !root?.locale) return [];
  const page = publicPageAt(pathname, site);
  if (!page) return [];
  const { canonical, alternates } = searchLinks(site, root.locale, page);
  return [
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates.map(({ hreflang, href }) => ({ tagName: "link", rel: "alternate", hrefLang: hreflang, href })),
  ];
}

/**
 * `<title>` for every screen (the screen's own title, then the brand) and the description a search engine shows under
 * it; a public page's search links.
 */
export const screenMeta: MetaFunction = ({ data, matches, location }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootMetaData | undefined;
  const screen = data as { title?: string; description?: string } | undefined;
  return [
    titled(screen?.title, root),
    ...(screen?.description ? [{ name: "description", content: screen.description }] : []),
    ...variantRobots(root),
    ...searchLinkTags(root, location.pathname),
  ];
};

/** `<title>` of the error page, which no screen's meta names: that the page is missing, or that it failed. */
export function errorPageMeta(root: RootMetaData | undefined, notFound: boolean) {
  return [titled(notFound ? root?.titles?.notFound : root?.titles?.error, root), ...variantRobots(root)];
}
