import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { languageOf, locales, type Locale } from "../../shared/route-table";
import {
  screenContentKeys,
  type Article,
  type ContentPage,
  type ContentStore,
  type ScreenContentKey,
} from "./content-store";
import { articleOf, ContentError, newestFirst, pageOf, summaryOf } from "./documents";
import { splitFrontMatter } from "./markdown";

/**
 * The embedded content store: Markdown files with front matter in `content/{locale}/`, under `screens/` (named
 * by ScreenContentKey), `pages/` (named by their path) and `articles/` (named by their slug). A locale of a language
 * (cs-pluxee) holds only what it words its own way; the rest is its language's (cs). The folder is part of the release,
 * so it is read and rendered once, on the first call, and every file must be well formed: a broken one fails that call
 * with its name instead of leaving a page half empty.
 */
export function markdownContentStore(folder: string): ContentStore {
  let loading: Promise<Map<Locale, LocaleContent>> | undefined;
  const content = async (locale: Locale): Promise<LocaleContent> => {
    loading ??= loadAll(folder);
    return (await loading).get(locale)!;
  };
  return {
    async screen(locale, key) {
      return (await content(locale)).screens.get(key);
    },
    async page(locale, slug) {
      return (await content(locale)).pages.get(slug);
    },
    async articles(locale, { offset, limit }) {
      const { articles } = await content(locale);
      return { articles: articles.slice(offset, offset + limit).map(summaryOf), total: articles.length };
    },
    async article(locale, slug) {
      return (await content(locale)).articles.find((article) => article.slug === slug);
    },
    async slugs(locale) {
      const { pages, articles } = await content(locale);
      return { pages: [...pages.keys()], articles: articles.map((article) => article.slug) };
    },
  };
}

interface LocaleContent {
  readonly screens: ReadonlyMap<string, ContentPage>;
  readonly pages: ReadonlyMap<string, ContentPage>;
  /** Newest first. */
  readonly articles: readonly Article[];
}

/** Every locale's content: its own folder's over its language's, document by document. */
async function loadAll(folder: string): Promise<Map<Locale, LocaleContent>> {
  const own = new Map(
    await Promise.all(locales.map(async (locale) => [locale, await loadFolder(path.join(folder, locale))] as const))
  );
  return new Map(
    locales.map((locale) => {
      const language = own.get(languageOf(locale))!;
      const local = own.get(locale)!;
      if (local === language) return [locale, local];
      const articles = new Map([...language.articles, ...local.articles].map((article) => [article.slug, article]));
      return [
        locale,
        {
          screens: new Map([...language.screens, ...local.screens]),
          pages: new Map([...language.pages, ...local.pages]),
          articles: [...articles.values()].sort(newestFirst),
        },
      ];
    })
  );
}

async function loadFolder(folder: string): Promise<LocaleContent> {
  const [screens, pages, articles] = await Promise.all([
    readDocuments(path.join(folder, "screens"), pageOf),
    readDocuments(path.join(folder, "pages"), pageOf),
    readDocuments(path.join(folder, "articles"), articleOf),
  ]);
  for (const key of screens.keys()) {
    if (!screenContentKeys.includes(key as ScreenContentKey)) {
      throw new ContentError(`${path.join(folder, "screens", key)}.md: no screen shows "${key}"`);
    }
  }
  return { screens, pages, articles: [...articles.values()].sort(newestFirst) };
}

/** Every `.md` file of a folder, by its name without the extension; none when there is no such folder. */
async function readDocuments<Document>(
  folder: string,
  make: (slug: string, fields: Record<string, string>, markdown: string, where: string) => Document
): Promise<Map<string, Document>> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const documents = await Promise.all(
    names
      .filter((name) => name.endsWith(".md"))
      .map(async (name) => {
        const file = path.join(folder, name);
        const text = await readFile(file, "utf8");
        const slug = name.slice(0, -".md".length);
        try {
          const { fields, body } = splitFrontMatter(text);
          return [slug, make(slug, fields, body, file)] as const;
        } catch (error) {
          if (error instanceof ContentError) throw error;
          throw new ContentError(`${file}: ${(error as Error).message}`);
        }
      })
  );
  return new Map(documents);
}
