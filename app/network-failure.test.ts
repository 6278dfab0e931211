import { afterEach, describe, expect, it, vi } from "vitest";
import { isNetworkFailure } from "./network-failure";

describe("a network failure", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is fetch's own error, as each browser words it", () => {
    for (const message of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
      "The network connection was lost.",
    ]) {
      expect(isNetworkFailure(new TypeError(message)), message).toBe(true);
    }
  });

  it("is not a bug's TypeError, a module that failed to import, or a refused request", () => {
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNetworkFailure(new TypeError("Failed to fetch dynamically imported module: /build/x.js"))).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
  });

  it("is any failure while the browser knows it is offline", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(isNetworkFailure(new Error("anything"))).toBe(true);
  });
});
