import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  judgeVoucherCodes,
  WRONG_CODE_LIMIT,
  WRONG_CODE_WINDOW_MS,
  type WrongCodeTry,
} from "./voucher-guessing";

const start = Date.parse("2026-11-21T10:00:00Z");
const minute = 60_000;
const codes = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/** A client's requests in turn: how long after the previous one each came, and its wrong codes (up to 5). */
const requests = fc.array(
  fc.record({
    after: fc.oneof(fc.integer({ min: 0, max: 2 * minute }), fc.integer({ min: 0, max: 20 * minute })),
    // A small pool, so codes come again; fewer than the limit's double, so the limit is reached and left often.
    wrong: fc.uniqueArray(fc.integer({ min: 0, max: 25 }).map(String), { maxLength: 5 }),
  }),
  { maxLength: 60 }
);

/** Plays the requests against the rule, keeping what it says to keep; answers each request's time and verdict. */
function play(sequence: { after: number; wrong: string[] }[]) {
  let recent: WrongCodeTry[] = [];
  let now = start;
  return sequence.map(({ after, wrong }) => {
    now += after;
    const verdict = judgeVoucherCodes(recent, wrong, now);
    recent = verdict.recent;
    return { now, wrong, verdict };
  });
}

describe("wrong voucher codes a client may try", () => {
  it("answers 10 wrong codes in 15 minutes, then nothing, a right code neither, until the first is 15 minutes old", () => {
    let recent: WrongCodeTry[] = [];
    for (const [i, code] of codes("w", WRONG_CODE_LIMIT).entries()) {
      const verdict = judgeVoucherCodes(recent, [code], start + i * minute);
      expect(verdict.allowed).toBe(true);
      recent = verdict.recent;
    }
    const eleventh = judgeVoucherCodes(recent, ["w10"], start + 10 * minute);
    expect(eleventh).toEqual({ allowed: false, recent, retryAfterSeconds: 5 * 60 });
    expect(judgeVoucherCodes(recent, [], start + 14 * minute).allowed).toBe(false);
    expect(judgeVoucherCodes(recent, [], start + 15 * minute - 1).allowed).toBe(false);
    expect(judgeVoucherCodes(recent, ["w10"], start + 15 * minute).allowed).toBe(true);
  });

  it("refuses a request that would pass the limit, and counts it as using up what was left", () => {
    const first = judgeVoucherCodes([], codes("a", 5), start);
    const second = judgeVoucherCodes(first.recent, codes("b", 4), start + minute);
    expect(second.allowed).toBe(true);
    const third = judgeVoucherCodes(second.recent, codes("c", 2), start + 2 * minute);
    expect(third).toMatchObject({ allowed: false, retryAfterSeconds: 13 * 60 });
    expect(third.recent).toHaveLength(WRONG_CODE_LIMIT);
    expect(judgeVoucherCodes(third.recent, [], start + 2 * minute).allowed).toBe(false);
  });

  it("never answers more than 10 distinct wrong codes within any 15 minutes", () => {
    fc.assert(
      fc.property(requests, (sequence) => {
        const played = play(sequence);
        const answered = played.filter(({ verdict }) => verdict.allowed);
        for (const last of answered) {
          const within = answered.filter(({ now }) => now > last.now - WRONG_CODE_WINDOW_MS && now <= last.now);
          expect(new Set(within.flatMap(({ wrong }) => wrong)).size).toBeLessThanOrEqual(WRONG_CODE_LIMIT);
        }
      })
    );
  });

  it("refuses a request with only right codes exactly when 10 wrong ones are recent", () => {
    fc.assert(
      fc.property(requests, fc.integer({ min: 0, max: 20 * minute }), (sequence, after) => {
        const played = play(sequence);
        const recent = played.at(-1)?.verdict.recent ?? [];
        const now = (played.at(-1)?.now ?? start) + after;
        const within = recent.filter((attempt) => now - attempt.at < WRONG_CODE_WINDOW_MS);
        expect(judgeVoucherCodes(recent, [], now).allowed).toBe(within.length < WRONG_CODE_LIMIT);
      })
    );
  });

  it("says to wait exactly as long as the refusal lasts, never more than 15 minutes", () => {
    fc.assert(
      fc.property(requests, (sequence) => {
        for (const { now, verdict } of play(sequence)) {
          if (verdict.allowed) continue;
          const wait = verdict.retryAfterSeconds;
          expect(wait).toBeGreaterThanOrEqual(1);
          expect(wait).toBeLessThanOrEqual(WRONG_CODE_WINDOW_MS / 1000);
          if (wait > 1) expect(judgeVoucherCodes(verdict.recent, [], now + (wait - 1) * 1000).allowed).toBe(false);
          expect(judgeVoucherCodes(verdict.recent, [], now + wait * 1000).allowed).toBe(true);
        }
      })
    );
  });

  it("remembers no more than 10 tries of a client, each wrong code once", () => {
    fc.assert(
      fc.property(requests, (sequence) => {
        for (const { verdict } of play(sequence)) {
          expect(verdict.recent.length).toBeLessThanOrEqual(WRONG_CODE_LIMIT);
          expect(new Set(verdict.recent.map((attempt) => attempt.code)).size).toBe(verdict.recent.length);
        }
      })
    );
  });

  it("fills what was left, when refusing, with the request's new wrong codes, not with one tried before", () => {
    const nine = codes("a", 9).map((code, i) => ({ code, at: start + i * minute }));
    const verdict = judgeVoucherCodes(nine, ["a0", "b0", "b1"], start + 9 * minute);
    expect(verdict).toEqual({
      allowed: false,
      recent: [...nine, { code: "b0", at: start + 9 * minute }],
      retryAfterSeconds: 6 * 60,
    });
  });

  it("judges the same whatever order the client's tries are remembered in, newest first too", () => {
    const tries = codes("w", WRONG_CODE_LIMIT).map((code, i) => ({ code, at: start + i * minute }));
    const newestFirst = [...tries].reverse();
    // The oldest try, made at the start, leaves the window 15 minutes later: 3 minutes after the 12th minute.
    const verdict = judgeVoucherCodes(newestFirst, [], start + 12 * minute);
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 3 * 60 });
    fc.assert(
      fc.property(requests, fc.integer({ min: 0, max: 20 * minute }), (sequence, after) => {
        const played = play(sequence);
        const recent = played.at(-1)?.verdict.recent ?? [];
        const now = (played.at(-1)?.now ?? start) + after;
        const judged = (tries: readonly WrongCodeTry[]) => {
          const verdict = judgeVoucherCodes(tries, ["x"], now);
          return verdict.allowed ? { allowed: true } : { allowed: false, wait: verdict.retryAfterSeconds };
        };
        expect(judged([...recent].reverse())).toEqual(judged(recent));
      })
    );
  });

  it("counts a wrong code sent again once, however often", () => {
    let recent: WrongCodeTry[] = [];
    for (let i = 0; i < 100; i += 1) {
      const verdict = judgeVoucherCodes(recent, ["12345678"], start + i * 1000);
      expect(verdict.allowed).toBe(true);
      recent = verdict.recent;
    }
    expect(recent).toEqual([{ code: "12345678", at: start + 99_000 }]);
  });
});
