import { performance } from "node:perf_hooks";

/**
 * A page that is the same for every visitor of a host in a locale (the home page, step 1 without a link, the
 * information screens), kept for a moment after it is rendered (decision 030). Under load one render a second serves
 * every visitor of that page; alone, a visitor gets a fresh render. Only the body and the route's own headers are
 * kept: what is the visitor's own (the session cookie, the request id, the script nonce and the policy naming it) is
 * made anew for every answer, the nonce written into the kept body where the render had its own.
 */
export type KeptPage = {
  /** The route's headers as rendered (Content-Type, Cache-Control): never a cookie. */
  headers: [name: string, value: string][];
  /** The body, cut where the render's nonce stood. */
  parts: string[];
};

/** What the renderer hands over once a page has been sent whole. */
export type RenderedPage = { headers: Headers; html: string };

/** What a visit's page may be kept under, or null when it may not be kept at all. */
export type PageKey = string;

export type PageCacheOptions = {
  /** How long a render is served; 0 keeps nothing. */
  ttlMs: number;
  /** Bound on the pages kept: a key holds the Host header, which a stranger chooses. */
  maxPages?: number;
  /** A monotonic millisecond clock: the age of a render, not a date. */
  now?: () => number;
};

export type PageCache = {
  /** The key of a page request: a plain GET of a path (no query: a query fills a form in, or asks for data). */
  keyOf(visit: {
    method: string;
    url: string;
    host: string;
    locale: string;
    consent: string;
    bot: boolean;
  }): PageKey | null;
  /** The page kept under `key` with `nonce` written in, and its age in whole seconds, if it is still fresh. */
  find(key: PageKey, nonce: string): { headers: KeptPage["headers"]; body: string; ageSeconds: number } | undefined;
  /** Keeps a page rendered with `nonce`. */
  keep(key: PageKey, nonce: string, page: RenderedPage): void;
};

export function createPageCache({ ttlMs, maxPages = 500, now = () => performance.now() }: PageCacheOptions): PageCache {
  const pages = new Map<PageKey, KeptPage & { at: number }>();

  return {
    keyOf({ method, url, host, locale, consent, bot }) {
      if (ttlMs <= 0 || method !== "GET" || url.includes("?")) return null;
      // Crawlers get a page whose deferred parts are rendered in place (entry.server): another page than a browser's.
      return [host, locale, consent, bot ? "bot" : "browser", url].join("\n");
    },

    find(key, nonce) {
      const page = pages.get(key);
      if (!page) return undefined;
      const age = now() - page.at;
      if (age >= ttlMs) {
        pages.delete(key);
        return undefined;
      }
      return { headers: page.headers, body: page.parts.join(nonce), ageSeconds: Math.floor(age / 1_000) };
    },

    keep(key, nonce, { headers, html }) {
      if (headers.has("Set-Cookie")) return;
      pages.delete(key);
      if (pages.size >= maxPages) pages.delete(pages.keys().next().value!);
      pages.set(key, { headers: [...headers], parts: html.split(nonce), at: now() });
    },
  };
}
