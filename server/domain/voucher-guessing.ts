/**
 * How many wrong voucher codes one client may try (decision 015), so that codes, which carry money, cannot be found
 * by guessing.
 *
 * A code that names no voucher or coupon is wrong. A client may try at most WRONG_CODE_LIMIT distinct wrong codes in
 * any WRONG_CODE_WINDOW_MS. A wrong code sent again is not counted again, since it tells nothing new (a customer's typo
 * stays in the field while the price is updated); it only stays recent for longer. Once the limit is reached every
 * request with codes is refused, a right code too, until the oldest wrong code is out of the window: were a right code
 * answered, the refusal itself would tell a guesser that the codes were wrong.
 *
 * Plain data: instants are milliseconds since the epoch, `now` is passed in.
 */

export const WRONG_CODE_LIMIT = 10;
export const WRONG_CODE_WINDOW_MS = 15 * 60 * 1000;

/** A wrong code a client tried, and when it last did. */
export interface WrongCodeTry {
  readonly code: string;
  readonly at: number;
}

export type WrongCodeVerdict =
  | { readonly allowed: true; readonly recent: WrongCodeTry[] }
  | { readonly allowed: false; readonly recent: WrongCodeTry[]; readonly retryAfterSeconds: number };

/**
 * Whether a client's request with codes may be answered, `wrong` being the codes in it that name nothing, given the
 * client's `recent` wrong codes. Also what to remember of the client instead of `recent`: its tries still within the
 * window, this request's wrong codes stamped `now`. A request that would pass the limit is refused and uses up what
 * was left, so that it cannot be split to find out how many of its codes were wrong.
 */
export function judgeVoucherCodes(
  recent: readonly WrongCodeTry[],
  wrong: readonly string[],
  now: number
): WrongCodeVerdict {
  const kept = recent.filter((attempt) => now - attempt.at < WRONG_CODE_WINDOW_MS);
  if (kept.length >= WRONG_CODE_LIMIT) return refused(kept, now);
  const wrongNow = new Set(wrong);
  const stillRecent = kept.filter((attempt) => !wrongNow.has(attempt.code));
  const stamped = [...wrongNow].map((code) => ({ code, at: now }));
  const next = [...stillRecent, ...stamped];
  if (next.length <= WRONG_CODE_LIMIT) return { allowed: true, recent: next };
  const known = new Set(kept.map((attempt) => attempt.code));
  const unknown = stamped.filter((attempt) => !known.has(attempt.code));
  return refused([...kept, ...unknown.slice(0, WRONG_CODE_LIMIT - kept.length)], now);
}

/** Refused until enough of the tries are out of the window for the client to be below the limit again. */
function refused(tries: WrongCodeTry[], now: number): WrongCodeVerdict {
  const oldestFirst = tries.map((attempt) => attempt.at).sort((a, b) => a - b);
  const freeingAt = oldestFirst[oldestFirst.length - WRONG_CODE_LIMIT]! + WRONG_CODE_WINDOW_MS;
  return { allowed: false, recent: tries, retryAfterSeconds: Math.max(1, Math.ceil((freeingAt - now) / 1000)) };
}
