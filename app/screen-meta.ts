import type { MetaFunction } from "@remix-run/node";

type RootMetaData = {
  /** The root loader's `pageTitleWords` (screen.server.ts). */
  titles?: { brand: string; notFound: string; error: string };
  site?: { noindex?: boolean };
};

/** The robots rule of the variant: a route's meta replaces its parents', so every screen repeats it. */
export function variantRobots(root: RootMetaData | undefined) {
  return root?.site?.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : [];
}

/** A screen's title, then the brand. */
function titled(title: string | undefined, root: RootMetaData | undefined) {
  return { title: [title, root?.titles?.brand].filter(Boolean).join(" | ") };
}

/** `<title>` for every screen: the screen's own title, then the brand. */
export const screenMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootMetaData | undefined;
  return [titled((data as { title?: string } | undefined)?.title, root), ...variantRobots(root)];
};

/** `<title>` of the error page, which no screen's meta names: that the page is missing, or that it failed. */
export function errorPageMeta(root: RootMetaData | undefined, notFound: boolean) {
  return [titled(notFound ? root?.titles?.notFound : root?.titles?.error, root), ...variantRobots(root)];
}
