/**
 * The order documents' texts, one JSON file per language in app/i18n/documents/ (kept apart from the site's
 * messages: the browser never needs them). Every file has the same keys; documents-texts.test.ts proves it.
 */

import cs from "../../app/i18n/documents/cs.json";
import en from "../../app/i18n/documents/en.json";
import pl from "../../app/i18n/documents/pl.json";

export type DocumentLanguage = "cs" | "pl" | "en";
export type DocumentTexts = typeof en;

export const documentTexts: Record<DocumentLanguage, DocumentTexts> = { cs, pl, en };

/** A payment method's stable id (payment-methods.ts) that the documents can name. */
export type PaymentMethodId = keyof DocumentTexts["payment"];

/** The BCP 47 tag a PDF declares, so screen readers read it in the right voice. */
export const languageTag: Record<DocumentLanguage, string> = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" };

/** Replaces each {name} in a template; a placeholder without a value is a bug in the caller, so it throws. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${placeholder} in "${template}"`);
    return String(value);
  });
}

type CountForms = DocumentTexts["count"]["nights"];

const pluralRules = new Map<DocumentLanguage, Intl.PluralRules>();

/** "3 noci", "5 nocy", "1 night": the language's plural form for a whole count. */
export function countOf(forms: CountForms, count: number, language: DocumentLanguage): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = rules.select(count);
  // Czech, Polish and English use no other categories ("zero" and "two" are for other languages).
  const form = category === "one" || category === "few" || category === "many" ? forms[category] : forms.other;
  return fill(form, { count });
}
