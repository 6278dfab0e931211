import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { languageOf, locales, matchScreen, type Locale } from "../../shared/route-table";
import { screenContentKeys } from "./content-store";
import { defaultContentFolder } from "./index";
import { markdownContentStore } from "./markdown-files";

/** The content the shop ships (content/): complete in every language, and every link in it leads somewhere. */
describe("the shipped content", () => {
  const store = markdownContentStore(defaultContentFolder);
  const branches: Record<Locale, string> = { cs: "pobocky", "cs-pluxee": "pobocky", pl: "oddzialy", en: "branches" };

  describe.each(locales)("in %s", (locale) => {
    const language = languageOf(locale);
    it("has the text of every screen that shows content", async () => {
      for (const key of screenContentKeys) expect(await store.screen(locale, key), key).toBeDefined();
      const howItWorks = await store.screen(locale, "how-it-works");
      expect(howItWorks!.sections.length).toBeGreaterThanOrEqual(4);
    });

    it("has a FAQ of at least 12 questions, shown as questions, and the branches", async () => {
      const faq = await store.page(locale, "faq");
      expect(faq?.layout).toBe("questions");
      expect(faq!.sections.length).toBeGreaterThanOrEqual(12);
      expect(faq!.sections.every((section) => section.heading.endsWith("?"))).toBe(true);
      const branchesPage = await store.page(locale, branches[locale]);
      expect(branchesPage?.sections.length).toBeGreaterThanOrEqual(2);
      expect(branchesPage?.layout).toBe("places");
    });

    it("has at least six articles, newest first, each with a picture the site serves", async () => {
      const { articles, total } = await store.articles(locale, {
        offset: 0,
        limit: 100,
      });
      expect(total).toBeGreaterThanOrEqual(6);
      expect(articles.map((article) => article.date)).toEqual(
        articles
          .map((article) => article.date)
          .sort()
          .reverse()
      );
      for (const { image } of articles) {
        expect(existsSync(path.join("public", image.src)), image.src).toBe(true);
        expect(image.alt.length).toBeGreaterThan(10);
      }
      const { articles: second } = await store.articles(locale, {
        offset: 6,
        limit: 6,
      });
      expect(second).toEqual(articles.slice(6, 12));
    });

    it("describes every page for search engines in one or two sentences", async () => {
      const { pages, articles } = await store.slugs(locale);
      const documents = [
        ...(await Promise.all(screenContentKeys.map((key) => store.screen(locale, key)))),
        ...(await Promise.all(pages.map((slug) => store.page(locale, slug)))),
        ...(await Promise.all(articles.map((slug) => store.article(locale, slug)))),
      ];
      for (const document of documents) {
        expect(document!.description.length, document!.title).toBeGreaterThanOrEqual(50);
        expect(document!.description.length, document!.title).toBeLessThanOrEqual(160);
      }
    });

    it("links only to the site's pages that exist, in the page's own language", async () => {
      const { pages, articles } = await store.slugs(locale);
      const htmls = [
        ...(await Promise.all(screenContentKeys.map((key) => store.screen(locale, key)))).map(htmlOf),
        ...(await Promise.all(pages.map(async (slug) => htmlOf(await store.page(locale, slug))))),
        ...(await Promise.all(articles.map(async (slug) => (await store.article(locale, slug))!.html))),
      ];
      const links = htmls.flatMap((html) => [...html.matchAll(/href="(\/[^"#?]*)/g)].map((match) => match[1]!));
      expect(links.length).toBeGreaterThan(10);
      for (const link of links) {
        const match = matchScreen(link);
        expect(match, link).not.toBeNull();
        // English is served under /en on the Polish host; Czech and Polish are each their host's own, unprefixed.
        if (language === "en") expect(match!.prefixLocale, link).toBe("en");
        else
          expect([match!.prefixLocale, match!.pathLanguages], link).toEqual([null, expect.arrayContaining([language])]);
        const slug = match!.params["*"] ?? "";
        if (match!.screen === "contentPage") expect(pages, link).toContain(slug);
        if (match!.screen === "inspirationDetail") expect(articles, link).toContain(slug);
      }
    });
  });
});

describe("the Pluxee white label's content", () => {
  const store = markdownContentStore(defaultContentFolder);

  it("names no benefit the white label does not take, where it says how to pay", async () => {
    const { pages, articles } = await store.slugs("cs-pluxee");
    const texts = [
      htmlOf(await store.screen("cs-pluxee", "how-it-works")),
      ...(await Promise.all(pages.map(async (slug) => htmlOf(await store.page("cs-pluxee", slug))))),
      ...(await Promise.all(articles.map(async (slug) => (await store.article("cs-pluxee", slug))!.html))),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/Edenred|Benefit Systems|\bUp\b|partner\/(up|edenred|benefit-systems)/);
    }
  });

  it("is the Czech content otherwise", async () => {
    expect(await store.page("cs-pluxee", "pobocky")).toEqual(await store.page("cs", "pobocky"));
    expect((await store.slugs("cs-pluxee")).articles).toEqual((await store.slugs("cs")).articles);
    expect(await store.screen("cs-pluxee", "how-it-works")).not.toEqual(await store.screen("cs", "how-it-works"));
  });
});

function htmlOf(page: { html: string; sections: readonly { html: string }[] } | undefined): string {
  return [page!.html, ...page!.sections.map((section) => section.html)].join("");
}

describe("a content folder", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  async function folderWith(files: Record<string, string>) {
    const folder = await mkdtemp(path.join(tmpdir(), "dzb-content-"));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), text);
    }
    return folder;
  }

  it("refuses a document without what its screen shows, naming the file", async () => {
    const folder = await folderWith({
      "cs/articles/bez-obrazku.md": "---\ntitle: T\ndescription: D\ndate: 2026-01-01\n---\nx",
    });
    await expect(markdownContentStore(folder).articles("cs", { offset: 0, limit: 6 })).rejects.toThrow(
      /bez-obrazku\.md: "image" is missing/
    );
  });

  it("refuses a screen text no screen shows, and a file name that is no slug", async () => {
    const stray = await folderWith({
      "pl/screens/about.md": "---\ntitle: T\ndescription: D\n---\n",
    });
    await expect(markdownContentStore(stray).screen("pl", "how-it-works")).rejects.toThrow(/no screen shows "about"/);
    const badName = await folderWith({
      "en/pages/Big Name.md": "---\ntitle: T\ndescription: D\n---\n",
    });
    await expect(markdownContentStore(badName).page("en", "faq")).rejects.toThrow(/no slug/);
  });

  it("has nothing in a language without a folder: the list's empty message shows", async () => {
    const store = markdownContentStore(await folderWith({}));
    expect(await store.articles("en", { offset: 0, limit: 6 })).toEqual({
      articles: [],
      total: 0,
    });
    expect(await store.page("en", "faq")).toBeUndefined();
  });
});
