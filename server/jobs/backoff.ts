/**
 * When a failed job runs again: pure rules, the clock is passed in.
 * Delays double with each attempt (a gateway or provider that is down gets time to recover) up to a cap,
 * so a long outage does not push the next try days away.
 */
export interface BackoffPolicy {
  /** Delay after the first failed attempt. */
  baseMs: number;
  /** No delay grows beyond this. */
  maxMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 30_000, maxMs: 60 * 60_000 };

/** Delay before the next try after `attempts` (1 or more) failed attempts: base · 2^(attempts−1), capped. */
export function backoffDelayMs(attempts: number, policy: BackoffPolicy = defaultBackoff): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows to Infinity for very large exponents; Math.min still yields the cap.
  return Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
}

export type FailureOutcome = { status: "retry"; runAt: Date } | { status: "dead" };

/** After a failed attempt: retry later, or give up once every allowed attempt has been used. */
export function afterFailure(
  job: { attempts: number; maxAttempts: number },
  now: Date,
  policy: BackoffPolicy = defaultBackoff,
): FailureOutcome {
  if (job.attempts >= job.maxAttempts) return { status: "dead" };
  return { status: "retry", runAt: new Date(now.getTime() + backoffDelayMs(job.attempts, policy)) };
}
