import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_LIMIT, CONTACT_MESSAGE_WINDOW_MS, contactMessageVerdict } from "./contact-messages";

const now = Date.UTC(2030, 0, 1, 12);
const minute = 60_000;

describe("a client's contact messages", () => {
  it("may be sent up to the limit within the window, and again once the oldest has left it", () => {
    const sent = Array.from({ length: CONTACT_MESSAGE_LIMIT - 1 }, (_, index) => now - (10 - index) * minute);
    expect(contactMessageVerdict(sent, now)).toEqual({ allowed: true });
    const full = [...sent, now - minute];
    expect(contactMessageVerdict(full, now)).toEqual({ allowed: false, retryAfterSeconds: 50 * 60 });
    expect(contactMessageVerdict(full, full[0]! + CONTACT_MESSAGE_WINDOW_MS)).toEqual({ allowed: true });
  });

  it("count only the messages within the window", () => {
    const old = Array.from({ length: 20 }, (_, index) => now - CONTACT_MESSAGE_WINDOW_MS - index * minute);
    expect(contactMessageVerdict(old, now)).toEqual({ allowed: true });
  });

  it("are refused exactly when the window holds the limit, with a wait that then frees a slot", () => {
    const sentAt = fc.array(fc.integer({ min: now - 2 * CONTACT_MESSAGE_WINDOW_MS, max: now }), { maxLength: 12 });
    fc.assert(
      fc.property(sentAt, (times) => {
        const sorted = [...times].sort((a, b) => a - b);
        const inWindow = sorted.filter((at) => at > now - CONTACT_MESSAGE_WINDOW_MS).length;
        const verdict = contactMessageVerdict(sorted, now);
        expect(verdict.allowed).toBe(inWindow < CONTACT_MESSAGE_LIMIT);
        if (!verdict.allowed) {
          expect(contactMessageVerdict(sorted, now + verdict.retryAfterSeconds * 1000).allowed).toBe(true);
        }
      })
    );
  });
});
