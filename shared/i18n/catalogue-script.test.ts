import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../route-table";
import { catalogueScript, loadedCatalogue } from "./catalogue-script";
import { messages } from "./messages";

describe("the catalogue script", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const lang of ["cs", "pl", "en"] as Language[]) {
    it(`hands the browser every ${lang} message as it was written`, () => {
      vi.stubGlobal("window", globalThis);
      vi.stubGlobal("__shopMessages", undefined);
      new Function(catalogueScript({ lang, messages: messages[lang] }))();
      expect(loadedCatalogue()).toEqual({ lang, messages: messages[lang] });
    });
  }

  it("keeps quotes, backslashes and line breaks, the line separators JSON leaves unescaped among them", () => {
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("__shopMessages", undefined);
    const tricky = { quote: '"\\', lines: "a\u2028b\u2029c\nd" };
    new Function(catalogueScript({ lang: "en", messages: tricky }))();
    expect(loadedCatalogue()).toEqual({ lang: "en", messages: tricky });
  });
});
