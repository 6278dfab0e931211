import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOrderOwnerKey, orderOwnerKey } from "./owner-key";

const secret = "a secret of at least thirty-two characters";

describe("an order's owner key", () => {
  it("opens its own order only, under the secret it was made with", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (orderId, otherId) => {
        const key = orderOwnerKey(secret, orderId);
        expect(isOrderOwnerKey(secret, orderId, key)).toBe(true);
        expect(isOrderOwnerKey(secret, orderId.toUpperCase(), key)).toBe(true);
        expect(isOrderOwnerKey(`${secret}!`, orderId, key)).toBe(false);
        if (otherId !== orderId) expect(isOrderOwnerKey(secret, otherId, key)).toBe(false);
      })
    );
  });

  it("is refused when it is cut short, empty or made longer", () => {
    const orderId = "0b6f4c1e-8a57-4f0e-9d7c-0f2b6f1d9a11";
    const key = orderOwnerKey(secret, orderId);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const wrong of ["", key.slice(0, -1), `${key}A`, key.replace(/^./, (c) => (c === "A" ? "B" : "A"))]) {
      expect(isOrderOwnerKey(secret, orderId, wrong)).toBe(false);
    }
  });
});
