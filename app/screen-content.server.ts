import { json, type AppLoadContext } from "@remix-run/node";
import type { ContentPage, ScreenContentKey } from "../server/content/content-store";
import { notFound } from "~/screen.server";

/**
 * The content store's pages for the screens (server/content): the store is the web server's, handed over in the load
 * context, and asked in the page's locale (cs-pluxee has cs's content, with the white label's own wording in places).
 */

/** A screen's text from the content store; a language without it answers the 404 page. */
export async function screenContent(context: AppLoadContext, key: ScreenContentKey): Promise<ContentPage> {
  return (await context.content.screen(context.locale, key)) ?? notFound();
}

/**
 * A content page's data: its own title and description are the page's (screen-meta.ts), sent once, beside its body
 * (every byte of the data is a byte more of each page, decision 020's budget).
 */
export function contentPageData<T extends object>(page: ContentPage, extra: T = {} as T) {
  const { title, description, ...body } = page;
  return json({ ...extra, title, description, page: body });
}
