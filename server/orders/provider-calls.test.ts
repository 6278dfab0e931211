import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callProvider } from "./provider-calls";

/** A provider call that answers nothing until its signal aborts, then fails with the signal's reason. */
const waitForAbort = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));

describe("a provider call", () => {
  afterEach(() => vi.useRealTimers());

  it("is stopped when the caller gives up", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const call = callProvider(20_000, caller.signal, (signal) => ((seen = signal), waitForAbort(signal)));
    caller.abort(new Error("the visitor left"));
    await expect(call).rejects.toThrow("the visitor left");
    expect(seen?.aborted).toBe(true);
  });

  it("is stopped at the api's deadline for the provider, with a TimeoutError", async () => {
    vi.useFakeTimers();
    const call = callProvider(300, new AbortController().signal, waitForAbort);
    const failure = expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    await vi.advanceTimersByTimeAsync(299);
    await vi.advanceTimersByTimeAsync(1);
    await failure;
  });

  it("leaves no timer and no listener behind once it has answered", async () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    await expect(callProvider(20_000, caller.signal, async () => "rooms")).resolves.toBe("rooms");
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(caller.signal, "abort")).toEqual([]);
  });
});
