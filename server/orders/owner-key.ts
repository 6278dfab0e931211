import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The proof that a caller is an order's customer (decision 041). An order's id opens it for reading, and ids travel:
 * in status links, on documents, in a gift giver's hands. Changing the order (cancelling it, moving a payment) takes
 * its owner key, which only the customer's browser (a cookie set when they ordered) and the customer's e-mails hold.
 *
 * The key is an HMAC of the order's id under the shop's ORDER_KEY_SECRET, so nothing of it is stored: a copy of the
 * database opens no order, every api and worker instance derives the same key, and creating the same order twice
 * (a double click) hands out the same key.
 */
export function orderOwnerKey(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`order-owner:${orderId.toLowerCase()}`).digest("base64url");
}

/** Whether `key` is the order's owner key, compared in constant time. */
export function isOrderOwnerKey(secret: string, orderId: string, key: string): boolean {
  const expected = Buffer.from(orderOwnerKey(secret, orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
