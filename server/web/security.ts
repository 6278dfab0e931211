import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** A fresh nonce per response: only scripts that carry it run (the CSP is enforced). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; reportOrigins: string[]; formTargets?: string[]; imageOrigins?: string[] }
) {
  const connect = ["'self'", ...options.reportOrigins];
  // Remix's live reload talks over a WebSocket on its own port during development only.
  if (options.development) connect.push("ws://localhost:*", "ws://127.0.0.1:*");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The stylesheet is inlined in the page's head (decision 058), under the page's nonce like its scripts.
    `style-src 'self' 'nonce-${nonce}'`,
    // A CMS serves its articles' pictures from its own host.
    `img-src ${["'self'", "data:", ...(options.imageOrigins ?? [])].join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    // Sending an order redirects its post to the payment gateway, and browsers hold such redirects to form-action.
    `form-action ${["'self'", ...(options.formTargets ?? [])].join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response carries; the CSP itself is set per document with its nonce. */
export function setSecurityHeaders(res: Pick<ServerResponse, "setHeader">, options: { hsts: boolean }): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  // Nothing the shop serves is for other sites to load (an order's PDF, an api answer): browsers refuse it to them.
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  return (_req, res, next) => {
    setSecurityHeaders(res, options);
    next();
  };
}

/**
 * Refuses every state-changing request (any method but GET, HEAD and OPTIONS) that another site sent, before a route
 * sees it: Remix checks nothing on its data requests (`?_data=`), so this is the one gate for page posts and data
 * posts alike. A foreign page could otherwise cancel an order in a visitor's name.
 * - Origin, when sent, must be this host. "null" is no site's (a sandboxed frame, a data: page, a privacy redirect).
 * - Without Origin, the browser's Sec-Fetch-Site must say same-origin.
 * - A request with neither is no browser's (curl, a server, a test): it carries no visitor's cookies to abuse.
 */
export function sameOriginPosts(publicHost: (req: Parameters<RequestHandler>[0]) => string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (sentByThisSite(req.get("origin"), req.get("sec-fetch-site"), publicHost(req))) return next();
    res.status(403).type("text/plain").send("Forbidden");
  };
}

function sentByThisSite(origin: string | undefined, fetchSite: string | undefined, host: string): boolean {
  if (origin !== undefined) return URL.canParse(origin) && new URL(origin).host.toLowerCase() === host.toLowerCase();
  return fetchSite === undefined || fetchSite === "same-origin";
}
