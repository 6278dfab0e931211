import { describe, expect, it, vi } from "vitest";
import { answerWithin, isDocumentNavigation } from "./waiting-pages.server";

describe("when step 1 answers with the checking page", () => {
  it("takes only the browser's own navigation for a form sent without a script", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/objednavka", { headers });
    expect(isDocumentNavigation(request({ "Sec-Fetch-Mode": "navigate" }))).toBe(true);
    expect(isDocumentNavigation(request({ "Sec-Fetch-Mode": "cors" }))).toBe(false);
    expect(isDocumentNavigation(request({}))).toBe(false);
  });

  it("gives the answer that comes in time, throws the refusal that does, and nothing for one still under way", async () => {
    vi.useFakeTimers();
    try {
      await expect(answerWithin(Promise.resolve("found"), 1_000)).resolves.toEqual({ value: "found" });
      await expect(answerWithin(Promise.reject(new Error("refused")), 1_000)).rejects.toThrow("refused");

      let answer!: (value: string) => void;
      const late = answerWithin(new Promise<string>((resolve) => (answer = resolve)), 1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(late).resolves.toBeUndefined();
      answer("too late");
    } finally {
      vi.useRealTimers();
    }
  });
});
