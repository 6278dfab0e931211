import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/form-body.server";
import { isLocale, switchedLocalePath } from "../../shared/route-table";

/**
 * The language dropdown posts here (it works without JavaScript). The choice is remembered in the locale cookie and
 * the visitor lands on the same screen's path in that locale. The path is rebuilt from the route table, so the form's
 * `path` cannot redirect elsewhere, nor make the redirect carry what a stranger typed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const requested = form.get("locale");
  // Only the host's own languages: another would land on a page the host sends back to its own (locale.ts).
  const locale = isLocale(requested) && context.variant.languages.includes(requested) ? requested : context.locale;
  const target = switchedLocalePath(form.get("path"), locale, context.variant.defaultLocale);
  return redirect(target, { status: 303, headers: { "Set-Cookie": await context.localeCookie.serialize(locale) } });
}

/** A GET here has nothing to show: send the visitor home. */
export function loader() {
  return redirect("/");
}
