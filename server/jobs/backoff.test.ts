import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterFailure, backoffDelayMs } from "./backoff";

const policy = { baseMs: 1_000, maxMs: 60_000 };

describe("backoffDelayMs", () => {
  it("doubles from the base with each attempt", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffDelayMs(attempts, policy))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("stops growing at the cap, even for absurd attempt counts", () => {
    expect(backoffDelayMs(7, policy)).toBe(60_000);
    expect(backoffDelayMs(10_000, policy)).toBe(60_000);
  });

  it("never shrinks as attempts grow and stays within base and cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), (attempts) => {
        const delay = backoffDelayMs(attempts, policy);
        expect(delay).toBeGreaterThanOrEqual(policy.baseMs);
        expect(delay).toBeLessThanOrEqual(policy.maxMs);
        expect(backoffDelayMs(attempts + 1, policy)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});

describe("afterFailure", () => {
  const now = new Date("2025-03-01T10:00:00Z");

  it("schedules the retry one backoff delay after now", () => {
    expect(afterFailure({ attempts: 2, maxAttempts: 5 }, now, policy)).toEqual({
      status: "retry",
      runAt: new Date("2025-03-01T10:00:02Z"),
    });
  });

  it("gives up once the last allowed attempt has failed", () => {
    expect(afterFailure({ attempts: 5, maxAttempts: 5 }, now, policy)).toEqual({ status: "dead" });
  });
});
