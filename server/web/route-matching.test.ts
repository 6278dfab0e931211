import { createRequire } from "node:module";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as Router from "@remix-run/router";
import * as routerEsBuild from "@remix-run/router/dist/router.js";
import remixConfig from "../../remix.config.js";
import { locales, localizedPath, screens, type ScreenId } from "../../shared/route-table";

/**
 * The server's route matching is patched (decision 021): ranked branches kept per route tree and indexed by their
 * first segment. Node's copy of the router (CommonJS, patched) must answer every path exactly as the router's own
 * code does; the ES build, which only the browser bundle uses, is the unpatched reference.
 */
const patchedRouter = createRequire(import.meta.url)("@remix-run/router") as typeof Router;
const unpatchedRouter = routerEsBuild as unknown as typeof Router;

type RouteObject = Router.AgnosticRouteObject;
type DefinedRoute = { id: string; index?: boolean };

/** The shop's routes as Remix nests them: every route of remix.config.js under the root. */
async function shopRoutes(): Promise<RouteObject[]> {
  const children: RouteObject[] = [];
  const defineRoutes = (define: (route: (path: string, file: string, options: DefinedRoute) => void) => void) => {
    define((path, _file, { id, index }) => children.push(index ? { id, index: true } : { id, path }));
    return children;
  };
  // The config's own type is Remix's; this stand-in records what it defines.
  await (remixConfig.routes as unknown as (define: typeof defineRoutes) => Promise<unknown>)(defineRoutes);
  return [{ id: "root", path: "", children }];
}

function matched(router: typeof Router, routes: RouteObject[], path: string) {
  return router
    .matchRoutes(routes, path)
    ?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase }));
}

const sampleParams = { availabilityId: "a1", previewId: "p1", id: "o1", document: "invoice", attemptId: "t1", partner: "up", "*": "x/y" };

describe("the server's patched route matching", async () => {
  const routes = await shopRoutes();
  // The router warns of every path it cannot percent-decode; here those are wanted.
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

  it("finds every screen in every locale as the router does", () => {
    for (const screen of Object.keys(screens) as ScreenId[]) {
      for (const locale of locales) {
        for (const defaultLocale of ["cs", "pl"] as const) {
          const path = localizedPath(screen, locale, defaultLocale, sampleParams);
          expect(matched(patchedRouter, routes, path), path).toEqual(matched(unpatchedRouter, routes, path));
          expect(matched(patchedRouter, routes, path), path).not.toBeUndefined();
        }
      }
    }
  });

  it("answers any path as the router does: cased, encoded, with doubled or trailing slashes", () => {
    const words = [
      ...["cs", "cs-pluxee", "pl", "en", "EN", "objednavka", "Objednavka", "order", "status", "platba", "ubytovani"],
      ...["inspirace", "kontakt", "sitemap.xml", "partner", "voucher", "x", "%C3%A9", "%2F", "", "*", ":id"],
    ];
    const segment = fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 }));
    const path = fc.tuple(fc.array(segment, { maxLength: 6 }), fc.boolean()).map(
      ([segments, trailingSlash]) => `/${segments.join("/")}${trailingSlash ? "/" : ""}`
    );
    fc.assert(
      fc.property(path, (candidate) => {
        expect(matched(patchedRouter, routes, candidate)).toEqual(matched(unpatchedRouter, routes, candidate));
      }),
      { numRuns: 2_000 }
    );
  });
});
