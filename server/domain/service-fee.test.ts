import { describe, expect, it } from "vitest";
import { paymentMethodsFor } from "./payment-methods";
import { productKeys, type ProductKey } from "./products";
import { defaultRestMethod, serviceFeeBasisPoints } from "./service-fee";

const expected: Record<ProductKey, Record<string, number>> = {
  DZB_CZ: {
    up_card: 690,
    edenred_card: 590,
    edenred_cafeteria: 590,
    pluxee_cafeteria: 1000,
    benefit_systems: 1000,
    payment_card: 0,
    transfer: 0,
  },
  DZB_PL: {
    up_card: 690,
    edenred_card: 590,
    edenred_cafeteria: 590,
    pluxee_cafeteria: 0,
    benefit_systems: 0,
    payment_card: 0,
    transfer: 0,
  },
  DZB_WL_PLUXEE_CZ: {
    up_card: 690,
    edenred_card: 590,
    edenred_cafeteria: 590,
    pluxee_cafeteria: 1000,
    benefit_systems: 1000,
    payment_card: 0,
    transfer: 0,
  },
};

describe("service fee", () => {
  for (const product of productKeys) {
    for (const [methodId, basisPoints] of Object.entries(expected[product])) {
      it(`is ${basisPoints / 100} % for ${methodId} in ${product}`, () => {
        expect(serviceFeeBasisPoints(product, methodId)).toBe(basisPoints);
      });
    }
  }

  it("has a stated rate for every method a variant offers", () => {
    for (const product of productKeys) {
      for (const method of paymentMethodsFor(product).hotel) {
        expect(Object.keys(expected[product])).toContain(method.id);
      }
    }
  });

  it("is 0 for a method it does not know, even one named like an object's property", () => {
    expect(serviceFeeBasisPoints("DZB_CZ", "cash")).toBe(0);
    expect(serviceFeeBasisPoints("DZB_CZ", "toString")).toBe(0);
    expect(serviceFeeBasisPoints("DZB_CZ", "")).toBe(0);
  });
});

describe("the method a new preview is priced with", () => {
  it("is the first offered one without a fee, never a benefit provider's that carries one", () => {
    expect(defaultRestMethod("DZB_CZ", paymentMethodsFor("DZB_CZ").hotel)).toBe("payment_card");
    expect(defaultRestMethod("DZB_WL_PLUXEE_CZ", paymentMethodsFor("DZB_WL_PLUXEE_CZ").hotel)).toBe("payment_card");
    // Pluxee charges no fee in Poland and is offered first there.
    expect(defaultRestMethod("DZB_PL", paymentMethodsFor("DZB_PL").hotel)).toBe("pluxee_cafeteria");
  });

  it("is the lowest fee when every method carries one, and none when nothing is offered", () => {
    const benefits = paymentMethodsFor("DZB_CZ").hotel.filter((method) => method.kind === "benefit_provider");
    expect(defaultRestMethod("DZB_CZ", benefits)).toBe("edenred_card");
    expect(defaultRestMethod("DZB_CZ", [])).toBeUndefined();
  });
});
