import type { Language } from "../route-table";

/** The BCP 47 tag Intl formats each language with: Czech and Polish as written in their countries, British English. */
export const localeTags: Readonly<Record<Language, string>> = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" };
