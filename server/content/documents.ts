import { isCalendarDate } from "../../shared/calendar-date";
import { escapeHtml } from "../../shared/html-escape";
import {
  contentLayouts,
  contentSlugPattern,
  type Article,
  type ArticleSummary,
  type ContentLayout,
  type ContentPage,
} from "./content-store";
import { renderMarkdown } from "./markdown";

/**
 * A page or an article made from its fields and its Markdown, whichever store holds them: each field a screen shows
 * must be there, so a broken document is refused where it is read, with its name, rather than shown half empty.
 */

export class ContentError extends Error {}

type Fields = Readonly<Record<string, string | undefined>>;

function required(fields: Fields, name: string, where: string): string {
  const value = fields[name]?.trim();
  if (!value) throw new ContentError(`${where}: "${name}" is missing`);
  return value;
}

function checkedSlug(slug: string, where: string): string {
  if (!contentSlugPattern.test(slug)) throw new ContentError(`${where}: "${slug}" is no slug (lowercase, hyphens)`);
  return slug;
}

export function pageOf(slug: string, fields: Fields, markdown: string, where: string): ContentPage {
  const { html, sections } = renderMarkdown(markdown);
  return {
    slug: checkedSlug(slug, where),
    title: required(fields, "title", where),
    description: required(fields, "description", where),
    html,
    sections,
    layout: layoutOf(fields.layout, where),
  };
}

function layoutOf(layout: string | undefined, where: string): ContentLayout {
  if (layout === undefined) return "sections";
  const known = contentLayouts.find((name) => name === layout.trim());
  if (!known) throw new ContentError(`${where}: layout "${layout}" is none of ${contentLayouts.join(", ")}`);
  return known;
}

export function articleOf(slug: string, fields: Fields, markdown: string, where: string): Article {
  const date = required(fields, "date", where);
  if (!isCalendarDate(date)) throw new ContentError(`${where}: date "${date}" is not YYYY-MM-DD`);
  const { html, sections } = renderMarkdown(markdown);
  // An article is read whole: its sections are part of its text.
  const sectionsHtml = sections.map(
    (section) => `<h2 id="${section.id}">${escapeHtml(section.heading)}</h2>${section.html}`
  );
  return {
    slug: checkedSlug(slug, where),
    title: required(fields, "title", where),
    description: required(fields, "description", where),
    date,
    image: { src: required(fields, "image", where), alt: required(fields, "imageAlt", where) },
    html: html + sectionsHtml.join(""),
  };
}

/** What a list shows of an article: all but its text. */
export function summaryOf({ slug, title, description, date, image }: Article): ArticleSummary {
  return { slug, title, description, date, image };
}

/** Newest first; articles of one day by title, so the order never depends on how a store lists them. */
export function newestFirst(a: { date: string; title: string }, b: { date: string; title: string }): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}
