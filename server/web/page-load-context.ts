import type { Request } from "express";
import type { Config } from "../config";
import { createContentStore } from "../content";
import type { Logger } from "../logging/logger";
import { captureRemixError } from "../monitoring/sentry.server";
import { releaseOf, tracesSampleRate } from "../monitoring/options";
import { cachedBackendInfo } from "./backend-info";
import { consentCookie, ownerKeysCookie } from "./cookies";
import type { BrowserMonitoring, FrontendInfo, ShopLoadContext } from "./load-context";
import type { MessageScripts } from "./message-assets";
import type { RenderedPage } from "./page-cache";
import type { RequestResolver } from "./request-resolution";
import { createRpcClient, type ApiEndpoint, type ShopClient } from "./rpc-client";
import { productVariantFor } from "../variants/site-variants";
import type { Visit } from "./visit";

export type PageLoadContextOptions = {
  config: Config;
  log: Logger;
  resolver: RequestResolver;
  /** The api of this process called in memory (decision 023); without it, HTTP to API_URL. */
  inProcessApi?: ApiEndpoint;
  messageScripts: MessageScripts;
};

/**
 * What every loader gets (load-context.ts): the visit, the api client that speaks for the visitor, the cookies, and
 * what the process holds for every page (the content store, the api's facts, the browser's catalogues).
 */
export function pageLoadContext({ config, log, resolver, inProcessApi, messageScripts }: PageLoadContextOptions) {
  const chosenConsentCookie = consentCookie(config.secureCookies);
  const keptOwnerKeysCookie = ownerKeysCookie(config.secureCookies);
  const content = createContentStore(config);
  const browserMonitoring: BrowserMonitoring | null = config.sentryDsn
    ? { dsn: config.sentryDsn, environment: config.env, release: releaseOf(config.build), tracesSampleRate }
    : null;

  // The info panel's facts about this web build and the host asked, in the order the panel lists them.
  const buildFacts = (host: string, defaultLanguage: FrontendInfo["defaultLanguage"]): FrontendInfo => ({
    buildNumber: config.build.buildNumber,
    sourceBranch: config.build.branch,
    sourceVersion: config.build.commit,
    serverDomain: host,
    apiUrl: config.apiUrl,
    cmsApiUrl: config.cmsApiUrl,
    defaultLanguage,
    port: config.port,
    domainCz: config.domains.cz,
    domainPl: config.domains.pl,
    domainWlPluxeeCz: config.domains.wlPluxeeCz,
  });

  const apiEndpoint: ApiEndpoint = inProcessApi ?? { baseUrl: config.apiUrl };
  // Asked of the api on behalf of no visitor: the same facts for every page.
  const backendInfo = cachedBackendInfo(createRpcClient({ api: apiEndpoint, productVariant: {}, headers: {} }), log);

  return (req: Request, visit: Visit, keepPage?: (page: RenderedPage) => void): ShopLoadContext => {
    const { host, variant, localeResolution, sessionId, requestId, nonce, consent } = visit;
    let rpc: ShopClient | undefined;
    return {
      variant,
      locale: localeResolution.locale,
      localeResolution,
      localeCookie: resolver.localeCookie,
      consent,
      consentCookie: chosenConsentCookie,
      ownerKeysCookie: keptOwnerKeysCookie,
      nonce,
      sessionId,
      requestId,
      env: config.env,
      operator: config.operator,
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
      frontendInfo: buildFacts(host, variant.defaultLocale),
      backendInfo,
      logError: (error) => log.error({ requestId, err: error }, "page failed"),
      reportError: captureRemixError,
      browserMonitoring,
      content,
      messageScripts,
      checkingPageAfterMs: config.checkingPageAfterMs,
      keepPage,
    };
  };
}
