import { describe, expect, it } from "vitest";
import type { MessageTree } from "../../shared/i18n/translator";
import { paymentMethodsFor, voucherCredit } from "../domain/payment-methods";
import { productKeys } from "../domain/products";
import { missingCharacters } from "./pdf-file";
import { type DocumentLanguage, type DocumentTextKey, documentTexts, documentTranslator } from "./texts";

/** Every leaf of a nested texts file as [dotted key, text]. */
function leaves(value: string | MessageTree, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(pluralSuffix, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
const languages = Object.keys(documentTexts) as DocumentLanguage[];

describe("document texts", () => {
  const byLanguage = languages.map((language) => [language, leaves(documentTexts[language])] as const);
  /** A key's placeholders over all its plural forms. */
  const placeholdersByBase = (texts: readonly [string, string][]) => {
    const byBase = new Map<string, Set<string>>();
    for (const [key, text] of texts) {
      const names = byBase.get(baseKey(key)) ?? new Set<string>();
      for (const name of placeholders(text)) names.add(name);
      byBase.set(baseKey(key), names);
    }
    return byBase;
  };
  const english = placeholdersByBase(byLanguage.find(([language]) => language === "en")![1]);

  it("have the same keys in cs, pl and en, plural forms aside", () => {
    for (const [language, texts] of byLanguage) {
      expect([...placeholdersByBase(texts).keys()].sort(), language).toEqual([...english.keys()].sort());
    }
  });

  it("have exactly the plural forms each language needs", () => {
    for (const [language, texts] of byLanguage) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plural = texts.filter(([key]) => pluralSuffix.test(key)).map(([key]) => key);
      const bases = [...new Set(plural.map(baseKey))].sort();
      expect(bases, language).toEqual(["count.nights", "count.rooms"]);
      for (const base of bases) {
        const present = plural.filter((key) => baseKey(key) === base).map((key) => key.slice(base.length + 1));
        expect(present.sort(), `${language} ${base}`).toEqual([...forms].sort());
      }
    }
  });

  it("use the same placeholders for a key in every language", () => {
    for (const [language, texts] of byLanguage) {
      // A format pattern picks from the values on offer ("{{d}}" or "{{dd}}"): only sentences must use them all.
      for (const [key, names] of placeholdersByBase(texts)) {
        if (key.startsWith("format.")) continue;
        expect([...names].sort(), `${language} ${key}`).toEqual([...english.get(key)!].sort());
      }
    }
  });

  it("hold only characters the PDF fonts can draw", () => {
    for (const [language, texts] of byLanguage) {
      for (const [key, text] of texts) expect(missingCharacters(text), `${language} ${key}`).toEqual([]);
    }
  });

  it("name every payment method a variant offers", () => {
    const ids = productKeys.flatMap((product) => {
      const { hotel, voucher } = paymentMethodsFor(product);
      return [...hotel, ...voucher].map((method) => method.id);
    });
    const named = leaves(documentTexts.en).map(([key]) => key);
    for (const id of [...ids, voucherCredit.id]) expect(named).toContain(`payment.${id}`);
  });
});

describe("the documents' translator", () => {
  const t = documentTranslator("en");

  it("fills placeholders, and refuses a missing value or text", () => {
    expect(t("invoice.companyId", { value: "12345678" })).toBe("Company ID: 12345678");
    expect(() => t("invoice.companyId")).toThrow(/\{\{value\}\}/);
    expect(() => t("invoice.nothing" as DocumentTextKey)).toThrow(/invoice\.nothing/);
  });

  it("takes a value that looks like a placeholder for what it is", () => {
    expect(t("invoice.item.room", { room: "Suite {{vip}}" })).toBe("Accommodation – Suite {{vip}}");
  });

  it("picks each language's plural form", () => {
    const nights = (language: DocumentLanguage, count: number) =>
      documentTranslator(language)("count.nights", { count });
    expect([1, 3, 5].map((n) => nights("cs", n))).toEqual(["1 noc", "3 noci", "5 nocí"]);
    expect([1, 3, 5, 22, 12].map((n) => nights("pl", n))).toEqual(["1 noc", "3 noce", "5 nocy", "22 noce", "12 nocy"]);
    expect([1, 2].map((n) => nights("en", n))).toEqual(["1 night", "2 nights"]);
  });
});
