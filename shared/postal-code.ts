/**
 * Postal codes as the markets write them (SPEC §5 address): Czech and Slovak "123 45" (the space may be left out),
 * Polish "12-345". Other countries are taken leniently, since the shop cannot know every format: letters and digits,
 * spaces and dashes, 2 to 12 characters. The country is the one typed on the form, so its usual names in cs, pl and
 * en and its ISO code are recognised.
 */

export type PostalCodeFormat = { readonly pattern: RegExp; readonly example: string };

const czechOrSlovak: PostalCodeFormat = { pattern: /^\d{3} ?\d{2}$/, example: "123 45" };
const polish: PostalCodeFormat = { pattern: /^\d{2}-\d{3}$/, example: "12-345" };
const anyCountry = /^[\p{L}\d][\p{L}\d -]{1,11}$/u;

/** Country names folded to lower case without diacritics. */
const formats = new Map<string, PostalCodeFormat>([
  ...["cz", "cze", "cesko", "ceska republika", "czech republic", "czechia", "czechy", "republika czeska"].map(
    (name): [string, PostalCodeFormat] => [name, czechOrSlovak]
  ),
  ...["sk", "svk", "slovensko", "slovenska republika", "slovakia", "slowacja", "slovak republic"].map(
    (name): [string, PostalCodeFormat] => [name, czechOrSlovak]
  ),
  ...["pl", "pol", "polsko", "polska", "poland"].map((name): [string, PostalCodeFormat] => [name, polish]),
]);

function folded(country: string): string {
  return country.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The format of the country's postal codes when the shop knows it; undefined for a country taken leniently. */
export function postalCodeFormat(country: string): PostalCodeFormat | undefined {
  return formats.get(folded(country));
}

/** Whether a postal code, trimmed, is written as the country writes them. */
export function isPostalCodeValid(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  return (postalCodeFormat(country)?.pattern ?? anyCountry).test(code);
}
