import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";
import { namesAFile } from "./static-files";

/**
 * What the pages are compressed with: brotli quality 2 for the browsers that take brotli (all current ones), gzip
 * level 3 for the rest. A page is rendered for its visitor and compressed again for each visit, so its compression
 * costs CPU on every request: compression's defaults (brotli 4, gzip 6) took about 0.8 and 1.0 ms of a 63 KB rooms
 * page, as much as a fifth of the page's whole cost, for 13.5 and 13.3 KB; these take about half of that for some
 * 10 % more bytes, 14.8 and 14.8 KB (issue 31, docs/performance.md).
 */
const pageCompression = compression({
  level: 3,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
});

/** The files keep compression's defaults: a browser fetches a fingerprinted file once a year, a page on every visit. */
const fileCompression = compression();

/** Compresses what the browser accepts compressed: the files as before, the pages and all else faster. */
export function responseCompression(): RequestHandler {
  return (req, res, next) => (namesAFile(req.path) ? fileCompression : pageCompression)(req, res, next);
}
