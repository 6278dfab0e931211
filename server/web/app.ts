import { randomUUID } from "node:crypto";
import type { RequestListener } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type RequestHandler } from "express";
import { isbot } from "isbot";
import { consentCookie, localeCookie, ownerKeysCookie, sessionCookie } from "./cookies";
import { messageAssetsFolder, messageAssetsUrlPath, type MessageScripts } from "./message-assets";
import { createRpcClient, type ApiEndpoint, type ShopClient } from "./rpc-client";
import { cachedBackendInfo } from "./backend-info";
import type { Config } from "../config";
import type { BrowserMonitoring, FrontendInfo, ShopLoadContext } from "./load-context";
import { boundedBodies, MAX_FORM_BODY_BYTES } from "./body-limit";
import { createPageCache, type RenderedPage } from "./page-cache";
import { resolveLocale } from "./locale";
import { refusalPage, type Refusal } from "./refusal-page";
import { fromTrustedProxy, hasUsableAddress, nearestProxysForwardedHeaders, publicHost } from "./forwarded";
import { gatewayOrigins, sandboxMountPath } from "../adapters/gateways";
import { apiFirst, type ApiRequestListener } from "./front-door";
import { reloadOtherBuilds } from "./other-build-reload";
import { createContentStore } from "../content";
import { captureRemixError } from "../monitoring/sentry.server";
import { releaseOf, tracesSampleRate } from "../monitoring/options";
import { contentSecurityPolicy, createNonce, sameOriginPosts, securityHeaders } from "./security";
import { variantForHost } from "../variants/shop-hosts";
import { productVariantFor } from "../variants/site-variants";
import { languageOf, localizedPath } from "../../shared/route-table";
import { consentOf, consentValue } from "../../shared/consent";

export type WebAppOptions = {
  config: Config;
  /** The Connect api, served under /api when this process serves it. */
  api?: ApiRequestListener;
  /** The api of this process called in memory, for the pages' calls (decision 023); without it, HTTP to API_URL. */
  inProcessApi?: ApiEndpoint;
  /** The sandbox payment gateways, served where the api runs when some gateway is not configured. */
  gatewaySandbox?: RequestHandler;
  /** The Remix build; in development a function that hands out a fresh one per request. */
  remixBuild?: ServerBuild | (() => Promise<ServerBuild>);
  /** The browser's message catalogues; the pages need them with the Remix build. */
  messageScripts?: MessageScripts;
  /** Readiness of what this process depends on (database, shutting down, ...). */
  isReady: () => Promise<boolean>;
};

const requestIdPattern = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The server's request listener: the api's calls (when this process serves the api), then Express with the health
 * checks, the sandbox gateways, the static files and, when there is a Remix build, the pages.
 */
export function createWebApp({
  config,
  api,
  inProcessApi,
  gatewaySandbox,
  remixBuild,
  messageScripts,
  isReady,
}: WebAppOptions): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // The proxies in front, by number or address (decision 039): X-Forwarded-For is read from its right end past them.
  app.set("trust proxy", config.trustProxy);
  app.use(nearestProxysForwardedHeaders());

  /** The api's calls skip Express (decision 031); everything else is the app's. */
  const withApi = (web: RequestListener): RequestListener =>
    api ? apiFirst(api, web, { hsts: config.secureCookies }) : web;

  app.use(compression());
  app.use(securityHeaders({ hsts: config.secureCookies }));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await isReady().catch(() => false);
    res
      .set("Cache-Control", "no-store")
      .status(ready ? 200 : 503)
      .type("text/plain")
      .send(ready ? "ready" : "not ready");
  });

  if (gatewaySandbox) app.use(sandboxMountPath, gatewaySandbox);
  if (!remixBuild) return withApi(app);
  if (!messageScripts) throw new Error("the pages need the browser's message catalogues with the Remix build");

  // Fingerprinted build assets never change under the same name.
  const fingerprinted = { immutable: true, maxAge: "1y", index: false } as const;
  app.use(messageAssetsUrlPath, express.static(messageAssetsFolder, fingerprinted));
  app.use("/build", express.static(path.resolve("public/build"), fingerprinted));
  const publicFiles = express.static(path.resolve("public"), { maxAge: "1h", index: false });
  // Only a path with a file extension can name a file there: a page's path would cost a failed file lookup.
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  const chosenLocaleCookie = localeCookie(config.secureCookies);
  /** The variant and locale of a request, as every page of it is shown in. */
  const resolveRequest = async (req: Request) => {
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
  };

  /** Answers a request refused before Remix runs with the shop's error page, in the visitor's language. */
  const refuse = async (req: Request, res: express.Response, status: Refusal) => {
    const { variant, localeResolution } = await resolveRequest(req);
    const home = localizedPath("home", localeResolution.locale, variant.defaultLocale);
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .set("Content-Security-Policy", contentSecurityPolicy(createNonce(), { development: false, reportOrigins: [] }))
      .type("html")
      .send(refusalPage(languageOf(localeResolution.locale), status, home));
  };

  // Remix makes each page's URL of the host and scheme, and `new URL` throws on a Host like "a b" (decision 039).
  app.use((req, res, next) => {
    if (hasUsableAddress(req)) return next();
    // Read and dropped, as a refused body is (body-limit.ts): the answer must not be lost with a reset connection.
    req.resume();
    refuse(req, res, 400).catch(next);
  });
  app.use(sameOriginPosts(publicHost));
  app.use(boundedBodies(MAX_FORM_BODY_BYTES, refuse));

  const sidCookie = sessionCookie(config.secureCookies);
  const chosenConsentCookie = consentCookie(config.secureCookies);
  const keptOwnerKeysCookie = ownerKeysCookie(config.secureCookies);
  const reportOrigins = config.sentryDsn ? [new URL(config.sentryDsn).origin] : [];
  const content = createContentStore(config);
  const browserMonitoring: BrowserMonitoring | null = config.sentryDsn
    ? { dsn: config.sentryDsn, environment: config.env, release: releaseOf(config.build), tracesSampleRate }
    : null;
  // A CMS serves its media from its own host.
  const imageOrigins = config.cms ? [new URL(config.cms.apiUrl).origin] : [];
  const formTargets = gatewayOrigins(config);

  // The info panel's facts that do not depend on the request, gathered once.
  const buildFacts: Omit<FrontendInfo, "serverDomain" | "defaultLanguage"> = {
    buildNumber: config.build.buildNumber,
    sourceBranch: config.build.branch,
    sourceVersion: config.build.commit,
    apiUrl: config.apiUrl,
    cmsApiUrl: config.cmsApiUrl,
    port: config.port,
    domainCz: config.domains.cz,
    domainPl: config.domains.pl,
    domainWlPluxeeCz: config.domains.wlPluxeeCz,
  };

  const apiEndpoint: ApiEndpoint = inProcessApi ?? { baseUrl: config.apiUrl };
  // Asked of the api on behalf of no visitor: the same facts for every page.
  const backendInfo = cachedBackendInfo(createRpcClient({ api: apiEndpoint, productVariant: {}, headers: {} }));

  /**
   * Who asks and in which shop, resolved once per request, with the headers that are this answer's own: the session
   * cookie (a new visitor gets one), the request id, and the script nonce with the policy that names it.
   */
  const startVisit = async (req: Request, res: express.Response) => {
    const { host, variant, localeResolution } = await resolveRequest(req);
    const storedSessionId: unknown = await sidCookie.parse(req.get("cookie") ?? null);
    const consent = consentOf(await chosenConsentCookie.parse(req.get("cookie") ?? null));
    let sessionId: string;
    if (typeof storedSessionId === "string" && /^[0-9a-f-]{36}$/.test(storedSessionId)) {
      sessionId = storedSessionId;
    } else {
      sessionId = randomUUID();
      res.append("Set-Cookie", await sidCookie.serialize(sessionId));
    }
    const incomingRequestId = fromTrustedProxy(req) ? req.get("x-request-id") : undefined;
    const requestId = incomingRequestId && requestIdPattern.test(incomingRequestId) ? incomingRequestId : randomUUID();
    res.setHeader("X-Request-Id", requestId);

    const nonce = createNonce();
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        development: config.nodeEnv === "development",
        reportOrigins,
        formTargets,
        imageOrigins,
      })
    );
    if (variant.noindex) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Vary", "Cookie, Accept-Language");
    return { host, variant, localeResolution, sessionId, requestId, nonce, consent };
  };
  type Visit = Awaited<ReturnType<typeof startVisit>>;

  // A page the same for every visitor is rendered once a moment, not once a visit (decision 030).
  const pageCache = createPageCache({ ttlMs: config.pageCacheTtlMs });
  app.use(async (req, res, next) => {
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

  const getLoadContext = (req: Request, res: express.Response): ShopLoadContext => {
    const { host, variant, localeResolution, sessionId, requestId, nonce, consent } = res.locals.visit as Visit;
    let rpc: ShopClient | undefined;
    return {
      variant,
      locale: localeResolution.locale,
      localeResolution,
      localeCookie: chosenLocaleCookie,
      consent,
      consentCookie: chosenConsentCookie,
      ownerKeysCookie: keptOwnerKeysCookie,
      nonce,
      sessionId,
      requestId,
      env: config.env,
      // Made on a loader's first call: most pages ask the api nothing, and a client is a transport and a method table.
      get rpc() {
        return (rpc ??= createRpcClient({
          api: apiEndpoint,
          productVariant: productVariantFor(variant, localeResolution.locale),
          // Whom the api serves, for what it counts per client (decision 015): the visitor, as express knows them
          // (from X-Forwarded-For only as far as TRUST_PROXY trusts the proxies that wrote it), not this web server.
          headers: {
            "X-Session-Id": sessionId,
            "X-Request-Id": requestId,
            ...(req.ip ? { "X-Forwarded-For": req.ip } : {}),
          },
        }));
      },
      frontendInfo: { ...buildFacts, serverDomain: host, defaultLanguage: variant.defaultLocale },
      backendInfo,
      reportError: captureRemixError,
      browserMonitoring,
      content,
      messageScripts,
      keepPage: res.locals.keepPage as ShopLoadContext["keepPage"],
    };
  };

  // A development build changes under the server; production's is one for the process's life.
  if (remixBuild && typeof remixBuild !== "function") app.use(reloadOtherBuilds(remixBuild.assets.version));
  app.all(
    "*",
    createRequestHandler({
      build: remixBuild,
      mode: config.nodeEnv === "development" ? "development" : "production",
      getLoadContext,
    })
  );
  return withApi(app);
}
