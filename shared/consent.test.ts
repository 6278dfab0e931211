import { describe, expect, it } from "vitest";
import { consentOf, consentValue } from "./consent";

describe("a visitor's consent", () => {
  it("reads back as it was written, either way", () => {
    for (const consent of [{ monitoring: true }, { monitoring: false }]) {
      expect(consentOf(consentValue(consent))).toEqual(consent);
    }
  });

  it("is no choice at all when the cookie is missing, of another version, or not the shop's", () => {
    for (const value of [undefined, null, "", "0.monitoring", "1.everything", 1, { monitoring: true }]) {
      expect(consentOf(value)).toBeNull();
    }
  });
});
