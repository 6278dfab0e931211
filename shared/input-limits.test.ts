import { describe, expect, it } from "vitest";
import { MAX_ADULTS_PER_ROOM, productIdPattern, tooManyAdultsPerRoom } from "./input-limits";

describe("product ids", () => {
  it("are underscore-joined digit groups, two or more", () => {
    for (const id of ["1_2", "1000101_91234567", "1000420_95127794_2_0_0"])
      expect(productIdPattern.test(id)).toBe(true);
    for (const id of ["", "12345", "1__2", "_1_2", "1_2_", "tpi-1000101-358188572", "1_2a", "١_٢"]) {
      expect(productIdPattern.test(id)).toBe(false);
    }
  });
});

describe("adults per room", () => {
  it("takes up to eight adults a room, and more rooms more", () => {
    expect(MAX_ADULTS_PER_ROOM).toBe(8);
    expect(tooManyAdultsPerRoom(8, 1)).toBe(false);
    expect(tooManyAdultsPerRoom(9, 1)).toBe(true);
    expect(tooManyAdultsPerRoom(30, 3)).toBe(true);
    expect(tooManyAdultsPerRoom(24, 3)).toBe(false);
  });
});
