import { json, type AppLoadContext } from "@remix-run/node";
import type { ContentPage, ScreenContentKey } from "../../server/content/content-store";
import { languageOf } from "../../shared/route-table";
import { notFound } from "~/screen.server";

/**
 * The content store's pages for the screens (server/content): the store is the web server's, handed over in the load
 * context; its language is the page's (cs-pluxee reads cs).
 */

export function contentLanguage(context: AppLoadContext) {
  return languageOf(context.locale);
}

/** A screen's text from the content store; a language without it answers the 404 page. */
export async function screenContent(context: AppLoadContext, key: ScreenContentKey): Promise<ContentPage> {
  return (await context.content.screen(contentLanguage(context), key)) ?? notFound();
}

/** A content page's data: its own title and description are the page's (screen-meta.ts). */
export function contentPageData<T extends object>(page: ContentPage, extra: T = {} as T) {
  return json({ ...extra, title: page.title, description: page.description, page });
}
