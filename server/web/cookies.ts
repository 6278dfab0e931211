import { createCookie } from "@remix-run/node";

/**
 * The shop's cookies. They are read by the web server before Remix runs and written by
 * Remix actions, so they are defined once here. `secure` is the configuration's
 * `secureCookies`: development runs over plain HTTP, where a browser would drop them.
 */

/** SPEC §2: the chosen locale is remembered for 365 days, path root, same-site lax. */
export function localeCookie(secure: boolean) {
  return createCookie("locale", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60, secure });
}

/**
 * An anonymous session id sent to the api on every call (X-Session-Id), so a customer's
 * calls can be followed in the logs. It is random and carries nothing else.
 */
export function sessionCookie(secure: boolean) {
  return createCookie("sid", { path: "/", sameSite: "lax", httpOnly: true, secure });
}

/**
 * What the visitor chose of the optional cookies and scripts (shared/consent.ts). Kept for 180 days, after which
 * they are asked again, as the Czech and Polish regulators advise.
 */
export function consentCookie(secure: boolean) {
  return createCookie("consent", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 180 * 24 * 60 * 60, secure });
}

/**
 * The owner keys of the orders this browser made or opened from their customer's e-mail (decision 041): what lets it
 * cancel an order or move a payment. HttpOnly, so no script reads them; kept as long as an order may still change.
 */
export function ownerKeysCookie(secure: boolean) {
  return createCookie("orders", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 400 * 24 * 60 * 60, secure });
}
