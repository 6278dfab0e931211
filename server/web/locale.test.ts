import { describe, expect, it } from "vitest";
import { bestAcceptedLocale, resolveLocale } from "./locale";
import { siteVariants } from "../variants/site-variants";

const cz = siteVariants.DZB_CZ;
const pl = siteVariants.DZB_PL;
const pluxee = siteVariants.DZB_WL_PLUXEE_CZ;

function resolve(pathname: string, variant = cz, cookieLocale?: string, acceptLanguage?: string) {
  return resolveLocale({ pathname, search: "", variant, cookieLocale, acceptLanguage });
}

describe("locale resolution", () => {
  it("takes the path prefix first, whatever the cookie and browser say", () => {
    expect(resolve("/en/order", cz, "pl", "pl").locale).toBe("en");
    expect(resolve("/en/zamowienie", pl, "pl", "pl").locale).toBe("en");
    expect(resolve("/cs-pluxee/objednavka", pluxee).locale).toBe("cs-pluxee");
    expect(resolve("/en/order", cz, "pl").redirect).toBeUndefined();
  });

  it("sends a path in a locale the host has no pages in to the same screen in the host's own", () => {
    expect(resolve("/pl/zamowienie", cz).redirect).toEqual({ location: "/objednavka", status: 301 });
    expect(resolve("/cs-pluxee/kontakt", pl).redirect).toEqual({ location: "/kontakt", status: 301 });
    expect(resolve("/en/contact", pluxee).redirect).toEqual({ location: "/kontakt", status: 301 });
    expect(resolve("/cs/objednavka", pluxee).redirect).toEqual({ location: "/objednavka", status: 301 });
    expect(resolve("/pl/sprawdz-voucher/12345678", pluxee).redirect?.location).toBe("/overeni-poukazu/12345678");
  });

  it("sends a content page or article in a language the host lacks to its list, as its slug is that language's", () => {
    expect(resolve("/pl/oddzialy", cz).redirect?.location).toBe("/");
    expect(resolve("/pl/inspiracje/weekend-w-krakowie", pluxee).redirect?.location).toBe("/inspirace");
  });

  it("serves the variant's default locale without a prefix", () => {
    for (const [path, variant, locale] of [
      ["/objednavka", cz, "cs"],
      ["/zamowienie", pl, "pl"],
      ["/objednavka", pluxee, "cs-pluxee"],
    ] as const) {
      const resolution = resolve(path, variant);
      expect(resolution.locale).toBe(locale);
      expect(resolution.redirect).toBeUndefined();
    }
  });

  it("sends a visitor who chose another served locale to its prefixed path", () => {
    expect(resolve("/zamowienie", pl, "en").redirect).toEqual({ location: "/en/order", status: 302 });
    expect(
      resolveLocale({
        pathname: "/zamowienie/nocleg/abc",
        search: "?x=1",
        variant: pl,
        cookieLocale: "en",
        acceptLanguage: undefined,
      }).redirect
    ).toEqual({ location: "/en/order/accommodation/abc?x=1", status: 302 });
  });

  it("ignores a remembered locale the host does not serve", () => {
    expect(resolve("/objednavka", cz, "en").redirect).toBeUndefined();
    expect(resolve("/objednavka", cz, "nonsense").redirect).toBeUndefined();
  });

  it("follows the browser's language on the home page only", () => {
    expect(resolve("/", pl, undefined, "en-GB,en;q=0.9").redirect).toEqual({ location: "/en", status: 302 });
    expect(resolve("/zamowienie", pl, undefined, "en-GB").redirect).toBeUndefined();
    expect(resolve("/", pl, "pl", "en-GB").redirect).toBeUndefined();
    expect(resolve("/", cz, undefined, "en-US").redirect).toBeUndefined();
  });

  it("moves a path written in the other default language to the right one", () => {
    expect(resolve("/zamowienie", cz).redirect).toEqual({ location: "/objednavka", status: 301 });
    expect(resolve("/objednavka", pl).redirect).toEqual({ location: "/zamowienie", status: 301 });
    expect(resolve("/kontakt", pl).redirect).toBeUndefined();
  });

  it("ranks the browser's languages by quality", () => {
    expect(bestAcceptedLocale("de, en;q=0.5, pl;q=0.8", ["pl", "en"])).toBe("pl");
    expect(bestAcceptedLocale("en;q=0, pl;q=0.1", ["pl", "en"])).toBe("pl");
    expect(bestAcceptedLocale("de", ["pl", "en"])).toBeNull();
    expect(bestAcceptedLocale("cs-CZ", ["cs-pluxee"])).toBe("cs-pluxee");
    expect(bestAcceptedLocale(undefined, ["cs"])).toBeNull();
  });
});
