/**
 * Whether the party fits into a product (one room of a hotel's offer). The party is spread evenly over the rooms
 * asked for, so each room must take its share: a child whose age lies in one of the product's children bands takes
 * a child's place there, any other child counts as an adult, as the booking portal counts them.
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
  const placesLeft = occupancy.children.map((band) => band.total);
  let countedAsAdults = share.adults;
  for (const age of share.childrenAges) {
    const band = occupancy.children.findIndex(
      (b, index) => age >= b.fromAge && age <= b.toAge && (placesLeft[index] ?? 0) > 0
    );
    if (band === -1) countedAsAdults += 1;
    else placesLeft[band] = (placesLeft[band] ?? 0) - 1;
  }
  return countedAsAdults <= occupancy.adults && share.adults + share.childrenAges.length <= occupancy.total;
}
