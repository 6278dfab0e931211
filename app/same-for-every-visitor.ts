import type { EntryContext } from "@remix-run/node";

/**
 * A route whose page is the same for every visitor of a host in a locale exports this as its `handle`: its loader
 * reads nothing of the visitor's own (session, cookies, the api's answers for them) and nothing of a query string.
 * Such a page may be kept a moment and served to the next visitors (decision 030).
 */
export const sameForEveryVisitor = { sameForEveryVisitor: true } as const;

/** True when every route the page is made of says so. */
export function isSameForEveryVisitor({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.every(({ route }) => {
    const handle = routeModules[route.id]?.handle as Partial<typeof sameForEveryVisitor> | undefined;
    return handle?.sameForEveryVisitor === true;
  });
}
