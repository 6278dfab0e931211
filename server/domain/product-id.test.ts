import { describe, expect, it } from "vitest";
import { productIdPattern } from "./product-id";

describe("product ids", () => {
  it("are underscore-joined digit groups, two or more", () => {
    for (const id of ["1_2", "1000101_91234567", "1000420_95127794_2_0_0"])
      expect(productIdPattern.test(id)).toBe(true);
    for (const id of ["", "12345", "1__2", "_1_2", "1_2_", "tpi-1000101-358188572", "1_2a", "١_٢"]) {
      expect(productIdPattern.test(id)).toBe(false);
    }
  });
});
