import { expect, test, type APIRequestContext } from "@playwright/test";
import { onHost } from "./support";

/**
 * The Pluxee white label as a visitor who follows everything it offers: every link of every page it leads to, every
 * address its sitemap lists. None is a dead end, none speaks under another brand, none is about a competitor.
 */
const brand = "Dovolená za benefity × Pluxee";
const pluxeeHost = new URL(onHost("pluxee.localhost", "/")).host;

/** Node does not resolve *.localhost as Chromium does: the host is named in the header. */
function get(request: APIRequestContext, path: string) {
  return request.get(onHost("localhost", path), { headers: { host: pluxeeHost }, maxRedirects: 0 });
}

/** The host's own paths a page links to (its other addresses and tel:, mailto: aside). */
function ownLinks(html: string): string[] {
  const hrefs = [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));
  return hrefs.flatMap((href) => {
    if (href.startsWith("/") && !href.startsWith("//")) return [href.split("#")[0]];
    const url = URL.canParse(href) ? new URL(href) : null;
    return url?.host === pluxeeHost ? [url.pathname + url.search] : [];
  });
}

test("every link and sitemap entry of the Pluxee host leads to a page of its own brand", async ({ request }) => {
  const sitemap = await get(request, "/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const listed = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(listed).toContain("/partner/pluxee");
  for (const competitor of ["/partner/up", "/partner/edenred", "/partner/benefit-systems", "/edenred-2024"]) {
    expect(listed).not.toContain(competitor);
  }

  const seen = new Set<string>();
  const queue = ["/", ...listed];
  const failures: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const answer = await get(request, path);
    if (answer.status() >= 300 && answer.status() < 400) {
      failures.push(`${path} redirects to ${answer.headers()["location"]}`);
      continue;
    }
    if (answer.status() !== 200) {
      failures.push(`${path} answers ${answer.status()}`);
      continue;
    }
    if (!answer.headers()["content-type"]?.includes("text/html")) continue;
    const html = await answer.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    if (!title.endsWith(`| ${brand}`)) failures.push(`${path} is titled "${title}"`);
    const logos = [...html.matchAll(/src="\/logos\/([^"]+)"/g)].map((match) => match[1]);
    if (logos.some((logo) => logo !== "dzb-wl-pluxee-cz.svg")) failures.push(`${path} shows the logos ${logos}`);
    for (const competitor of ["Edenred", "Benefit Systems", "Urlop za benefity"]) {
      if (html.includes(competitor)) failures.push(`${path} names ${competitor}`);
    }
    if (html.includes('name="locale"')) failures.push(`${path} offers a language menu`);
    queue.push(...ownLinks(html));
  }
  expect(failures).toEqual([]);
  // The crawl reached the shop's pages, not just the home page.
  expect([...seen]).toEqual(expect.arrayContaining(["/kontakt", "/faq", "/partner/pluxee", "/voucher"]));
});

test("the Pluxee host has no page about a competitor, and a path in another language lands in its own", async ({
  request,
}) => {
  for (const path of ["/partner/edenred", "/partner/up", "/partner/benefit-systems", "/edenred-2024"]) {
    expect((await get(request, path)).status(), path).toBe(404);
  }
  for (const [path, location] of [
    ["/pl/kontakt", "/kontakt"],
    ["/en/order", "/objednavka"],
    ["/cs/objednavka", "/objednavka"],
  ]) {
    const answer = await get(request, path);
    expect(answer.status(), path).toBe(301);
    expect(answer.headers()["location"], path).toBe(location);
  }
});
