import { describe, expect, it } from "vitest";
import { isPostalCodeValid, postalCodeFormat } from "./postal-code";

describe("postal codes", () => {
  it("are Czech and Slovak as 123 45, the space optional", () => {
    for (const country of ["Česká republika", "Czech Republic", "CZ", "Slovensko", " slovakia "]) {
      expect(isPostalCodeValid(country, "110 00"), country).toBe(true);
      expect(isPostalCodeValid(country, "11000"), country).toBe(true);
      expect(isPostalCodeValid(country, "110-00"), country).toBe(false);
      expect(isPostalCodeValid(country, "1100"), country).toBe(false);
    }
  });

  it("are Polish as 12-345", () => {
    for (const country of ["Polska", "Polsko", "Poland", "PL"]) {
      expect(isPostalCodeValid(country, "00-238"), country).toBe(true);
      expect(isPostalCodeValid(country, "00238"), country).toBe(false);
      expect(isPostalCodeValid(country, "110 00"), country).toBe(false);
    }
  });

  it("are taken leniently for other countries", () => {
    expect(isPostalCodeValid("United Kingdom", "SW1A 1AA")).toBe(true);
    expect(isPostalCodeValid("Deutschland", "10115")).toBe(true);
    expect(isPostalCodeValid("Deutschland", "1")).toBe(false);
    expect(isPostalCodeValid("Deutschland", "<script>")).toBe(false);
  });

  it("give the example to show for the countries the shop knows", () => {
    expect(postalCodeFormat("Słowacja")?.example).toBe("123 45");
    expect(postalCodeFormat("Republika Czeska")?.example).toBe("123 45");
    expect(postalCodeFormat("Polska")?.example).toBe("12-345");
    expect(postalCodeFormat("Österreich")).toBeUndefined();
  });
});
