import { describe, expect, it } from "vitest";
import { memoized } from "./memo";

describe("a memoized value", () => {
  it("is made once per key and given again after", () => {
    const kept = new Map<string, number[]>();
    let made = 0;
    const make = () => [++made];
    const first = memoized(kept, "Europe/Prague", make);
    expect(memoized(kept, "Europe/Prague", make)).toBe(first);
    expect(memoized(kept, "Europe/Warsaw", make)).toEqual([2]);
    expect(made).toBe(2);
  });

  it("empties a map that holds its limit before keeping one more", () => {
    const kept = new Map<number, string>();
    for (const key of [1, 2, 3]) memoized(kept, key, () => `day ${key}`, 3);
    expect(memoized(kept, 4, () => "day 4", 3)).toBe("day 4");
    expect([...kept]).toEqual([[4, "day 4"]]);
  });
});
