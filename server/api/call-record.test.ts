import { describe, expect, it } from "vitest";
import { startCallRecord } from "./call-record";

describe("startCallRecord", () => {
  it("keeps the caller's request and session ids when they are sane tokens", () => {
    expect(startCallRecord({ "x-request-id": "web-7f3a.1", "x-session-id": "s_42" })).toEqual({
      requestId: "web-7f3a.1",
      sessionId: "s_42",
    });
  });

  it("replaces a missing or odd request id by a fresh UUID, and drops an odd session id", () => {
    for (const odd of [undefined, "", "a b", "line\nbreak", "x".repeat(129), ["a", "b"]]) {
      const record = startCallRecord({ "x-request-id": odd, "x-session-id": odd });
      expect(record.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(record.sessionId).toBeUndefined();
    }
  });
});
