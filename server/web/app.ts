import type { RequestListener } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import express, { type RequestHandler } from "express";
import type { Config } from "../config";
import { sandboxMountPath } from "../adapters/gateways";
import type { Logger } from "../logging/logger";
import type { Metrics } from "../metrics/metrics";
import { nearestProxysForwardedHeaders } from "./forwarded";
import { apiFirst, type ApiRequestListener } from "./front-door";
import { healthChecks } from "./health-checks";
import type { MessageScripts } from "./message-assets";
import { pages } from "./pages";
import { requestGuards } from "./request-guards";
import { answeredAs, requestLog } from "./request-log";
import { requestResolver } from "./request-resolution";
import { responseCompression } from "./response-compression";
import type { ApiEndpoint } from "./rpc-client";
import { securityHeaders } from "./security";
import { staticFiles } from "./static-files";

export type WebAppOptions = {
  config: Config;
  log: Logger;
  /** Where the requests are counted and timed, when the process serves metrics. */
  metrics?: Metrics;
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

/**
 * The server's request listener: the api's calls (when this process serves the api), then Express with the request's id
 * and log line, the health checks, the sandbox gateways and, when there is a Remix build, the static files, the
 * refusals before a page runs and the pages.
 */
export function createWebApp({
  config,
  log,
  metrics,
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
  // After the forwarded headers are cut to the nearest proxy's: the line names the host and client they say.
  app.use(requestLog({ config, log, metrics: metrics?.web, servesPages: remixBuild !== undefined }));
  app.use(responseCompression());
  app.use(securityHeaders({ hsts: config.secureCookies }));
  app.use(healthChecks(isReady));
  if (gatewaySandbox) app.use(sandboxMountPath, answeredAs("sandbox-gateway", gatewaySandbox));

  if (remixBuild) {
    if (!messageScripts) throw new Error("the pages need the browser's message catalogues with the Remix build");
    const resolver = requestResolver(config);
    app.use(staticFiles());
    app.use(requestGuards(resolver));
    app.use(pages({ config, log, resolver, remixBuild, messageScripts, inProcessApi }));
  }

  // The api's calls skip Express (decision 031); everything else is the app's.
  return api ? apiFirst(api, app, { hsts: config.secureCookies }) : app;
}
