import { describe, expect, it } from "vitest";
import { type Flights, shareCall } from "./shared-calls";

/** A call the test settles by hand, run by run, recording the signal each run had. */
function manualCall() {
  const runs: { signal: AbortSignal; resolve: (value: string) => void }[] = [];
  const call = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      runs.push({ signal, resolve });
      signal.addEventListener("abort", () => reject(new Error("call aborted")), { once: true });
    });
  return { call, runs };
}

const abandoned = () => new Error("stopped waiting");

describe("a call shared by callers asking the same at once", () => {
  it("runs once for everyone asking the same key while it runs, and anew once it has ended", async () => {
    const flights: Flights<string> = new Map();
    const { call, runs } = manualCall();
    const signal = new AbortController().signal;
    const same = Promise.all([1, 2, 3].map(() => shareCall(flights, "key", signal, call, abandoned)));
    const other = shareCall(flights, "other", signal, call, abandoned);
    expect(runs).toHaveLength(2);
    runs[0]!.resolve("answer");
    runs[1]!.resolve("other answer");
    expect(await same).toEqual(["answer", "answer", "answer"]);
    expect(await other).toBe("other answer");

    const again = shareCall(flights, "key", signal, call, abandoned);
    expect(runs).toHaveLength(3);
    runs[2]!.resolve("newer answer");
    expect(await again).toBe("newer answer");
  });

  it("lets one caller stop waiting without failing the others", async () => {
    const flights: Flights<string> = new Map();
    const { call, runs } = manualCall();
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = shareCall(flights, "key", leaving.signal, call, abandoned);
    const stayed = shareCall(flights, "key", staying.signal, call, abandoned);
    leaving.abort();
    await expect(left).rejects.toThrow("stopped waiting");
    expect(runs[0]?.signal.aborted).toBe(false);
    runs[0]!.resolve("answer");
    expect(await stayed).toBe("answer");
    expect(flights.size).toBe(0);
  });

  it("aborts the call when the last caller gives up, who then gets the call's own failure", async () => {
    const flights: Flights<string> = new Map();
    const { call, runs } = manualCall();
    const callers = [new AbortController(), new AbortController()];
    const waits = callers.map((caller) => shareCall(flights, "key", caller.signal, call, abandoned));
    callers[0]!.abort();
    callers[1]!.abort();
    await expect(waits[0]).rejects.toThrow("stopped waiting");
    await expect(waits[1]).rejects.toThrow("call aborted");
    expect(runs[0]?.signal.aborted).toBe(true);
    expect(flights.size).toBe(0);
  });
});
