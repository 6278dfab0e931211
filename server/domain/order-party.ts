/**
 * Whether the party fits the products chosen for the order preview (SPEC §5, §8 "Preview"), one product being one
 * room. Every room needs an adult; within a room a child takes a child's place or counts as an adult, as
 * `fitsOccupancy` decides. The party may be shared among the rooms in any way, and it fits when some sharing puts
 * every room within its occupancy.
 *
 * The problems, checked in this order, are disjoint:
 * - zero_adults: no adult at all;
 * - adults_fewer_than_products: some room would have no adult;
 * - children_ages_mismatch: the party does not fit, but the same party with every child a baby (who takes a
 *   child's place in any band) would: the head count fits, the children's ages do not;
 * - occupancy_exceeded: even then it does not fit: too many guests, or too many adults, for the rooms.
 */

import { fitsOccupancy, type Occupancy } from "./occupancy";

export type PartyProblem =
  | "zero_adults"
  | "adults_fewer_than_products"
  | "children_ages_mismatch"
  | "occupancy_exceeded";

/**
 * The search below is exponential in the children (3^n ways to share them); the api's limits table refuses more
 * than SPEC's 4 long before this bound, so reaching it is a caller's mistake.
 */
const MAX_CHILDREN = 10;

/** The most adults a room takes beside these children: 0 when it takes none, and then it cannot be used. */
function adultPlaces(room: Occupancy, childrenAges: readonly number[]): number {
  let adults = 0;
  while (adults < room.total && fitsOccupancy(room, { rooms: 1, adults: adults + 1, childrenAges })) adults += 1;
  return adults;
}

/**
 * Whether some sharing of the party seats everyone. Children are shared out by subsets (a bit mask per room); for
 * each sharing, every room must take at least one adult, and the rooms together at least all of them. `most[mask]`
 * is the most adults the rooms so far can take while holding exactly the children in `mask`, each room one or more.
 */
function seats(adults: number, childrenAges: readonly number[], rooms: readonly Occupancy[]): boolean {
  const all = (1 << childrenAges.length) - 1;
  const agesIn = (mask: number) => childrenAges.filter((_, i) => (mask & (1 << i)) !== 0);
  let most: number[] = Array.from({ length: all + 1 }, (_, mask) => (mask === 0 ? 0 : -1));
  for (const room of rooms) {
    const next: number[] = Array.from({ length: all + 1 }, () => -1);
    for (let mask = 0; mask <= all; mask++) {
      if (most[mask]! < 0) continue;
      const rest = all & ~mask;
      // Every subset of the children not yet in a room, the empty one last.
      for (let share = rest; ; share = (share - 1) & rest) {
        const places = adultPlaces(room, agesIn(share));
        if (places > 0) next[mask | share] = Math.max(next[mask | share]!, most[mask]! + places);
        if (share === 0) break;
      }
    }
    most = next;
  }
  return most[all]! >= adults;
}

export function partyProblem(
  party: { adults: number; childrenAges: readonly number[] },
  products: readonly Occupancy[]
): PartyProblem | undefined {
  if (party.adults < 1) return "zero_adults";
  if (party.adults < products.length) return "adults_fewer_than_products";
  // The head count against the rooms' sums settles the plainly too large party without a search.
  const guests = party.adults + party.childrenAges.length;
  const sum = (of: (room: Occupancy) => number) => products.reduce((total, room) => total + of(room), 0);
  if (guests > sum((room) => room.total) || party.adults > sum((room) => room.adults)) return "occupancy_exceeded";
  if (party.childrenAges.length > MAX_CHILDREN) {
    throw new RangeError(`${party.childrenAges.length} children are more than the preview checks (${MAX_CHILDREN})`);
  }
  if (seats(party.adults, party.childrenAges, products)) return undefined;
  const babies = party.childrenAges.map(() => 0);
  return seats(party.adults, babies, products) ? "children_ages_mismatch" : "occupancy_exceeded";
}
