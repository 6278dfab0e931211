import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { endpoints, matchScreen } from "../../shared/route-table";
import type { Config } from "../config";
import type { Logger } from "../logging/logger";
import type { Metrics } from "../metrics/metrics";
import { variantForHost } from "../variants/shop-hosts";
import { fromTrustedProxy, publicHost } from "./forwarded";

/** What a proxy may name a request by: long enough to be unique, unable to forge a log line. */
const requestIdPattern = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id, which every answer carries (X-Request-Id), the pages send on to the api and every log line of the
 * request names: the one the nearest proxy sent, when TRUST_PROXY trusts it and the id is sane (the load balancer's
 * unique id, docs/operations.md), else a new one. A client's own X-Request-Id is never believed: anyone could make
 * their requests look like another's in the log.
 */
function requestIdOf(req: Request): string {
  const incoming = fromTrustedProxy(req) ? req.get("x-request-id") : undefined;
  return incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/** The request id `requestLog` gave the request. */
export function requestIdOfAnswer(res: Response): string {
  return res.locals.requestId as string;
}

/** Answers the server gives itself, before any page: named by their handler, as `answeredAs` does. */
export type ServerRoute = "static" | "healthz" | "readyz" | "sandbox-gateway";

/** Asked for all the time (a probe every few seconds, a page's dozen files): logged at debug only. */
const quietRoutes: ReadonlySet<string> = new Set<ServerRoute>(["static", "healthz", "readyz"]);

/** `handler`, whose answers are logged and counted as `route`; a request it passes on is named by what answers it. */
export function answeredAs(route: ServerRoute, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.locals.route = route;
    handler(req, res, (error?: unknown) => {
      delete res.locals.route;
      next(error);
    });
  };
}

/** Where Remix's browser router asks for the routes of a link it meets (lazy route discovery). */
const remixManifestPath = "/__manifest";

/** A page's route: the endpoint's or the screen's id in the route table, whatever the locale; never the path. */
export function pageRouteOf(pathname: string): string {
  if (pathname === remixManifestPath) return "remix-manifest";
  for (const [id, endpoint] of Object.entries(endpoints)) if (pathname === `/${endpoint.path}`) return id;
  return matchScreen(pathname)?.screen ?? "unknown";
}

export interface RequestLogOptions {
  config: Config;
  log: Logger;
  /** Unset when the process serves no metrics. */
  metrics?: Metrics["web"];
  /** Whether this process renders pages: a request no other handler named is then a page's. */
  servesPages: boolean;
}

/**
 * Gives every request its id (`requestIdOf`) and, once it is answered, one log line and its count and duration in the
 * metrics (decision 047): the id, the variant (by the host), the route (a screen of the route table, an endpoint or
 * what the server answers itself, never the path with its ids and query), the method, the status, the duration and
 * the client's address as far as TRUST_PROXY trusts the proxies that name it. Nothing the visitor sent besides: no
 * query, no body, no cookie.
 */
export function requestLog({ config, log, metrics, servesPages }: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const seconds = (performance.now() - startedAt) / 1_000;
      const named = res.locals.route as ServerRoute | undefined;
      const route = named ?? (servesPages ? pageRouteOf(req.originalUrl.split("?", 1)[0]!) : "none");
      const status = res.statusCode;
      metrics?.requests.inc({ route, status: String(status) });
      metrics?.duration.observe({ route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      const level = quietRoutes.has(route) ? "debug" : status >= 500 ? "warn" : "info";
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          requestId,
          variant: variantForHost(publicHost(req), config.domains).key,
          route,
          method: req.method,
          status,
          durationMs: Math.round(seconds * 1_000),
          client: req.ip,
        },
        "request"
      );
    });
    next();
  };
}
