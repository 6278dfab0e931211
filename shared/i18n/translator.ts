import type { Language } from "../route-table";

export type MessageTree = { [key: string]: string | MessageTree };
export type TranslateOptions = { count?: number } & Record<string, string | number | undefined>;
export type Translate = (key: string, options?: TranslateOptions) => string;

/**
 * The shop's one translator, on the server (loaders, actions, e-mails, documents) and in the browser alike: the slice
 * of i18next the catalogues use (nested keys, `{{name}}` interpolation, plural forms by `count` with i18next's
 * suffixes from Intl.PluralRules) in a few hundred bytes, where i18next and react-i18next would cost 20 KB of every
 * first load. `translator.test.ts` proves it answers exactly as i18next does for every message.
 */
export function createTranslator(lang: Language, messages: MessageTree): Translate {
  const plurals = new Intl.PluralRules(lang);
  return (key, options = {}) => {
    const { count } = options;
    const template =
      (typeof count === "number" ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
      lookup(messages, key);
    if (template === undefined) return key;
    return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => {
      const value = options[name];
      return value === undefined ? placeholder : String(value);
    });
  };
}

const translatorsByCatalogue = new WeakMap<MessageTree, Translate>();

/**
 * The translator of a catalogue, made once: every component of every page translates with its language's one
 * translator, where one per component and render cost each page its plural rules and a closure per component.
 * A catalogue is in one language, so the catalogue alone names its translator.
 */
export function translatorFor(lang: Language, messages: MessageTree): Translate {
  let translate = translatorsByCatalogue.get(messages);
  if (!translate) {
    translate = createTranslator(lang, messages);
    translatorsByCatalogue.set(messages, translate);
  }
  return translate;
}

function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}
