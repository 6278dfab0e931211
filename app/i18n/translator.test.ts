import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { Language } from "../../shared/route-table";
import { i18nConfig } from "./config";
import { messages } from "../../shared/i18n/messages";
import { resources } from "./i18n.server";
import { languageChoices } from "./language-choices";
import { createTranslator, type MessageTree } from "../../shared/i18n/translator";

const languages: Language[] = ["cs", "pl", "en"];
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function keysOf(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
}

describe("messages", () => {
  it("exist for the same keys in cs, pl and en (plural forms aside)", () => {
    const baseKeys = (language: Language) =>
      [...new Set(keysOf(messages[language]).map((key) => key.replace(pluralSuffix, "")))].sort();
    expect(baseKeys("cs")).toEqual(baseKeys("en"));
    expect(baseKeys("pl")).toEqual(baseKeys("en"));
  });

  it("have every plural form each language needs", () => {
    for (const language of languages) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const pluralBases = new Set(keysOf(messages[language]).filter((k) => pluralSuffix.test(k)).map((k) => k.replace(pluralSuffix, "")));
      for (const base of pluralBases) {
        for (const form of forms) expect(keysOf(messages[language]), `${language} ${base}_${form}`).toContain(`${base}_${form}`);
      }
    }
  });
});

describe("the browser's translator", () => {
  it("answers exactly as the server's i18next for every message, count and value", async () => {
    for (const language of languages) {
      const i18next = createInstance();
      await i18next.init({ ...i18nConfig, lng: language, resources });
      const translate = createTranslator(language, messages[language]);
      const keys = [...new Set(keysOf(messages[language]).map((key) => key.replace(pluralSuffix, "")))];
      for (const key of keys) {
        for (const count of [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5]) {
          const options = { count, hours: 1, minutes: 2, seconds: 3, partner: "Edenred" };
          expect(translate(key, options), `${language} ${key} ${count}`).toBe(i18next.t(key, options));
        }
        expect(translate(key, { partner: "Up" })).toBe(i18next.t(key, { partner: "Up" }));
      }
    }
  });

  it("says the key when a message is missing, so a gap is visible rather than blank", () => {
    expect(createTranslator("en", messages.en)("no.such.key")).toBe("no.such.key");
  });
});

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
