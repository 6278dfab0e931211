import { describe, expect, it } from "vitest";
import { paymentMethodsFor } from "./payment-methods";
import { productKeys } from "./products";

const ids = (methods: readonly { id: string }[]) => methods.map((m) => m.id);

describe("payment methods per variant", () => {
  it("offer card and transfer for stays in every variant", () => {
    for (const product of productKeys) {
      expect(ids(paymentMethodsFor(product).hotel)).toEqual(expect.arrayContaining(["payment_card", "transfer"]));
    }
  });

  it("offer only Pluxee among benefits in the Pluxee white label", () => {
    expect(ids(paymentMethodsFor("DZB_WL_PLUXEE_CZ").hotel)).toEqual(["pluxee_cafeteria", "payment_card", "transfer"]);
  });

  it("sell no vouchers in the Polish variant, which has no voucher page", () => {
    expect(paymentMethodsFor("DZB_PL").voucher).toEqual([]);
  });

  it("have a translation code derived from the stable id", () => {
    for (const product of productKeys) {
      const { hotel, voucher } = paymentMethodsFor(product);
      for (const method of [...hotel, ...voucher]) {
        expect(method.translationCode).toBe(`payment_method.${method.id}`);
      }
    }
  });
});
