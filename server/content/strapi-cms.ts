import { languageOf, type Locale } from "../../shared/route-table";
import { contentSlugPattern, type Article, type ContentStore } from "./content-store";
import { articleOf, pageOf, summaryOf } from "./documents";

/**
 * The content store over a Strapi 5 CMS (CMS_API_URL, e.g. https://cms.example.com/api; its REST API as documented
 * at docs.strapi.io/cms/api/rest): two localized collection types.
 * - `pages`: `slug`, `kind` ("screen" for a screen's text, named by ScreenContentKey; "page" for a free-standing
 *   page, named by its path), `title`, `description`, `body` (Markdown), `layout` ("sections", the default, or
 *   "questions" for a FAQ, "places" for the branches).
 * - `articles`: `slug`, `title`, `description`, `date` (YYYY-MM-DD), `body` (Markdown), `cover` (a media field; its
 *   `alternativeText` is the image's description).
 * Editors write the same Markdown as the repository's `content/` folder holds, and it is rendered by the same code.
 * A CMS that cannot answer fails the page's load (the "cannot be loaded" page); the page cache keeps what was shown.
 * Strapi's locales are ISO codes: the Pluxee white label reads the Czech entries, worded for every Czech site.
 */
export interface StrapiOptions {
  /** The REST API's root, e.g. https://cms.example.com/api. */
  readonly apiUrl: string;
  /** A read-only API token, sent as a bearer token; a public API needs none. */
  readonly token?: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

interface StrapiList<Item> {
  readonly data: readonly Item[];
  readonly meta?: { readonly pagination?: { readonly total?: number } };
}

interface StrapiPage {
  readonly slug: string;
  readonly title?: string;
  readonly description?: string;
  readonly body?: string | null;
  readonly layout?: string | null;
}

interface StrapiArticle extends StrapiPage {
  readonly date?: string;
  readonly cover?: { readonly url?: string; readonly alternativeText?: string | null } | null;
}

export function strapiContentStore(options: StrapiOptions): ContentStore {
  const fetchFn = options.fetch ?? fetch;
  const apiRoot = options.apiUrl.replace(/\/+$/, "");

  async function list<Item>(collection: string, query: Record<string, string>): Promise<StrapiList<Item>> {
    const url = `${apiRoot}/${collection}?${new URLSearchParams(query)}`;
    const response = await fetchFn(url, {
      headers: { Accept: "application/json", ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw new Error(`the CMS answered ${response.status} to ${collection}`);
    const answer = (await response.json()) as StrapiList<Item>;
    if (!Array.isArray(answer?.data)) throw new Error(`the CMS answered ${collection} without a data list`);
    return answer;
  }

  /** Media the CMS keeps itself come as paths on its own host. */
  const mediaUrl = (url: string) => new URL(url, apiRoot).toString();

  function toArticle(item: StrapiArticle, locale: Locale): Article {
    const where = `CMS article ${locale}/${item.slug}`;
    const fields = {
      title: item.title,
      description: item.description,
      date: item.date,
      image: item.cover?.url ? mediaUrl(item.cover.url) : undefined,
      imageAlt: item.cover?.alternativeText ?? undefined,
    };
    return articleOf(item.slug, fields, item.body ?? "", where);
  }

  async function findPage(locale: Locale, kind: "screen" | "page", slug: string) {
    if (!contentSlugPattern.test(slug)) return undefined;
    const { data } = await list<StrapiPage>("pages", {
      locale: languageOf(locale),
      "filters[kind][$eq]": kind,
      "filters[slug][$eq]": slug,
      "pagination[limit]": "1",
    });
    const [item] = data;
    if (!item) return undefined;
    const fields = { title: item.title, description: item.description, layout: item.layout ?? undefined };
    return pageOf(item.slug, fields, item.body ?? "", `CMS ${kind} ${locale}/${item.slug}`);
  }

  const newestFirst = { "sort[0]": "date:desc", "sort[1]": "title:asc" };

  return {
    screen: (locale, key) => findPage(locale, "screen", key),
    page: (locale, slug) => findPage(locale, "page", slug),
    async articles(locale, { offset, limit }) {
      const { data, meta } = await list<StrapiArticle>("articles", {
        locale: languageOf(locale),
        ...newestFirst,
        "pagination[start]": String(offset),
        "pagination[limit]": String(limit),
        "populate[0]": "cover",
      });
      const articles = data.map((item) => summaryOf(toArticle(item, locale)));
      return { articles, total: meta?.pagination?.total ?? offset + articles.length };
    },
    async article(locale, slug) {
      if (!contentSlugPattern.test(slug)) return undefined;
      const { data } = await list<StrapiArticle>("articles", {
        locale: languageOf(locale),
        "filters[slug][$eq]": slug,
        "pagination[limit]": "1",
        "populate[0]": "cover",
      });
      return data[0] && toArticle(data[0], locale);
    },
    async slugs(locale) {
      const slugsOf = async (collection: string, filters: Record<string, string>) => {
        const query = { locale: languageOf(locale), ...filters, "fields[0]": "slug", "pagination[limit]": "1000" };
        const { data } = await list<{ slug: string }>(collection, query);
        return data.map((item) => item.slug).filter((slug) => contentSlugPattern.test(slug));
      };
      const [pages, articles] = await Promise.all([
        slugsOf("pages", { "filters[kind][$eq]": "page" }),
        slugsOf("articles", newestFirst),
      ]);
      return { pages, articles };
    },
  };
}
