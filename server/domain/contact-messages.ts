/**
 * How many contact messages one client may send: enough for a customer who writes again with what they forgot, too
 * few for a script to fill support's mailbox. A client may send at most CONTACT_MESSAGE_LIMIT messages in any
 * CONTACT_MESSAGE_WINDOW_MS.
 *
 * Plain data: instants are milliseconds since the epoch, `now` is passed in.
 */
export const CONTACT_MESSAGE_LIMIT = 5;
export const CONTACT_MESSAGE_WINDOW_MS = 60 * 60 * 1000;

export type ContactMessageVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Whether a client may send a message at `now`, `sentAt` being when it sent its messages within the window, oldest
 * first; if not, in how many whole seconds it may: when enough of them have left the window.
 */
export function contactMessageVerdict(sentAt: readonly number[], now: number): ContactMessageVerdict {
  const recent = sentAt.filter((at) => at > now - CONTACT_MESSAGE_WINDOW_MS);
  if (recent.length < CONTACT_MESSAGE_LIMIT) return { allowed: true };
  const freesASlot = recent[recent.length - CONTACT_MESSAGE_LIMIT]! + CONTACT_MESSAGE_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesASlot - now) / 1000)) };
}
