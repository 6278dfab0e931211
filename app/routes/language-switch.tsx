import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { localeCookie } from "~/cookies.server";
import { isLocale, localizedPath, matchScreen } from "~/route-table";

/**
 * The language dropdown posts here (it works without JavaScript). The choice is remembered in
 * the locale cookie and the visitor lands on the same screen's path in that locale. Only our
 * own paths come out of the route table, so the form's `path` cannot redirect elsewhere.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const requested = form.get("locale");
  const locale = isLocale(requested) ? requested : context.locale;
  const current = new URL(String(form.get("path") ?? "/"), "http://shop.invalid");
  const match = current.origin === "http://shop.invalid" ? matchScreen(current.pathname) : null;
  const target = match
    ? localizedPath(match.screen, locale, context.variant.defaultLocale, match.params) + current.search
    : localizedPath("home", locale, context.variant.defaultLocale);
  return redirect(target, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(locale) } });
}

/** A GET here has nothing to show: send the visitor home. */
export function loader() {
  return redirect("/");
}
