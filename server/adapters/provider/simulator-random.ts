/**
 * Seeded randomness for the hotel simulator: every value it invents is drawn from a generator seeded by a hash of
 * what the value belongs to (a hotel, a room, a night), so the same question always gets the same answer.
 */

/** 32-bit FNV-1a over the UTF-16 code units: tiny, fast and spreads similar slugs far apart. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small generator with a full 32-bit state, good enough for invented data. Returns values in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Random {
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` different items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

/** A generator for one thing, named by its parts, e.g. `randomFor("room", hotelId, roomIndex)`. */
export function randomFor(...parts: readonly (string | number)[]): Random {
  const next = mulberry32(fnv1a(parts.join("|")));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[int(0, items.length - 1)],
    sample: (items, count) => {
      const pool = [...items];
      // A partial Fisher–Yates shuffle: only the first `count` places are drawn.
      for (let index = 0; index < Math.min(count, pool.length); index += 1) {
        const other = int(index, pool.length - 1);
        [pool[index], pool[other]] = [pool[other], pool[index]];
      }
      return pool.slice(0, count);
    },
  };
}
