import type { Request, RequestHandler } from "express";
import { isHostHeader } from "../../shared/host-header";

/**
 * What the proxies in front of the web tier say about a request, believed as far as TRUST_PROXY says (decision 039).
 * The app gives TRUST_PROXY to Express as its `trust proxy` setting, and Express 4 (lib/request.js) then:
 * - reads X-Forwarded-For from its right end for `req.ip`, past the proxies it trusts (by count or by address): the
 *   first entry not a trusted proxy's is the client, and what the client itself wrote further left is never read;
 * - for `req.hostname` and `req.protocol`, asks only whether the socket's peer is trusted (hop 0) and then takes the
 *   LEFT-most entry of X-Forwarded-Host and X-Forwarded-Proto. Remix makes each request's URL of those two. A proxy
 *   that appends its entry to what the client sent would leave the client's word there, so the headers are cut to the
 *   nearest proxy's entry first (`nearestProxysForwardedHeaders`).
 */

/** Whether the socket's peer is a proxy TRUST_PROXY trusts: Express's own compiled setting, asked as Express asks. */
export function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trust(req.socket.remoteAddress, 0);
}

const forwardedHeaders = ["x-forwarded-host", "x-forwarded-proto"] as const;

/**
 * Leaves X-Forwarded-Host and X-Forwarded-Proto as the nearest proxy wrote them, their right-most entry, when that
 * proxy is trusted, and removes them otherwise: Express's `req.hostname` and `req.protocol`, Remix's request URL and
 * `publicHost` then all read that one proxy's word, or the request's own.
 */
export function nearestProxysForwardedHeaders(): RequestHandler {
  return (req, _res, next) => {
    const trusted = fromTrustedProxy(req);
    for (const name of forwardedHeaders) {
      const value = req.headers[name];
      if (value === undefined) continue;
      const nearest = trusted ? String(value).split(",").at(-1)!.trim() : "";
      if (nearest) req.headers[name] = nearest;
      else delete req.headers[name];
    }
    next();
  };
}

/** The host the visitor typed: the nearest trusted proxy's X-Forwarded-Host, else the Host header. */
export function publicHost(req: Request): string {
  return req.get("x-forwarded-host") || req.get("host") || "localhost";
}

/**
 * Whether a URL can be made of the request's host and scheme, as Remix makes one for every page: a Host like "a b" or
 * a forwarded scheme other than http(s) is a bad request, not a failure of the page.
 */
export function hasUsableAddress(req: Request): boolean {
  const scheme = req.get("x-forwarded-proto")?.toLowerCase();
  return isHostHeader(publicHost(req)) && (scheme === undefined || scheme === "http" || scheme === "https");
}
