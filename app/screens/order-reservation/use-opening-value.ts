import { useRef } from "react";

/**
 * The value as the page first had it for `key`, kept while the key stays the same. An order form's fields are
 * uncontrolled: their defaults only matter when they are first drawn. Given new defaults later (the loader's data
 * after a background re-price), React writes them into the inputs' attributes, and a radio the customer never
 * touched takes its checked attribute at once, so the method they had just chosen would lose its check.
 */
export function useOpeningValue<T>(value: T, key: string): T {
  const kept = useRef({ key, value });
  if (kept.current.key !== key) kept.current = { key, value };
  return kept.current.value;
}
