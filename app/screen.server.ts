import { json, type AppLoadContext } from "@remix-run/node";
import type { TOptions } from "i18next";
import { i18n } from "~/i18n/i18n.server";
import { languageOf, type ScreenId } from "~/route-table";

/** The translator for the request's language, for loaders and actions. */
export function translator(context: AppLoadContext) {
  return i18n.getFixedT(languageOf(context.locale));
}

/** Answers a screen's title (and anything else it shows), never cached by shared caches. */
export async function screenData<T extends object>(
  context: AppLoadContext,
  screen: ScreenId,
  extra: T = {} as T,
  titleOptions?: TOptions,
) {
  const t = await translator(context);
  return json(
    { ...extra, title: t(`screens.${screen}.title`, titleOptions ?? {}) as string },
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}

/** Loaders throw this when the path names something that does not exist (SPEC §2: 404 page). */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(value: string | undefined): string {
  if (!value || !uuidPattern.test(value)) notFound();
  return value.toLowerCase();
}
