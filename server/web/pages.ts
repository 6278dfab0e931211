import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { Router } from "express";
import { isbot } from "isbot";
import type { Config } from "../config";
import type { Logger } from "../logging/logger";
import { consentValue } from "../../shared/consent";
import type { MessageScripts } from "./message-assets";
import { reloadOtherBuilds } from "./other-build-reload";
import { createPageCache, type RenderedPage } from "./page-cache";
import { pageLoadContext } from "./page-load-context";
import type { RequestResolver } from "./request-resolution";
import type { ApiEndpoint } from "./rpc-client";
import { visitStarter, type Visit } from "./visit";

export type PagesOptions = {
  config: Config;
  log: Logger;
  resolver: RequestResolver;
  /** The Remix build; in development a function that hands out a fresh one per request. */
  remixBuild: ServerBuild | (() => Promise<ServerBuild>);
  messageScripts: MessageScripts;
  /** The api of this process called in memory (decision 023); without it, HTTP to API_URL. */
  inProcessApi?: ApiEndpoint;
};

/**
 * The pages: each request starts a visit (visit.ts); a page the same for every visitor is served from its last render
 * when it is kept (decision 030); any other is Remix's to render, with the load context every loader gets.
 */
export function pages({ config, log, resolver, remixBuild, messageScripts, inProcessApi }: PagesOptions): Router {
  const startVisit = visitStarter(config, resolver);
  const loadContextOf = pageLoadContext({ config, log, resolver, inProcessApi, messageScripts });
  const router = Router();

  // A page the same for every visitor is rendered once a moment, not once a visit (decision 030).
  const pageCache = createPageCache({ ttlMs: config.pageCacheTtlMs });
  router.use(async (req, res, next) => {
    try {
      const visit = await startVisit(req, res);
      const key = visit.localeResolution.redirect
        ? null
        : pageCache.keyOf({
            method: req.method,
            url: req.originalUrl,
            host: visit.host,
            locale: visit.localeResolution.locale,
            // The consent banner is on the page until the visitor chooses; the choice decides the browser's monitoring.
            consent: visit.consent ? consentValue(visit.consent) : "undecided",
            bot: isbot(req.get("user-agent") ?? ""),
          });
      const kept = key ? pageCache.find(key, visit.nonce) : undefined;
      if (kept) {
        for (const [name, value] of kept.headers) res.setHeader(name, value);
        // As any cache says of what it serves (RFC 9111): how long ago the page was rendered.
        res.setHeader("Age", String(kept.ageSeconds));
        res.status(200).end(kept.body);
        return;
      }
      res.locals.visit = visit;
      res.locals.keepPage = key ? (page: RenderedPage) => pageCache.keep(key, visit.nonce, page) : undefined;
      next();
    } catch (error) {
      next(error);
    }
  });

  // A development build changes under the server; production's is one for the process's life.
  if (typeof remixBuild !== "function") router.use(reloadOtherBuilds(remixBuild.assets.version));
  router.all(
    "*",
    createRequestHandler({
      build: remixBuild,
      mode: config.nodeEnv === "development" ? "development" : "production",
      getLoadContext: (req, res) => loadContextOf(req, res.locals.visit as Visit, res.locals.keepPage),
    })
  );
  return router;
}
