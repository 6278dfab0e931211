/**
 * What a visitor agreed to beyond the cookies the shop cannot work without (their session id and their language):
 * Czech and Polish rules want an opt-in, so nothing optional runs until they choose, and rejecting is one click as
 * accepting is. The only optional part is the browser's monitoring (errors and speed sent to Sentry).
 */
export type Consent = { readonly monitoring: boolean };

/** The consent cookie's value; a version first, so a wider choice later asks again instead of reading an old "yes". */
export function consentValue(consent: Consent): string {
  return `1.${consent.monitoring ? "monitoring" : "necessary"}`;
}

/** The choice a cookie value records; null for none, an older version's or a tampered one: the visitor is asked. */
export function consentOf(value: unknown): Consent | null {
  if (value === "1.monitoring") return { monitoring: true };
  if (value === "1.necessary") return { monitoring: false };
  return null;
}
