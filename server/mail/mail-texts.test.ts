import { describe, expect, it } from "vitest";
import type { MessageTree } from "../../shared/i18n/translator";
import type { Language } from "../../shared/route-table";
import cs from "./texts/cs.json";
import en from "./texts/en.json";
import pl from "./texts/pl.json";

const texts: Record<Language, MessageTree> = { cs, pl, en };
const languages = Object.keys(texts) as Language[];
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function entries(tree: MessageTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === "string" ? [[prefix + key, value]] : entries(value, `${prefix}${key}.`)
  );
}

const baseKey = (key: string) => key.replace(pluralSuffix, "");

describe("mail texts", () => {
  it("have the same keys in cs, pl and en, plural forms aside", () => {
    const baseKeys = (language: Language) => [...new Set(entries(texts[language]).map(([key]) => baseKey(key)))].sort();
    for (const language of languages) expect(baseKeys(language), language).toEqual(baseKeys("en"));
  });

  it("have exactly the plural forms each language needs, for nights, rooms, adults and children", () => {
    for (const language of languages) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const keys = entries(texts[language]).map(([key]) => key);
      const pluralBases = [...new Set(keys.filter((key) => pluralSuffix.test(key)).map(baseKey))].sort();
      expect(pluralBases, language).toEqual(["counts.adults", "counts.children", "counts.nights", "counts.rooms"]);
      for (const base of pluralBases) {
        const present = keys
          .filter((key) => baseKey(key) === base && key !== base)
          .map((key) => key.slice(base.length + 1));
        expect(present.sort(), `${language} ${base}`).toEqual([...forms].sort());
      }
    }
    expect(new Intl.PluralRules("cs").resolvedOptions().pluralCategories).toEqual(
      expect.arrayContaining(["few", "many"])
    );
    expect(new Intl.PluralRules("pl").resolvedOptions().pluralCategories).toEqual(
      expect.arrayContaining(["few", "many"])
    );
  });

  it("use only the values the English text has, so no translation waits for one that is never given", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]);
    const english = new Map(entries(en).map(([key, text]) => [baseKey(key), new Set(placeholders(text))]));
    for (const language of languages) {
      for (const [key, text] of entries(texts[language])) {
        for (const name of placeholders(text)) expect(english.get(baseKey(key)), `${language} ${key}`).toContain(name);
      }
    }
  });
});
