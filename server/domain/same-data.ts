/**
 * Whether two values of plain data (numbers, strings, booleans, null, and arrays and plain objects of them) are the
 * same, whatever the order of an object's keys: Node's `isDeepStrictEqual` for the values the rules compare, without
 * tying the domain to a runtime (`same-data.test.ts` holds the two to the same answers).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]))
  );
}
