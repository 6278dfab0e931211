import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { sameData } from "./same-data";

/** Plain data as the rules compare it, with values likely to repeat so that equal pairs come up often. */
const plainData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(0, -0, 1, 2, NaN, "a", "b", "", true, false, null, undefined),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c"), tie("value"), { maxKeys: 3, noNullPrototype: true })
  ),
})).value;

describe("same data", () => {
  it("answers as Node's isDeepStrictEqual", () => {
    fc.assert(
      fc.property(plainData, plainData, (a, b) => {
        expect(sameData(a, b)).toBe(isDeepStrictEqual(a, b));
        expect(sameData(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 2000 }
    );
  });

  it("does not mind the order of an object's keys, and minds an array's", () => {
    expect(sameData({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData([], {})).toBe(false);
  });
});
