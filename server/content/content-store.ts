import type { Locale } from "../../shared/route-table";
import type { RenderedSection } from "./markdown";

/**
 * The site's content (DESIGN.md §6): the text of some screens (how it works, the partner pages), free-standing pages
 * (the FAQ, branches) and inspiration articles, per locale, rendered to HTML. A locale of a language (the Pluxee white
 * label's cs-pluxee) has the language's content, with what it words its own way in its place. The embedded default
 * reads the repository's `content/` folder (markdown-files.ts); with CMS_API_URL a CMS serves the same
 * (strapi-cms.ts).
 */

/** The screens whose text is content, each under its own key in every language. */
export const screenContentKeys = [
  "how-it-works",
  "partner-up",
  "partner-pluxee",
  "partner-edenred",
  "partner-benefit-systems",
  "edenred-2024",
] as const;
export type ScreenContentKey = (typeof screenContentKeys)[number];

export interface ContentPage {
  readonly slug: string;
  readonly title: string;
  /** For search engines (the page's meta description). */
  readonly description: string;
  /** The intro, before the first section. */
  readonly html: string;
  readonly sections: readonly RenderedSection[];
  /**
   * How the sections are shown: one after another, as questions that open to their answers (the FAQ), or as places
   * beside a map of them (the branches, each section's first line its address).
   */
  readonly layout: ContentLayout;
}

export const contentLayouts = ["sections", "questions", "places"] as const;
export type ContentLayout = (typeof contentLayouts)[number];

export interface ArticleSummary {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** The day it was published, YYYY-MM-DD. */
  readonly date: string;
  readonly image: { readonly src: string; readonly alt: string };
}

export interface Article extends ArticleSummary {
  readonly html: string;
}

export interface ArticleList {
  /** Newest first. */
  readonly articles: readonly ArticleSummary[];
  /** How many there are in all, for the list to know whether more can be loaded. */
  readonly total: number;
}

export interface ContentStore {
  screen(locale: Locale, key: ScreenContentKey): Promise<ContentPage | undefined>;
  /** A free-standing page by its path in that locale's language, e.g. "faq" or "pobocky". */
  page(locale: Locale, slug: string): Promise<ContentPage | undefined>;
  articles(locale: Locale, range: { offset: number; limit: number }): Promise<ArticleList>;
  article(locale: Locale, slug: string): Promise<Article | undefined>;
  /** Every free-standing page's and article's slug in a locale, for the sitemap. */
  slugs(locale: Locale): Promise<{ pages: readonly string[]; articles: readonly string[] }>;
}

/** A slug as content may have one: lowercase ASCII words joined by hyphens. Anything else is no content's. */
export const contentSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
