import { describe, expect, it } from "vitest";
import { mapSize, placedBranches } from "./branch-map";

const section = (id: string, heading: string, address: string) => ({ id, heading, html: `<p>${address}</p>` });

describe("the map of branches", () => {
  it("draws each branch at the town its address names, under the page's name for it", () => {
    const placed = placedBranches([
      section("prague", "Prague", "Vinohradská 2405/190, 130 00 Praha 3, Czech Republic"),
      section("warsaw", "Warsaw", "ul. Prosta 51, 00-838 Warszawa"),
      section("krakow", "Kraków", "ul. Lubicz 17, 31-503 Kraków"),
    ]);
    expect(placed.map((branch) => branch.name)).toEqual(["Prague", "Warsaw", "Kraków"]);
    const [prague, warsaw, krakow] = placed;
    // Warsaw lies east and north of Prague, Kraków south of Warsaw; all inside the map.
    expect(warsaw!.x).toBeGreaterThan(prague!.x);
    expect(warsaw!.y).toBeLessThan(prague!.y);
    expect(krakow!.y).toBeGreaterThan(warsaw!.y);
    for (const branch of placed) {
      expect(branch.x).toBeGreaterThan(0);
      expect(branch.x).toBeLessThan(mapSize.width);
      expect(branch.y).toBeGreaterThan(0);
      expect(branch.y).toBeLessThan(mapSize.height);
    }
  });

  it("lists but does not draw a branch in a town it does not know, or a section with no address", () => {
    expect(placedBranches([section("vienna", "Vienna", "Kärntner Straße 1, 1010 Wien")])).toEqual([]);
    expect(placedBranches([section("note", "Appointments", "Call us first: Praha or Brno.")])).toEqual([]);
  });
});
