import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

/** A cache on a monotonic clock the test moves. */
function setUp({ ttlMs = 1_000, maxPages = 500 } = {}) {
  let clock = 5_000;
  const cache = createPageCache({ ttlMs, maxPages, now: () => clock });
  return { cache, advance: (ms: number) => (clock += ms) };
}

const visit = { method: "GET", url: "/objednavka", host: "localhost:3000", locale: "cs", consent: "undecided", bot: false };
const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head>` +
  `<body><script nonce="${nonce}" type="module">b()</script></body></html>`;
const routeHeaders = () =>
  new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });

describe("which visits may share a page", () => {
  it("a plain GET of a path, under its host, locale, path, consent and kind of visitor", () => {
    const { cache } = setUp();
    const key = cache.keyOf(visit);
    expect(key).not.toBeNull();
    for (const other of [
      { ...visit, host: "pl.localhost:3000" },
      { ...visit, locale: "en" },
      { ...visit, url: "/" },
      { ...visit, consent: "1.necessary" },
      { ...visit, bot: true },
    ]) {
      expect(cache.keyOf(other)).not.toBe(key);
    }
    expect(cache.keyOf({ ...visit })).toBe(key);
  });

  it("never a post, a HEAD, a query (a prefilled form, a data request) or any visit when the time to live is 0", () => {
    const { cache } = setUp();
    expect(cache.keyOf({ ...visit, method: "POST" })).toBeNull();
    expect(cache.keyOf({ ...visit, method: "HEAD" })).toBeNull();
    expect(cache.keyOf({ ...visit, url: "/objednavka?url=https%3A%2F%2Fwww.booking.com%2Fhotel" })).toBeNull();
    expect(cache.keyOf({ ...visit, url: "/?_data=root" })).toBeNull();
    expect(setUp({ ttlMs: 0 }).cache.keyOf(visit)).toBeNull();
  });
});

describe("a kept page", () => {
  it("is served with the next visitor's nonce wherever the render had its own, and the route's headers", () => {
    const { cache, advance } = setUp();
    const key = cache.keyOf(visit)!;
    cache.keep(key, "render+nonce/1==", { headers: routeHeaders(), html: html("render+nonce/1==") });
    advance(999);
    const served = cache.find(key, "visitor+nonce/2==");
    expect(served?.body).toBe(html("visitor+nonce/2=="));
    expect(served?.ageSeconds).toBe(0);
    expect(served?.headers).toEqual([
      ["cache-control", "private, no-store"],
      ["content-type", "text/html; charset=utf-8"],
    ]);
  });

  it("tells its age in whole seconds, and is rendered anew once it is as old as the time to live", () => {
    const { cache, advance } = setUp({ ttlMs: 3_000 });
    const key = cache.keyOf(visit)!;
    cache.keep(key, "n1", { headers: routeHeaders(), html: html("n1") });
    advance(2_999);
    expect(cache.find(key, "n2")?.ageSeconds).toBe(2);
    advance(1);
    expect(cache.find(key, "n2")).toBeUndefined();
    // A new render starts the time again.
    cache.keep(key, "n3", { headers: routeHeaders(), html: html("n3") });
    expect(cache.find(key, "n4")?.body).toBe(html("n4"));
  });

  it("is never one that sets a cookie: that would hand one visitor's cookie to the next", () => {
    const { cache } = setUp();
    const key = cache.keyOf(visit)!;
    const headers = routeHeaders();
    headers.append("Set-Cookie", "locale=en; Path=/");
    cache.keep(key, "n1", { headers, html: html("n1") });
    expect(cache.find(key, "n2")).toBeUndefined();
  });

  it("keeps at most the bound, letting the oldest render go first: a stranger chooses the Host header", () => {
    const { cache } = setUp({ maxPages: 3 });
    const keys = ["a", "b", "c", "d"].map((host) => cache.keyOf({ ...visit, host })!);
    for (const key of keys) cache.keep(key, "n", { headers: routeHeaders(), html: html("n") });
    expect(keys.map((key) => cache.find(key, "m") !== undefined)).toEqual([false, true, true, true]);
  });

  it("is the render with only the nonce changed, for any page and nonces", () => {
    const base64 = fc.base64String({ minLength: 24, maxLength: 24 });
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), base64, base64, (texts, renderNonce, visitorNonce) => {
        fc.pre(texts.every((text) => !text.includes(renderNonce)));
        const { cache } = setUp();
        const key = cache.keyOf(visit)!;
        const page = texts.join(`<script nonce="${renderNonce}">`);
        cache.keep(key, renderNonce, { headers: routeHeaders(), html: page });
        expect(cache.find(key, visitorNonce)?.body).toBe(texts.join(`<script nonce="${visitorNonce}">`));
      })
    );
  });
});
