import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import type { Config } from "../config";
import { gatewayOrigins } from "../adapters/gateways";
import { consentOf } from "../../shared/consent";
import { consentCookie, sessionCookie } from "./cookies";
import type { RequestResolver } from "./request-resolution";
import { requestIdOfAnswer } from "./request-log";
import { contentSecurityPolicy, createNonce } from "./security";

/** Who asks for a page and in which shop, with what is this answer's own. */
export type Visit = Awaited<ReturnType<ReturnType<typeof visitStarter>>>;

/**
 * Who asks and in which shop, resolved once per request, with the headers that are this answer's own: the session
 * cookie (a new visitor gets one) and the script nonce with the policy that names it; and the request's id, which
 * every answer has (request-log.ts).
 */
export function visitStarter(config: Config, resolver: RequestResolver) {
  const sidCookie = sessionCookie(config.secureCookies);
  const chosenConsentCookie = consentCookie(config.secureCookies);
  const reportOrigins = config.sentryDsn ? [new URL(config.sentryDsn).origin] : [];
  // A CMS serves its media from its own host.
  const imageOrigins = config.cms ? [new URL(config.cms.apiUrl).origin] : [];
  const formTargets = gatewayOrigins(config);

  return async (req: Request, res: Response) => {
    const { host, variant, localeResolution } = await resolver.resolve(req);
    const storedSessionId: unknown = await sidCookie.parse(req.get("cookie") ?? null);
    const consent = consentOf(await chosenConsentCookie.parse(req.get("cookie") ?? null));
    let sessionId: string;
    if (typeof storedSessionId === "string" && /^[0-9a-f-]{36}$/.test(storedSessionId)) {
      sessionId = storedSessionId;
    } else {
      sessionId = randomUUID();
      res.append("Set-Cookie", await sidCookie.serialize(sessionId));
    }
    const requestId = requestIdOfAnswer(res);

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
}
