import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { Language } from "../route-table";
import { messages } from "./messages";
import { createTranslator, type MessageTree } from "./translator";

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

/**
 * The catalogues are i18next's JSON format, so translators' tools read them; the shop's own translator (a few hundred
 * bytes, for the browser and the server alike) must read them exactly as i18next would.
 */
describe("the translator", () => {
  it("answers exactly as i18next for every message, count and value", async () => {
    for (const language of languages) {
      const i18next = createInstance();
      await i18next.init({
        lng: language,
        interpolation: { escapeValue: false },
        resources: { [language]: { translation: messages[language] } },
      });
      const translate = createTranslator(language, messages[language]);
      const keys = [...new Set(keysOf(messages[language]).map((key) => key.replace(pluralSuffix, "")))];
      // Thousands of cases: the differences are gathered and compared once, which keeps the test quick.
      const differences: string[] = [];
      const compare = (key: string, options: Record<string, string | number>) => {
        const ours = translate(key, options);
        const theirs = i18next.t(key, options);
        if (ours !== theirs) differences.push(`${language} ${key} ${JSON.stringify(options)}: "${ours}" ≠ "${theirs}"`);
      };
      for (const key of keys) {
        for (const count of [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5]) {
          compare(key, { count, hours: 1, minutes: 2, seconds: 3, partner: "Edenred" });
        }
        compare(key, { partner: "Up" });
      }
      expect(differences).toEqual([]);
    }
  }, 60_000);

  it("says the key when a message is missing, so a gap is visible rather than blank", () => {
    expect(createTranslator("en", messages.en)("no.such.key")).toBe("no.such.key");
  });
});
