import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitsOccupancy, type Occupancy } from "./occupancy";
import { partyProblem } from "./order-party";

const double: Occupancy = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] };
const quad: Occupancy = { adults: 4, total: 4, children: [] };
/** Sixteen places, only two of them for adults: a room the pre-search head count does not settle. */
const dormitory: Occupancy = { adults: 2, total: 16, children: [{ total: 14, fromAge: 0, toAge: 17 }] };
const fiveYearOlds = (count: number) => Array.from({ length: count }, () => 5);
const party = (adults: number, childrenAges: number[] = []) => ({ adults, childrenAges });

const occupancies = fc.record({
  adults: fc.integer({ min: 2, max: 4 }),
  total: fc.integer({ min: 4, max: 6 }),
  children: fc.array(
    fc.record({
      total: fc.integer({ min: 0, max: 2 }),
      fromAge: fc.integer({ min: 2, max: 12 }),
      toAge: fc.integer({ min: 2, max: 12 }),
    }),
    { maxLength: 2 }
  ),
});
const parties = fc.record({
  adults: fc.integer({ min: 0, max: 8 }),
  childrenAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }),
});
const productLists = fc.array(occupancies, { minLength: 1, maxLength: 3 });

/** Every way of sharing the party among the rooms, tried one by one: the slow, obvious answer to compare with. */
function someSharingFits(adults: number, childrenAges: readonly number[], rooms: readonly Occupancy[]): boolean {
  const place = (room: number, adultsLeft: number, childrenLeft: readonly number[]): boolean => {
    if (room === rooms.length) return adultsLeft === 0 && childrenLeft.length === 0;
    const subsets = 1 << childrenLeft.length;
    for (let mask = 0; mask < subsets; mask++) {
      const here = childrenLeft.filter((_, i) => (mask & (1 << i)) !== 0);
      const rest = childrenLeft.filter((_, i) => (mask & (1 << i)) === 0);
      for (let a = 1; a <= adultsLeft; a++) {
        if (
          fitsOccupancy(rooms[room]!, { rooms: 1, adults: a, childrenAges: here }) &&
          place(room + 1, adultsLeft - a, rest)
        ) {
          return true;
        }
      }
    }
    return false;
  };
  return place(0, adults, childrenAges);
}

describe("the party against the chosen products", () => {
  it("fits two adults with two young children in a double", () => {
    expect(partyProblem(party(2, [4, 9]), [double])).toBeUndefined();
  });

  it("fits one adult alone, or with a child, in a double", () => {
    expect(partyProblem(party(1), [double])).toBeUndefined();
    expect(partyProblem(party(1, [7]), [double])).toBeUndefined();
  });

  it("needs an adult, and one for every room", () => {
    expect(partyProblem(party(0, [5]), [double])).toBe("zero_adults");
    expect(partyProblem(party(1, [10]), [double, double])).toBe("adults_fewer_than_products");
  });

  it("tells ages that do not fit from a party that is too large", () => {
    // Four fit a double, but a 15-year-old counts as an adult and there are only two adult places.
    expect(partyProblem(party(2, [15, 4]), [double])).toBe("children_ages_mismatch");
    const smallBand: Occupancy = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 6 }] };
    expect(partyProblem(party(2, [4, 8]), [smallBand])).toBe("children_ages_mismatch");
    expect(partyProblem(party(2, [4, 5]), [smallBand])).toBeUndefined();
    expect(partyProblem(party(2, [3, 5, 7, 9]), [double])).toBe("occupancy_exceeded");
    expect(partyProblem(party(3), [double])).toBe("occupancy_exceeded");
  });

  it("calls a party too large for the rooms' places, or adult places, too large, however many children it has", () => {
    expect(partyProblem(party(2, fiveYearOlds(11)), [double])).toBe("occupancy_exceeded");
    expect(partyProblem(party(3, fiveYearOlds(11)), [dormitory])).toBe("occupancy_exceeded");
  });

  it("checks up to ten children, and refuses to search more that the rooms might hold", () => {
    expect(partyProblem(party(2, fiveYearOlds(10)), [dormitory])).toBeUndefined();
    expect(() => partyProblem(party(2, fiveYearOlds(11)), [dormitory])).toThrow(
      new RangeError("11 children are more than the preview checks (10)")
    );
  });

  it("shares the party among different rooms as needed", () => {
    // The teenagers go to the room without child places, the small ones to the double's band.
    expect(partyProblem(party(3, [15, 16, 4]), [double, quad])).toBeUndefined();
    expect(partyProblem(party(5, [15, 16, 4]), [double, quad])).toBe("children_ages_mismatch");
  });

  it("does not count child places that a room's total leaves no space for", () => {
    const single: Occupancy = { adults: 1, total: 1, children: [{ total: 1, fromAge: 2, toAge: 12 }] };
    const twin: Occupancy = { adults: 1, total: 2, children: [] };
    // Three guests, three places, a child place for the boy: but the single holds its adult only.
    expect(partyProblem(party(2, [5]), [single, twin])).toBe("occupancy_exceeded");
  });

  it("accepts exactly the parties that some sharing among the rooms seats", () => {
    fc.assert(
      fc.property(parties, productLists, (p, products) => {
        const problem = partyProblem(p, products);
        if (p.adults >= Math.max(1, products.length)) {
          expect(problem === undefined).toBe(someSharingFits(p.adults, p.childrenAges, products));
        }
      }),
      { numRuns: 2_000 }
    );
  });

  it("accepts a party made of groups that each fit a room", () => {
    const group = fc.record({
      adults: fc.integer({ min: 1, max: 4 }),
      childrenAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(occupancies, group), { minLength: 1, maxLength: 3 }), (rooms) => {
        fc.pre(rooms.every(([room, g]) => fitsOccupancy(room, { rooms: 1, ...g })));
        const whole = party(
          rooms.reduce((sum, [, g]) => sum + g.adults, 0),
          rooms.flatMap(([, g]) => g.childrenAges)
        );
        expect(
          partyProblem(
            whole,
            rooms.map(([room]) => room)
          )
        ).toBeUndefined();
      })
    );
  });

  it("never accepts a party once refused for its size, with one more guest", () => {
    fc.assert(
      fc.property(parties, productLists, fc.integer({ min: 0, max: 17 }), (p, products, age) => {
        const problem = partyProblem(p, products);
        if (problem === undefined) return;
        // Another child never helps; another adult only cures a lack of adults.
        expect(partyProblem({ ...p, childrenAges: [...p.childrenAges, age] }, products)).toBeDefined();
        if (problem === "children_ages_mismatch" || problem === "occupancy_exceeded") {
          expect(partyProblem({ ...p, adults: p.adults + 1 }, products)).toBeDefined();
        }
      }),
      { numRuns: 2_000 }
    );
  });

  it("blames the ages only when the same head count of babies would fit", () => {
    fc.assert(
      fc.property(parties, productLists, (p, products) => {
        const problem = partyProblem(p, products);
        const babies = partyProblem({ ...p, childrenAges: p.childrenAges.map(() => 0) }, products);
        if (problem === "children_ages_mismatch") expect(babies).toBeUndefined();
        if (problem === "occupancy_exceeded") expect(babies).toBe("occupancy_exceeded");
      })
    );
  });
});
