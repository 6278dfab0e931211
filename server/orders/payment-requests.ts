import { isDeepStrictEqual } from "node:util";
import type { StoredPaymentRequest } from "../stores/previews";

/** Whether two payment requests ask for the same thing, field by field (a stored one may have its keys reordered). */
export function samePaymentRequest(a: StoredPaymentRequest, b: StoredPaymentRequest): boolean {
  return isDeepStrictEqual(a, b);
}
