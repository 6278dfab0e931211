import { describe, expect, it } from "vitest";
import { paymentMethodsFor, voucherCredit } from "../domain/payment-methods";
import { productKeys } from "../domain/products";
import { assertEncodable } from "./pdf-writer";
import { countOf, documentTexts, fill } from "./texts";

/** Every leaf of a nested texts file as [dotted key, text]. */
function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") throw new Error(`${prefix} is neither text nor a group`);
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("document texts", () => {
  const byLanguage = Object.entries(documentTexts).map(
    ([language, texts]) => [language, new Map(leaves(texts))] as const
  );
  const [, english] = byLanguage.find(([language]) => language === "en")!;

  it("have the same keys in cs, pl and en", () => {
    for (const [, texts] of byLanguage) expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("use the same placeholders for a key in every language", () => {
    for (const [language, texts] of byLanguage) {
      // A format pattern picks from the values on offer ("{d}" or "{dd}"): only sentences must use them all.
      const sentences = [...texts].filter(([key]) => !key.startsWith("format."));
      for (const [key, text] of sentences)
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });

  it("hold only characters the PDF fonts can draw", () => {
    for (const [language, texts] of byLanguage) {
      for (const [key, text] of texts) expect(() => assertEncodable(text, `${language} ${key}`)).not.toThrow();
    }
  });

  it("name every payment method a variant offers", () => {
    const ids = productKeys.flatMap((product) => {
      const { hotel, voucher } = paymentMethodsFor(product);
      return [...hotel, ...voucher].map((method) => method.id);
    });
    for (const id of [...ids, voucherCredit.id]) expect(Object.keys(documentTexts.en.payment)).toContain(id);
  });

  it("fill placeholders and refuse a missing value", () => {
    expect(fill("{a} and {b}", { a: 1, b: "two" })).toBe("1 and two");
    expect(() => fill("{a} and {b}", { a: 1 })).toThrow(/\{b\}/);
  });

  it("pick each language's plural form", () => {
    const nights = (language: "cs" | "pl" | "en", count: number) =>
      countOf(documentTexts[language].count.nights, count, language);
    expect([1, 3, 5].map((n) => nights("cs", n))).toEqual(["1 noc", "3 noci", "5 nocí"]);
    expect([1, 3, 5, 22, 12].map((n) => nights("pl", n))).toEqual(["1 noc", "3 noce", "5 nocy", "22 noce", "12 nocy"]);
    expect([1, 2].map((n) => nights("en", n))).toEqual(["1 night", "2 nights"]);
  });
});
