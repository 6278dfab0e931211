import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/** A fresh nonce per response: only scripts that carry it run (the CSP is enforced). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; reportOrigins: string[]; formTargets?: string[] }
) {
  const connect = ["'self'", ...options.reportOrigins];
  // Remix's live reload talks over a WebSocket on its own port during development only.
  if (options.development) connect.push("ws://localhost:*", "ws://127.0.0.1:*");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
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
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Refuses form posts from other sites. SameSite=Lax cookies already keep the session out of
 * them; checking Origin also stops a foreign page from submitting orders in a visitor's name.
 * Browsers send Origin on every POST; requests without it (curl, tests) are not browsers.
 */
export function sameOriginPosts(publicHost: (req: Parameters<RequestHandler>[0]) => string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    if (!origin || origin === "null") return next();
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    if (originHost !== publicHost(req).toLowerCase()) {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    next();
  };
}
