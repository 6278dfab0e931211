import { describe, expect, it } from "vitest";
import { languageChoices } from "./language-choices";

describe("the language dropdown", () => {
  it("offers what SPEC §2 says", () => {
    expect(languageChoices("cs", "cs")).toEqual(["cs"]);
    expect(languageChoices("pl", "pl")).toEqual(["pl", "en"]);
    expect(languageChoices("en", "pl")).toEqual(["pl", "en"]);
    expect(languageChoices("cs-pluxee", "cs-pluxee")).toEqual(["cs", "pl", "en"]);
  });

  it("leads back to the host's own language from English and Polish", () => {
    expect(languageChoices("en", "cs")).toEqual(["cs", "pl", "en"]);
    expect(languageChoices("pl", "cs")).toEqual(["cs", "pl", "en"]);
    expect(languageChoices("en", "cs-pluxee")).toEqual(["cs-pluxee", "pl", "en"]);
  });
});
