import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Language } from "../../shared/route-table";
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
 * The embedded content store: Markdown files with front matter in `content/{language}/`, under `screens/` (named
 * by ScreenContentKey), `pages/` (named by their path) and `articles/` (named by their slug). The folder is part of
 * the release, so it is read and rendered once, on the first call, and every file must be well formed: a broken one
 * fails that call with its name instead of leaving a page half empty.
 */
export function markdownContentStore(folder: string): ContentStore {
  let loading: Promise<Map<Language, LanguageContent>> | undefined;
  const content = async (language: Language): Promise<LanguageContent> => {
    loading ??= loadAll(folder);
    return (await loading).get(language) ?? emptyLanguage;
  };
  return {
    async screen(language, key) {
      return (await content(language)).screens.get(key);
    },
    async page(language, slug) {
      return (await content(language)).pages.get(slug);
    },
    async articles(language, { offset, limit }) {
      const { articles } = await content(language);
      return { articles: articles.slice(offset, offset + limit).map(summaryOf), total: articles.length };
    },
    async article(language, slug) {
      return (await content(language)).articles.find((article) => article.slug === slug);
    },
    async slugs(language) {
      const { pages, articles } = await content(language);
      return { pages: [...pages.keys()], articles: articles.map((article) => article.slug) };
    },
  };
}

interface LanguageContent {
  readonly screens: ReadonlyMap<string, ContentPage>;
  readonly pages: ReadonlyMap<string, ContentPage>;
  /** Newest first. */
  readonly articles: readonly Article[];
}

const emptyLanguage: LanguageContent = { screens: new Map(), pages: new Map(), articles: [] };
const languages: readonly Language[] = ["cs", "pl", "en"];

async function loadAll(folder: string): Promise<Map<Language, LanguageContent>> {
  const loaded = await Promise.all(
    languages.map(async (language) => [language, await loadLanguage(path.join(folder, language))] as const)
  );
  return new Map(loaded);
}

async function loadLanguage(folder: string): Promise<LanguageContent> {
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
