import { describe, expect, it } from "vitest";
import { siteVariants } from "./site-variants";
import { partners } from "../../shared/route-table";
import { hostHasPage } from "../../shared/host-pages";

const { DZB_CZ: czech, DZB_PL: polish, DZB_WL_PLUXEE_CZ: pluxee } = siteVariants;

describe("the pages a host has", () => {
  it("on the Pluxee white label: Pluxee's partner page alone, no page about a competitor", () => {
    const partnerPages = partners.filter((partner) => hostHasPage(pluxee, "partner", { partner }));
    expect(partnerPages).toEqual(["pluxee"]);
    expect(hostHasPage(pluxee, "edenred2024")).toBe(false);
    expect(hostHasPage(pluxee, "voucher")).toBe(true);
  });

  it("on the Czech shop: every partner's page and the Edenred promotion's", () => {
    expect(partners.filter((partner) => hostHasPage(czech, "partner", { partner }))).toEqual([...partners]);
    expect(hostHasPage(czech, "edenred2024")).toBe(true);
  });

  it("on the Polish shop: the partners it takes and no voucher", () => {
    expect(partners.filter((partner) => hostHasPage(polish, "partner", { partner }))).toEqual([...partners]);
    expect(hostHasPage(polish, "voucher")).toBe(false);
    expect(hostHasPage(polish, "contact")).toBe(true);
  });

  it("no partner page for a name that is none", () => {
    expect(hostHasPage(czech, "partner", { partner: "sodexo" })).toBe(false);
  });
});
