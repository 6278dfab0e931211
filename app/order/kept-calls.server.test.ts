import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeptCalls } from "./kept-calls.server";

describe("a call kept for the page that waits on it", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const created = { ownerKey: "key" };

  it("is found by its id, whatever its letters' case, for the session that posted the form only", async () => {
    const calls = new KeptCalls<typeof created>();
    const id = crypto.randomUUID();
    calls.keep(id, "visitor", Promise.resolve(created));
    expect(calls.of(id.toUpperCase(), "visitor")).toBeDefined();
    expect(calls.of(id, "someone else")).toBeUndefined();
    expect(calls.of(crypto.randomUUID(), "visitor")).toBeUndefined();
  });

  it("tells how it ended once it has, the answer or its refusal, and is forgotten ten minutes later", async () => {
    const calls = new KeptCalls<typeof created>();
    const answered = crypto.randomUUID();
    let answer!: (value: typeof created) => void;
    calls.keep(answered, "visitor", new Promise((resolve) => (answer = resolve)));
    const refused = crypto.randomUUID();
    const refusal = new Error("refused");
    calls.keep(refused, "visitor", Promise.reject(refusal));

    expect(calls.of(answered, "visitor")?.ended).toBeUndefined();
    answer(created);
    await calls.of(answered, "visitor")?.done;
    expect(calls.of(answered, "visitor")?.ended).toEqual({ value: created });
    // A refusal ends the wait as an answer does: `done` never rejects.
    await expect(calls.of(refused, "visitor")?.done).resolves.toBeUndefined();
    expect(calls.of(refused, "visitor")?.ended).toEqual({ refusal });

    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(calls.of(answered, "visitor")).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.of(answered, "visitor")).toBeUndefined();
    expect(calls.of(refused, "visitor")).toBeUndefined();
  });

  it("kept again by the same id, the newer call is the one found, and neither the older one's end nor its forgetting drops it", async () => {
    const calls = new KeptCalls<typeof created>();
    const id = crypto.randomUUID();
    calls.keep(id, "visitor", Promise.resolve(created));
    const older = calls.of(id, "visitor")!;
    await older.done;
    let answer!: (value: typeof created) => void;
    calls.keep(id, "visitor", new Promise((resolve) => (answer = resolve)));
    calls.forget(id, older);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const found = calls.of(id, "visitor");
    expect(found).toBeDefined();
    expect(found?.ended).toBeUndefined();
    answer(created);
    await found?.done;
    calls.forget(id.toUpperCase(), found!);
    expect(calls.of(id, "visitor")).toBeUndefined();
  });
});
