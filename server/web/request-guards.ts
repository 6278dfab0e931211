import { Router, type Request, type Response } from "express";
import { languageOf, localizedPath } from "../../shared/route-table";
import { boundedBodies, MAX_FORM_BODY_BYTES } from "./body-limit";
import { hasUsableAddress, publicHost } from "./forwarded";
import { refusalPage, type Refusal } from "./refusal-page";
import type { RequestResolver } from "./request-resolution";
import { contentSecurityPolicy, createNonce, sameOriginPosts } from "./security";

/**
 * What is refused before a page runs, with the shop's error page in the visitor's language: a request whose host or
 * scheme makes no URL, a post from another origin, a body over the bound.
 */
export function requestGuards(resolver: RequestResolver): Router {
  const refuse = async (req: Request, res: Response, status: Refusal) => {
    const { variant, localeResolution } = await resolver.resolve(req);
    const home = localizedPath("home", localeResolution.locale, variant.defaultLocale);
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .set("Content-Security-Policy", contentSecurityPolicy(createNonce(), { development: false, reportOrigins: [] }))
      .type("html")
      .send(refusalPage(languageOf(localeResolution.locale), status, home));
  };

  const router = Router();
  // Remix makes each page's URL of the host and scheme, and `new URL` throws on a Host like "a b" (decision 039).
  router.use((req, res, next) => {
    if (hasUsableAddress(req)) return next();
    // Read and dropped, as a refused body is (body-limit.ts): the answer must not be lost with a reset connection.
    req.resume();
    refuse(req, res, 400).catch(next);
  });
  router.use(sameOriginPosts(publicHost));
  router.use(boundedBodies(MAX_FORM_BODY_BYTES, refuse));
  return router;
}
