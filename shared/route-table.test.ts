import { existsSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  languageOf,
  localizedPath,
  locales,
  matchScreen,
  MAX_SWITCHED_PATH_LENGTH,
  screenFile,
  screens,
  switchedLocalePath,
  type ScreenId,
} from "./route-table";

const sampleParams: Record<string, Record<string, string>> = {
  orderAccommodation: { availabilityId: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10" },
  orderReservation: { previewId: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10" },
  orderPlacing: { previewId: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10" },
  orderStatus: { id: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10" },
  orderDocument: { id: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10", document: "invoice" },
  orderPaying: { id: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10" },
  paymentReturn: { id: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10", attemptId: "0b5c7a52-7a86-4b8e-9a55-1d7e6f0c3b21" },
  voucherStatus: { id: "12345678" },
  inspirationDetail: { "*": "mountains/krkonose" },
  partner: { partner: "edenred" },
  contentPage: { "*": "about-us" },
};

describe("the route table", () => {
  it("gives the SPEC's localized paths", () => {
    expect(localizedPath("order", "cs", "cs")).toBe("/objednavka");
    expect(localizedPath("order", "pl", "pl")).toBe("/zamowienie");
    expect(localizedPath("order", "en", "cs")).toBe("/en/order");
    expect(localizedPath("order", "cs-pluxee", "cs")).toBe("/cs-pluxee/objednavka");
    expect(localizedPath("orderReservation", "pl", "cs", { previewId: "abc" })).toBe("/pl/zamowienie/rezerwacja/abc");
    expect(localizedPath("orderAccommodation", "en", "pl", { availabilityId: "abc" })).toBe("/en/order/accommodation/abc");
    expect(localizedPath("voucherStatus", "cs", "cs")).toBe("/overeni-poukazu");
    expect(localizedPath("voucherStatus", "pl", "pl", { id: "12345678" })).toBe("/sprawdz-voucher/12345678");
    expect(localizedPath("contact", "en", "cs")).toBe("/en/contact");
    expect(localizedPath("howItWorks", "pl", "cs")).toBe("/pl/jak-to-dziala");
    expect(localizedPath("home", "cs", "cs")).toBe("/");
    expect(localizedPath("home", "en", "pl")).toBe("/en");
    expect(localizedPath("orderStatus", "cs", "cs", { id: "x" })).toBe("/status/x");
  });

  it("names each screen's route module by its id in kebab case, a file that is there", () => {
    expect(screenFile("orderPlacing")).toBe("screens/order-placing/route.tsx");
    expect(screenFile("edenred2024")).toBe("screens/edenred-2024/route.tsx");
    for (const screen of Object.keys(screens) as ScreenId[]) {
      expect(existsSync(new URL(`../app/${screenFile(screen)}`, import.meta.url)), screen).toBe(true);
    }
  });

  it("refuses to build a path without its required parameter", () => {
    expect(() => localizedPath("orderStatus", "cs", "cs")).toThrow(/missing parameter "id"/);
  });

  it("finds the screen of every path it builds, in every locale", () => {
    for (const screen of Object.keys(screens) as ScreenId[]) {
      for (const locale of locales) {
        for (const defaultLocale of ["cs", "pl", "cs-pluxee"] as const) {
          const params = sampleParams[screen] ?? {};
          const path = localizedPath(screen, locale, defaultLocale, params);
          const match = matchScreen(path);
          expect(match?.screen, path).toBe(screen);
          expect(match?.params).toEqual(params);
          expect(match?.prefixLocale).toBe(locale === defaultLocale ? null : locale);
          expect(match?.pathLanguages).toContain(languageOf(locale));
        }
      }
    }
  });

  it("ranks static paths above the catch-all", () => {
    expect(matchScreen("/kontakt")?.screen).toBe("contact");
    expect(matchScreen("/kontakt")?.pathLanguages).toEqual(["cs", "pl"]);
    expect(matchScreen("/inspirace/hory")?.screen).toBe("inspirationDetail");
    expect(matchScreen("/something/else")?.screen).toBe("contentPage");
    expect(matchScreen("/en/objednavka")?.screen).toBe("contentPage");
  });

  it("round-trips any parameter value", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.constantFrom(...locales), (id, locale) => {
        const path = localizedPath("orderStatus", locale, "cs", { id });
        expect(matchScreen(path)?.params.id).toBe(id);
      }),
    );
  });
});

describe("switching the language", () => {
  const orderId = "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10";

  it("keeps the screen, its parameters and its query", () => {
    expect(switchedLocalePath("/zamowienie", "en", "pl")).toBe("/en/order");
    const reservation = switchedLocalePath(`/en/order/reservation/${orderId}`, "pl", "pl");
    expect(reservation).toBe(`/zamowienie/rezerwacja/${orderId}`);
    const status = switchedLocalePath(`/status/${orderId}?outcome=paid`, "en", "cs");
    expect(status).toBe(`/en/status/${orderId}?outcome=paid`);
    expect(switchedLocalePath("/en", "cs", "cs")).toBe("/");
  });

  it.each([
    ["another origin", "https://evil.example/objednavka"],
    ["a protocol-relative address", "//evil.example/objednavka"],
    ["a backslash address", "/\\evil.example/objednavka"],
    ["no URL at all", "http://["],
    ["no text", null],
    ["a path longer than any of ours", `/objednavka?url=${"a".repeat(MAX_SWITCHED_PATH_LENGTH)}`],
    ["the 100 KB path of the report", `/${"a".repeat(100_000)}`],
    ["a path that its escapes make longer than any of ours", `/${"ř".repeat(MAX_SWITCHED_PATH_LENGTH / 2)}`],
  ])("answers the locale's home for %s", (_, path) => {
    expect(switchedLocalePath(path, "en", "cs")).toBe("/en");
    expect(switchedLocalePath(path, "cs", "cs")).toBe("/");
  });

  it("answers only a path of this origin, never longer than its bound, whatever is posted", () => {
    const posted = fc.string({ unit: "grapheme", maxLength: MAX_SWITCHED_PATH_LENGTH + 100 });
    fc.assert(
      fc.property(posted, fc.constantFrom(...locales), (path, locale) => {
        const target = switchedLocalePath(path, locale, "cs");
        expect(target).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, "http://shop.invalid").origin).toBe("http://shop.invalid");
        expect(target.length).toBeLessThanOrEqual(MAX_SWITCHED_PATH_LENGTH);
      }),
    );
  });
});
