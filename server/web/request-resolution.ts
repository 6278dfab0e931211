import type { Request } from "express";
import type { Config } from "../config";
import { localeCookie } from "./cookies";
import { publicHost } from "./forwarded";
import { resolveLocale } from "./locale";
import { variantForHost } from "../variants/shop-hosts";

/** Which shop a request is for and in which language, as every page and refusal of it is shown. */
export type RequestResolver = ReturnType<typeof requestResolver>;

/**
 * The variant by the host the visitor typed (as far as the trusted proxies say, forwarded.ts), and the locale by the
 * path's prefix, the language the visitor chose (a cookie) and the browser's languages (locale.ts).
 */
export function requestResolver(config: Config) {
  const chosenLocaleCookie = localeCookie(config.secureCookies);
  return {
    /** Where the language form remembers the visitor's choice. */
    localeCookie: chosenLocaleCookie,
    async resolve(req: Request) {
      const host = publicHost(req);
      const variant = variantForHost(host, config.domains);
      const url = new URL(req.originalUrl, "http://placeholder");
      const localeResolution = resolveLocale({
        pathname: url.pathname,
        search: url.search,
        variant,
        cookieLocale: await chosenLocaleCookie.parse(req.get("cookie") ?? null),
        acceptLanguage: req.get("accept-language"),
      });
      return { host, variant, localeResolution };
    },
  };
}
