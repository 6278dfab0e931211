import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strapiContentStore } from "../../server/content/strapi-cms";
import type { ContentStore } from "../../server/content/content-store";
import { startStrapiFake, type FakeEntry, type StrapiFake } from "../fixtures/strapi-cms-fake";

/** The content store over a Strapi CMS (CMS_API_URL), against a local fake of Strapi 5's REST API. */

const token = "read-only-token";
const article = (locale: string, slug: string, date: string): FakeEntry => ({
  locale,
  slug,
  title: `Article ${slug}`,
  description: `What ${slug} is about, in a sentence or two.`,
  date,
  body: `Intro of ${slug}.\n\n## Where to go\nTo [the order](/objednavka).\n\n<iframe src="https://evil.example">`,
  cover: {
    url: `/uploads/${slug}.jpg`,
    alternativeText: `A picture of ${slug}`,
  },
});

let fake: StrapiFake;
let store: ContentStore;

beforeAll(async () => {
  fake = await startStrapiFake(
    {
      pages: [
        {
          locale: "cs",
          slug: "faq",
          kind: "page",
          title: "Časté dotazy",
          description: "Odpovědi.",
          layout: "questions",
          body: "Úvod.\n\n## Kdy platím?\nDo tří dnů.\n\n## Mohu zrušit?\nAno.",
        },
        {
          locale: "cs",
          slug: "how-it-works",
          kind: "screen",
          title: "Jak to funguje",
          description: "Kroky.",
          body: "## Odešlete objednávku\nVložte odkaz.",
        },
        {
          locale: "en",
          slug: "faq",
          kind: "page",
          title: "FAQ",
          description: "Answers.",
          body: "Intro.",
        },
      ],
      articles: [
        article("cs", "lipno", "2026-06-01"),
        article("cs", "krkonose", "2026-01-10"),
        article("cs", "praha", "2026-09-15"),
        article("pl", "mazury", "2026-07-01"),
      ],
    },
    { token }
  );
  store = strapiContentStore({ apiUrl: fake.apiUrl, token, timeoutMs: 2_000 });
});
afterAll(() => fake.close());

describe("a Strapi CMS as the content store", () => {
  it("serves a free-standing page by its path, its sections and layout as the Markdown files do", async () => {
    const faq = await store.page("cs", "faq");
    expect(faq).toMatchObject({
      slug: "faq",
      title: "Časté dotazy",
      layout: "questions",
      html: "<p>Úvod.</p>\n",
    });
    expect(faq!.sections.map((section) => section.heading)).toEqual(["Kdy platím?", "Mohu zrušit?"]);
    expect((await store.page("en", "faq"))?.layout).toBe("sections");
  });

  it("keeps a screen's text apart from the pages: neither is found as the other", async () => {
    expect((await store.screen("cs", "how-it-works"))?.sections[0]?.heading).toBe("Odešlete objednávku");
    expect(await store.page("cs", "how-it-works")).toBeUndefined();
    expect(await store.screen("pl", "how-it-works")).toBeUndefined();
  });

  it("lists a language's articles newest first, a range at a time, with how many there are", async () => {
    const first = await store.articles("cs", { offset: 0, limit: 2 });
    expect(first.articles.map((a) => a.slug)).toEqual(["praha", "lipno"]);
    expect(first.total).toBe(3);
    const rest = await store.articles("cs", { offset: 2, limit: 2 });
    expect(rest).toMatchObject({ articles: [{ slug: "krkonose" }], total: 3 });
    expect(await store.articles("en", { offset: 0, limit: 6 })).toEqual({
      articles: [],
      total: 0,
    });
  });

  it("gives an article its picture on the CMS's host, and renders no markup the editor typed", async () => {
    const lipno = await store.article("cs", "lipno");
    expect(lipno?.image).toEqual({
      src: new URL("/uploads/lipno.jpg", fake.apiUrl).toString(),
      alt: "A picture of lipno",
    });
    expect(lipno?.html).toContain('<h2 id="where-to-go">Where to go</h2>');
    expect(lipno?.html).toContain('<a href="/objednavka">the order</a>');
    expect(lipno?.html).not.toContain("<iframe");
    expect(await store.article("cs", "mazury")).toBeUndefined();
  });

  it("names every page and article for the sitemap", async () => {
    expect(await store.slugs("cs")).toEqual({
      pages: ["faq"],
      articles: ["praha", "lipno", "krkonose"],
    });
  });

  it("sends its token, and never asks for what no slug can name", async () => {
    const before = fake.requests.length;
    expect(await store.article("cs", "../../admin")).toBeUndefined();
    expect(await store.page("cs", "FAQ?x=1")).toBeUndefined();
    expect(fake.requests.length).toBe(before);
    const anonymous = strapiContentStore({
      apiUrl: fake.apiUrl,
      timeoutMs: 2_000,
    });
    await expect(anonymous.page("cs", "faq")).rejects.toThrow(/401/);
  });

  it("fails the page's load when the CMS cannot answer", async () => {
    fake.failing = true;
    try {
      await expect(store.articles("cs", { offset: 0, limit: 6 })).rejects.toThrow(/500/);
    } finally {
      fake.failing = false;
    }
  });
});
