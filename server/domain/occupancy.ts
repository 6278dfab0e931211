/**
 * Whether the party fits into a product (one room of a hotel's offer). The party is spread evenly over the rooms
 * asked for, so each room must take its share. A child takes a child's place in a band whose upper age it does not
 * exceed (a baby below the band's lower age too: it sleeps in a cot); an older child, or one for whom no place is
 * left, counts as an adult, as the booking portal counts them.
 */

export interface Occupancy {
  readonly adults: number;
  /** Adults and children together. */
  readonly total: number;
  readonly children: readonly { readonly total: number; readonly fromAge: number; readonly toAge: number }[];
}

export interface Party {
  readonly rooms: number;
  readonly adults: number;
  readonly childrenAges: readonly number[];
}

/** The guests one room takes when the party shares its rooms evenly; the oldest children go first, as the hardest to place. */
export function roomShare(party: Party): { adults: number; childrenAges: number[] } {
  const rooms = Math.max(1, party.rooms);
  const oldestFirst = [...party.childrenAges].sort((a, b) => b - a);
  return {
    adults: Math.ceil(party.adults / rooms),
    childrenAges: oldestFirst.slice(0, Math.ceil(oldestFirst.length / rooms)),
  };
}

export function fitsOccupancy(occupancy: Occupancy, party: Party): boolean {
  const share = roomShare(party);
  // Oldest first, each into the band with the lowest upper age that takes it: every band that takes an older child
  // takes all younger ones, so this places as many children as any assignment could.
  const bands = occupancy.children.map((band) => ({ toAge: band.toAge, left: band.total }));
  bands.sort((a, b) => a.toAge - b.toAge);
  let countedAsAdults = share.adults;
  for (const age of share.childrenAges) {
    const band = bands.find((b) => b.left > 0 && age <= b.toAge);
    if (band) band.left -= 1;
    else countedAsAdults += 1;
  }
  return countedAsAdults <= occupancy.adults && share.adults + share.childrenAges.length <= occupancy.total;
}
