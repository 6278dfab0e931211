/** A host name or an IPv4 address, or an IPv6 address in brackets, and an optional port: what a Host header holds. */
const hostPattern = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Whether a Host (or X-Forwarded-Host) header names a host a URL can be made of. Remix makes each request's URL of
 * it, and Connect each call's, with `new URL`, which throws on "a b" or "<x>"; a host like "a/b" or "a@b" would
 * parse, as another host and path than were sent. Both tiers refuse such a request with 400 first.
 */
export function isHostHeader(host: string): boolean {
  return hostPattern.test(host) && URL.canParse(`http://${host}/`);
}
