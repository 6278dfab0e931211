import { describe, expect, it } from "vitest";
import { contentPage, publicPageAt, publicPages, searchLinks, type SearchSite } from "~/search-links";

const czech: SearchSite = {
  origin: "https://www.dovolenazabenefity.cz",
  defaultLocale: "cs",
  languages: ["cs", "en"],
  sellsVouchers: true,
  partners: ["up", "pluxee", "edenred", "benefit-systems"],
};
const polish: SearchSite = {
  origin: "https://www.urlopzabenefity.pl",
  defaultLocale: "pl",
  languages: ["pl", "en"],
  sellsVouchers: false,
  partners: ["up", "pluxee", "edenred", "benefit-systems"],
};
const pluxee: SearchSite = {
  origin: "https://dovolena.pluxee.cz",
  defaultLocale: "cs-pluxee",
  languages: ["cs-pluxee"],
  sellsVouchers: true,
  partners: ["pluxee"],
};

describe("the pages search engines are told about", () => {
  it("are the information screens, the partners and the first order step; the voucher where it is sold", () => {
    const named = (site: SearchSite) =>
      publicPages(site).map((page) => [page.screen, page.params.partner].join(" ").trim());
    expect(named(czech)).toEqual(
      expect.arrayContaining(["home", "order", "howItWorks", "contact", "edenred2024", "voucher", "partner up"])
    );
    expect(named(czech).filter((name) => name.startsWith("partner"))).toHaveLength(4);
    for (const screen of ["orderAccommodation", "orderReservation", "orderStatus", "orderDocument"]) {
      expect(named(czech)).not.toContain(screen);
    }
    expect(named(polish)).not.toContain("voucher");
  });

  it("are only the partners the host takes, and no page about a competitor", () => {
    const named = publicPages(pluxee).map((page) => [page.screen, page.params.partner].join(" ").trim());
    expect(named.filter((name) => name.startsWith("partner"))).toEqual(["partner pluxee"]);
    expect(named).not.toContain("edenred2024");
    expect(publicPageAt("/partner/edenred", pluxee)).toBeNull();
  });

  it.each([
    ["/kontakt", "contact"],
    ["/en/contact", "contact"],
    ["/partner/edenred", "partner"],
    ["/overeni-poukazu", "voucherStatus"],
    ["/faq", "contentPage"],
    ["/en/inspiration/summer-on-lakes-and-rivers", "inspirationDetail"],
  ])("include %s", (path, screen) => {
    expect(publicPageAt(path, czech)?.screen).toBe(screen);
  });

  it.each([
    ["a voucher's own check", "/overeni-poukazu/AB12C"],
    ["an order's status", "/status/00000000-0000-4000-8000-000000000000"],
    ["a partner the shop does not have", "/partner/nobody"],
    ["a later order step", "/objednavka/ubytovani/42"],
  ])("leave out %s", (_, path) => {
    expect(publicPageAt(path, czech)).toBeNull();
  });
});

describe("a public page's search links", () => {
  const contact = { screen: "contact" as const, params: {} };

  it("name each language version on a host that publishes several, and its own language as the default", () => {
    expect(searchLinks(polish, "en", contact)).toEqual({
      canonical: "https://www.urlopzabenefity.pl/en/contact",
      alternates: [
        { hreflang: "pl", href: "https://www.urlopzabenefity.pl/kontakt" },
        { hreflang: "en", href: "https://www.urlopzabenefity.pl/en/contact" },
        { hreflang: "x-default", href: "https://www.urlopzabenefity.pl/kontakt" },
      ],
    });
  });

  it("name the Czech shop's English pages too, as its language menu offers English", () => {
    expect(searchLinks(czech, "cs", contact)).toEqual({
      canonical: "https://www.dovolenazabenefity.cz/kontakt",
      alternates: [
        { hreflang: "cs", href: "https://www.dovolenazabenefity.cz/kontakt" },
        { hreflang: "en", href: "https://www.dovolenazabenefity.cz/en/contact" },
        { hreflang: "x-default", href: "https://www.dovolenazabenefity.cz/kontakt" },
      ],
    });
  });

  it("name only the page itself on a host of one language, or in a language the host does not publish", () => {
    expect(searchLinks(pluxee, "cs-pluxee", contact)).toEqual({
      canonical: "https://dovolena.pluxee.cz/kontakt",
      alternates: [],
    });
    expect(searchLinks(czech, "pl", contact).alternates).toEqual([]);
  });

  it("name no language versions of a content page or article: each language has its own, under its own slug", () => {
    const branches = contentPage("contentPage", "branches");
    expect(searchLinks(polish, "en", branches)).toEqual({
      canonical: "https://www.urlopzabenefity.pl/en/branches",
      alternates: [],
    });
    const article = contentPage("inspirationDetail", "weekend-w-krakowie");
    expect(searchLinks(polish, "pl", article).canonical).toBe("https://www.urlopzabenefity.pl/inspiracje/weekend-w-krakowie");
  });

  it("give a partner's page its own address", () => {
    const page = { screen: "partner" as const, params: { partner: "benefit-systems" } };
    expect(searchLinks(polish, "pl", page).canonical).toBe("https://www.urlopzabenefity.pl/partner/benefit-systems");
  });
});
