import { defer, json, redirect, type AppLoadContext, type HeadersFunction } from "@remix-run/node";
import { translatorOf } from "../shared/i18n/messages";
import type { Translate, TranslateOptions } from "../shared/i18n/translator";
import { UUID_PATTERN } from "../shared/input-limits";
import { languageOf, type ScreenId } from "../shared/route-table";

/** The translator for the request's language, for loaders and actions. */
export function translator(context: AppLoadContext): Translate {
  return translatorOf(languageOf(context.locale));
}

/**
 * The words of the pages' titles that are not a screen's own: the host's brand every title ends with (one name in
 * every language, the variant's), and the error page's titles. The root loader sends them: the browser's catalogue is a script of its own (decision 020), and a route's meta
 * (screen-meta.ts) runs before any component could translate.
 */
export function pageTitleWords(t: Translate, brand: string) {
  return { brand, notFound: t("pageError.notFoundPageTitle"), error: t("pageError.errorTitle") };
}

/** Order screens show a customer's stay and prices: no cache keeps them, not even the browser's back button. */
export const orderCacheControl = "private, no-store";

/** On from a post or a page of the order to another of its screens (303: the browser asks for it anew, by GET). */
export function toOrderScreen(path: string): Response {
  return redirect(path, { status: 303, headers: { "Cache-Control": orderCacheControl } });
}

/**
 * `cacheControl` replaces the default of every page and its data, "private, no-cache" (entry.server); `status` is the
 * page's status when it shows a refusal (a code not found is 404), 200 otherwise.
 */
type ScreenDataOptions = { titleOptions?: TranslateOptions; cacheControl?: string; status?: number };

/** Answers a screen's title and its description for search engines (and anything else it shows). */
export async function screenData<T extends object>(
  context: AppLoadContext,
  screen: ScreenId,
  extra: T = {} as T,
  { titleOptions, cacheControl, status }: ScreenDataOptions = {}
) {
  return json({ ...extra, ...screenTexts(context, screen, titleOptions) }, { status, headers: cacheHeaders(cacheControl) });
}

/** As screenData, for a screen some of whose data streams in after the page (Remix's `defer`). */
export function deferredScreenData<T extends Record<string, unknown>>(
  context: AppLoadContext,
  screen: ScreenId,
  extra: T,
  { cacheControl }: Pick<ScreenDataOptions, "cacheControl"> = {}
) {
  return defer({ ...extra, ...screenTexts(context, screen) }, { headers: cacheHeaders(cacheControl) });
}

function screenTexts(context: AppLoadContext, screen: ScreenId, titleOptions?: TranslateOptions) {
  const t = translator(context);
  return {
    title: t(`screens.${screen}.title`, titleOptions),
    description: t(`screens.${screen}.description`, titleOptions),
  };
}

const cacheHeaders = (cacheControl: string | undefined) =>
  cacheControl ? { "Cache-Control": cacheControl } : undefined;

/** The document of a screen carries its loader's Cache-Control; Remix sends none unless a route says so. */
export const loaderCacheHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

/** Loaders throw this when the path names something that does not exist (SPEC §2: 404 page). */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

export function requireUuid(value: string | undefined): string {
  if (!value || !UUID_PATTERN.test(value)) notFound();
  return value.toLowerCase();
}
