import type { RequestHandler } from "express";
import { buildVersionHeader } from "../../shared/build-version";

/**
 * New-version detection (SPEC §8, shared/build-version.ts): a navigation's data request from a page of another build
 * is answered, before Remix runs, with Remix's own redirect-and-reload-the-document reply to the same address. A
 * post goes through: what a visitor sent is handled, and the page that follows it reloads on its next navigation.
 */
export function reloadOtherBuilds(currentVersion: string): RequestHandler {
  return (req, res, next) => {
    const pageVersion = req.get(buildVersionHeader);
    if (req.method !== "GET" || !pageVersion || pageVersion === currentVersion || req.query._data === undefined) {
      return next();
    }
    const url = new URL(req.originalUrl, "http://shop.invalid");
    url.searchParams.delete("_data");
    res
      .status(204)
      .set({
        "X-Remix-Redirect": url.pathname + url.search,
        "X-Remix-Status": "302",
        "X-Remix-Reload-Document": "true",
        "Cache-Control": "no-store",
      })
      .end();
  };
}
