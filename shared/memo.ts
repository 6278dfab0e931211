/**
 * The value `map` keeps under `key`, made by `make` and kept the first time it is asked for. A map given a `limit` is
 * emptied when it holds that many, so that keys no caller will ask for again cannot pile up for ever.
 */
export function memoized<K, V>(map: Map<K, V>, key: K, make: () => V, limit = Number.POSITIVE_INFINITY): V {
  const kept = map.get(key);
  if (kept !== undefined) return kept;
  const made = make();
  if (map.size >= limit) map.clear();
  map.set(key, made);
  return made;
}
