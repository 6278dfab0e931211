import { describe, expect, it } from "vitest";
import { paymentMethodById, paymentMethodsFor, voucherCredit } from "./payment-methods";
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

describe("each method", () => {
  it("is of its kind, with the name the api gives it (PaymentMethod.name)", () => {
    const czech = paymentMethodsFor("DZB_CZ").hotel.map(({ id, kind, label }) => [id, kind, label]);
    expect(czech).toEqual([
      ["edenred_card", "benefit_provider", "Edenred card"],
      ["edenred_cafeteria", "benefit_provider", "Edenred cafeteria"],
      ["pluxee_cafeteria", "benefit_provider", "Pluxee cafeteria"],
      ["up_card", "benefit_provider", "Up card"],
      ["benefit_systems", "benefit_provider", "Benefit Systems"],
      ["payment_card", "payment_card", "Payment card"],
      ["transfer", "bank_transfer", "Bank transfer"],
    ]);
    expect([voucherCredit.id, voucherCredit.kind, voucherCredit.label]).toEqual(["voucher", "voucher", "Voucher"]);
  });

  it("is found by its id in its variant, a voucher's credit in every variant, another variant's method in none", () => {
    expect(paymentMethodById("DZB_PL", "up_card")).toMatchObject({ id: "up_card", kind: "benefit_provider" });
    expect(paymentMethodById("DZB_WL_PLUXEE_CZ", "voucher")).toBe(voucherCredit);
    expect(paymentMethodById("DZB_WL_PLUXEE_CZ", "up_card")).toBeUndefined();
    expect(paymentMethodById("DZB_CZ", "cash")).toBeUndefined();
  });
});
