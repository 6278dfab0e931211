import type { MetaFunction } from "@remix-run/node";

type RootMetaData = { messages?: { brand?: string }; site?: { noindex?: boolean } };

/** The robots rule of the variant: a route's meta replaces its parents', so every screen repeats it. */
export function variantRobots(root: RootMetaData | undefined) {
  return root?.site?.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : [];
}

/** `<title>` for every screen: the screen's own title, then the brand. */
export const screenMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootMetaData | undefined;
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: [title, root?.messages?.brand].filter(Boolean).join(" | ") }, ...variantRobots(root)];
};
