import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fitsOccupancy,
  roomShare,
  type Occupancy,
  type Party,
} from "./occupancy";

const double: Occupancy = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] };
const party = (overrides: Partial<Party> = {}): Party => ({ rooms: 1, adults: 2, childrenAges: [], ...overrides });

describe("occupancy", () => {
  it("fits two adults with two young children", () => {
    expect(fitsOccupancy(double, party({ childrenAges: [4, 9] }))).toBe(true);
  });

  it("counts a child older than every band as an adult", () => {
    expect(fitsOccupancy(double, party({ childrenAges: [15] }))).toBe(false);
    expect(fitsOccupancy(double, party({ adults: 1 as number, childrenAges: [15] }))).toBe(true);
  });

  it("gives a baby below the band's lower age a child's place", () => {
    expect(fitsOccupancy(double, party({ childrenAges: [0, 1] }))).toBe(true);
  });

  it("reads the provider's own rooms as they are: a single room, a cot for a baby, a band up to 15", () => {
    const single: Occupancy = { adults: 1, total: 1, children: [] };
    expect(fitsOccupancy(single, party({ adults: 1 }))).toBe(true);
    expect(fitsOccupancy(single, party())).toBe(false);
    const cot: Occupancy = { adults: 2, total: 3, children: [{ total: 1, fromAge: 0, toAge: 1 }] };
    expect(fitsOccupancy(cot, party({ childrenAges: [1] }))).toBe(true);
    expect(fitsOccupancy(cot, party({ childrenAges: [4] }))).toBe(false);
    const teenagers: Occupancy = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 15 }] };
    expect(fitsOccupancy(teenagers, party({ childrenAges: [14, 15] }))).toBe(true);
    expect(fitsOccupancy(double, party({ childrenAges: [14, 15] }))).toBe(false);
  });

  it("counts a child beyond the band's places as an adult", () => {
    expect(fitsOccupancy(double, party({ childrenAges: [3, 5, 7] }))).toBe(false);
    // Room for five, but two child places: the third child takes an adult's place.
    const family: Occupancy = { ...double, total: 5 };
    expect(fitsOccupancy(family, party({ childrenAges: [3, 5, 7] }))).toBe(false);
    expect(fitsOccupancy(family, party({ adults: 1, childrenAges: [3, 5, 7] }))).toBe(true);
    const noChildPlaces: Occupancy = { adults: 2, total: 3, children: [{ total: 0, fromAge: 2, toAge: 12 }] };
    expect(fitsOccupancy(noChildPlaces, party({ childrenAges: [5] }))).toBe(false);
  });

  it("refuses more guests than the room's total", () => {
    const roomy: Occupancy = { adults: 4, total: 4, children: [] };
    expect(fitsOccupancy(roomy, party({ adults: 4 }))).toBe(true);
    expect(fitsOccupancy(roomy, party({ adults: 4, childrenAges: [1] }))).toBe(false);
  });

  it("spreads the party over the rooms, oldest children first", () => {
    expect(roomShare(party({ rooms: 2, adults: 5, childrenAges: [3, 14, 8] }))).toEqual({
      adults: 3,
      childrenAges: [14, 8],
    });
    expect(fitsOccupancy(double, party({ rooms: 2, adults: 4, childrenAges: [3, 8] }))).toBe(true);
  });

  it("never fits better with one more guest", () => {
    const band = fc.record({
      total: fc.integer({ min: 0, max: 3 }),
      fromAge: fc.integer({ min: 2, max: 12 }),
      toAge: fc.integer({ min: 2, max: 12 }),
    });
    const occupancy = fc.record({
      adults: fc.integer({ min: 2, max: 6 }),
      total: fc.integer({ min: 4, max: 8 }),
      children: fc.array(band, { maxLength: 2 }),
    });
    const parties = fc.record({
      rooms: fc.integer({ min: 1, max: 3 }),
      adults: fc.integer({ min: 1, max: 8 }),
      childrenAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(occupancy, parties, fc.integer({ min: 0, max: 17 }), fc.boolean(), (o, p, age, addAdult) => {
        const bigger = addAdult
          ? { ...p, adults: p.adults + p.rooms }
          : { ...p, childrenAges: [...p.childrenAges, ...Array(p.rooms).fill(age)] };
        if (fitsOccupancy(o, bigger)) expect(fitsOccupancy(o, p)).toBe(true);
      }),
      { numRuns: 20_000 }
    );
  });
});
