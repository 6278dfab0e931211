import { describe, expect, it } from "vitest";
import {
  insurancePrice,
  isPayAtProperty,
  orderPrice,
  productPrice,
  type PricedCharge,
  type ProductOffer,
} from "./pricing";

const offer = (overrides: Partial<ProductOffer> = {}): ProductOffer => ({
  base: 500_000,
  publicPrice: 600_000,
  extraCharges: [],
  paymentTimings: ["online_now"],
  ...overrides,
});

const cityTax: PricedCharge = { name: "City tax", amount: 5_000, chargeableOnline: false };
const vat: PricedCharge = { name: "VAT", percentage: 12, amount: 60_000, chargeableOnline: true };

describe("product price", () => {
  it("pays the base and online charges online and the rest on site", () => {
    expect(productPrice(offer({ extraCharges: [cityTax, vat] }))).toEqual({
      base: 500_000,
      payOnline: 560_000,
      payOnSite: 5_000,
      total: 565_000,
      extraCharges: [cityTax, vat],
    });
  });

  it("counts a product as paid online when any timing is online", () => {
    for (const timings of [["online_now"], ["online_later"], ["at_property", "online_later"]] as const) {
      expect(productPrice(offer({ paymentTimings: timings })).payOnline).toBe(500_000);
    }
  });

  it("pays everything on site for a product paid only at the property", () => {
    expect(productPrice(offer({ paymentTimings: ["at_property"], extraCharges: [cityTax, vat] }))).toEqual({
      base: 500_000,
      payOnline: 0,
      payOnSite: 565_000,
      total: 565_000,
      extraCharges: [cityTax, vat],
    });
  });

  it("totals what is paid online and on site", () => {
    for (const timings of [["online_now"], ["at_property"]] as const) {
      const price = productPrice(offer({ paymentTimings: timings, extraCharges: [cityTax, vat] }));
      expect(price.total).toBe(price.payOnline + price.payOnSite);
    }
  });
});

describe("pay at property", () => {
  it("holds only when every product is paid only at the property", () => {
    const atProperty = offer({ paymentTimings: ["at_property"] });
    expect(isPayAtProperty([atProperty, atProperty])).toBe(true);
    expect(isPayAtProperty([atProperty, offer()])).toBe(false);
    expect(isPayAtProperty([offer({ paymentTimings: ["online_later"] })])).toBe(false);
  });
});

describe("insurance price", () => {
  it("is 1500 CZK or 199 PLN", () => {
    expect(insurancePrice("CZK")).toBe(150_000);
    expect(insurancePrice("PLN")).toBe(19_900);
  });
});

describe("order price", () => {
  it("sums the products and adds the insurance to what is paid online", () => {
    const price = orderPrice(
      [offer({ extraCharges: [cityTax] }), offer({ base: 300_000, publicPrice: 300_000, extraCharges: [vat] })],
      150_000
    );
    expect(price).toEqual({
      base: 800_000,
      publicPrice: 900_000,
      insurance: 150_000,
      payOnline: 500_000 + 360_000 + 150_000,
      payOnSite: 5_000,
      extraCharges: [cityTax, vat],
    });
  });

  it("takes the insurance online even when every room is paid at the property", () => {
    const price = orderPrice([offer({ paymentTimings: ["at_property"] })], 19_900);
    expect(price.payOnline).toBe(19_900);
    expect(price.payOnSite).toBe(500_000);
  });

  it("mixes products paid online and at the property", () => {
    const price = orderPrice([offer(), offer({ base: 200_000, paymentTimings: ["at_property"] })], 0);
    expect(price.payOnline).toBe(500_000);
    expect(price.payOnSite).toBe(200_000);
    expect(price.insurance).toBe(0);
  });

  it("merges the same charge of several rooms into one line, in the order they first appear", () => {
    const price = orderPrice(
      [offer({ extraCharges: [cityTax, vat] }), offer({ extraCharges: [vat, { ...cityTax, amount: 7_000 }] })],
      0
    );
    expect(price.extraCharges).toEqual([
      { ...cityTax, amount: 12_000 },
      { ...vat, amount: 120_000 },
    ]);
  });

  it("keeps charges apart that differ in percentage or in where they are paid", () => {
    const fixedVat: PricedCharge = { name: "VAT", amount: 1_000, chargeableOnline: true };
    const vatOnSite: PricedCharge = { ...vat, chargeableOnline: false };
    const zeroPercentVat: PricedCharge = { ...vat, percentage: 0, amount: 0 };
    const price = orderPrice([offer({ extraCharges: [vat, fixedVat, vatOnSite, zeroPercentVat] })], 0);
    expect(price.extraCharges).toEqual([vat, fixedVat, vatOnSite, zeroPercentVat]);
    expect(price.extraCharges[1]).not.toHaveProperty("percentage");
  });

  it("does not change the offers' charges when merging", () => {
    const charges = [cityTax];
    orderPrice([offer({ extraCharges: charges }), offer({ extraCharges: charges })], 0);
    expect(charges).toEqual([{ name: "City tax", amount: 5_000, chargeableOnline: false }]);
  });

  it("is zero for no products", () => {
    expect(orderPrice([], 0)).toEqual({
      base: 0,
      publicPrice: 0,
      insurance: 0,
      payOnline: 0,
      payOnSite: 0,
      extraCharges: [],
    });
  });
});
