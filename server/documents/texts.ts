/**
 * The order documents' texts, one JSON file per language in server/documents/texts/ (kept apart from the site's
 * messages: the browser never needs them), read through the translator of shared/i18n/translator.ts like the
 * mail's: `{{name}}` placeholders and i18next's plural keys (`nights_one`, `nights_few`, …). Every file has the same
 * keys, plural forms aside; texts.test.ts proves it.
 */

import cs from "./texts/cs.json";
import en from "./texts/en.json";
import pl from "./texts/pl.json";
import { createTranslator, type MessageTree, type Translate } from "../../shared/i18n/translator";
import type { Language } from "../../shared/route-table";

export type DocumentLanguage = Language;

export const documentTexts: Record<DocumentLanguage, MessageTree> = { cs, pl, en };

/** A payment method's stable id (payment-methods.ts) that the documents can name, or a part paid at the property. */
export type PaymentMethodId = keyof (typeof en)["payment"];

/** The BCP 47 tag a PDF declares, so screen readers read it in the right voice. */
export const languageTag: Record<DocumentLanguage, string> = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" };

/** English has only the "one" and "other" forms, so those two suffixes name every plural text. */
type BaseKey<K extends string> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;

type KeysOf<Tree, Prefix extends string = ""> = {
  [K in keyof Tree & string]: Tree[K] extends string ? `${Prefix}${BaseKey<K>}` : KeysOf<Tree[K], `${Prefix}${K}.`>;
}[keyof Tree & string];

/** A text's dotted key, a plural one by its base ("count.nights"): a misspelt key does not compile. */
export type DocumentTextKey = KeysOf<typeof en>;

export type DocumentTranslate = (key: DocumentTextKey, values?: Readonly<Record<string, string | number>>) => string;

const placeholder = /\{\{\s*([\w.-]+)\s*\}\}/g;
const translators = new Map<DocumentLanguage, DocumentTranslate>();

/**
 * The shared translator, made strict: a document is a legal paper, so a missing text or a placeholder without a
 * value is a bug to stop at, never a raw key or "{{name}}" printed on an invoice. The template is read first with
 * nothing but the count, so a value that itself holds braces (a hotel's odd name) cannot pass for a gap.
 */
export function documentTranslator(language: DocumentLanguage): DocumentTranslate {
  let translate = translators.get(language);
  if (!translate) {
    translate = strict(language, createTranslator(language, documentTexts[language]));
    translators.set(language, translate);
  }
  return translate;
}

function strict(language: DocumentLanguage, translate: Translate): DocumentTranslate {
  return (key, values = {}) => {
    const count = typeof values.count === "number" ? values.count : undefined;
    const template = translate(key, count === undefined ? {} : { count });
    if (template === key) throw new Error(`No document text "${key}" (${language})`);
    for (const [, name] of template.matchAll(placeholder)) {
      if (values[name] === undefined) throw new Error(`No value for {{${name}}} in "${key}" (${language})`);
    }
    return translate(key, { ...values, count });
  };
}

/** Whether the documents can name a stored payment's method id (a method retired since has no text). */
export function isPaymentMethodId(id: string): id is PaymentMethodId {
  return Object.hasOwn(en.payment, id);
}
