import { describe, expect, it } from "vitest";
import { bookOnlyAfterPayment, breakdownAfterSwitch, dueOnline, hotelPriceBreakdown } from "./hotel-price";
import {
  calculatePayment,
  switchPayment,
  type CalculationInput,
  type PaymentCalculation,
} from "./payment-calculation";
import { paymentMethodsFor } from "./payment-methods";
import { orderPrice, type OrderPrice, type ProductOffer } from "./pricing";

const offer = (overrides: Partial<ProductOffer> = {}): ProductOffer => ({
  base: 800_000,
  publicPrice: 900_000,
  extraCharges: [{ name: "City tax", amount: 10_000, chargeableOnline: false }],
  paymentTimings: ["online_now"],
  ...overrides,
});

function calculationFor(price: OrderPrice, overrides: Partial<CalculationInput> = {}): PaymentCalculation {
  const result = calculatePayment({
    product: "DZB_CZ",
    due: price.payOnline,
    vouchers: [],
    payments: [],
    lastPayment: "payment_card",
    methods: paymentMethodsFor("DZB_CZ").hotel,
    today: "2024-12-31",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.calculation;
}

describe("hotel price breakdown", () => {
  it("adds fees and takes discounts off what the stay costs", () => {
    const price = orderPrice([offer()], 150_000);
    const calculation = calculationFor(price, {
      vouchers: [
        {
          kind: "unit",
          voucher: {
            id: "u",
            code: "SLEVA",
            bonus: 50_000,
            bonusPercent: 0,
            removeBusinessFee: false,
            removeTransactionFee: false,
            allowedMethodIds: null,
          },
        },
      ],
      payments: [{ methodId: "up_card", value: 400_000 }],
    });
    expect(hotelPriceBreakdown(price, calculation)).toEqual({
      base: 800_000,
      bonus: 50_000, // 10 % of the 500 000 the card pays on the promotion's last day
      discount: 50_000,
      serviceFee: 27_600,
      insurance: 150_000,
      payOnline: 950_000,
      payOnSite: 10_000,
      total: 950_000 - 50_000 + 27_600 + 10_000,
      extraCharges: [{ name: "City tax", amount: 10_000, chargeableOnline: false }],
    });
    // Online the customer pays the rooms and the insurance less the discount, with the card's fee.
    expect(dueOnline(hotelPriceBreakdown(price, calculation))).toBe(950_000 - 50_000 + 27_600);
  });

  it("leaves the total as it is when a credit voucher pays part", () => {
    const price = orderPrice([offer()], 0);
    const plain = hotelPriceBreakdown(price, calculationFor(price));
    const withCredit = hotelPriceBreakdown(
      price,
      calculationFor(price, {
        vouchers: [{ kind: "credit", voucher: { id: "c", code: "12345678", available: 300_000 } }],
      })
    );
    expect(withCredit.total).toBe(plain.total);
    expect(withCredit.total).toBe(810_000);
  });

  it("totals a stay paid at the property with nothing online", () => {
    const price = orderPrice([offer({ paymentTimings: ["at_property"] })], 0);
    const breakdown = hotelPriceBreakdown(price, calculationFor(price, { lastPayment: "" }));
    expect(breakdown).toMatchObject({ payOnline: 0, payOnSite: 810_000, serviceFee: 0, total: 810_000 });
    expect(dueOnline(breakdown)).toBe(0);
  });
});

describe("book only after payment", () => {
  const price = orderPrice([offer()], 0);

  it("holds when a transfer pays part of the order", () => {
    expect(
      bookOnlyAfterPayment(
        calculationFor(price, { payments: [{ methodId: "edenred_card", value: 100_000 }], lastPayment: "transfer" })
      )
    ).toBe(true);
  });

  it("does not hold without a transfer, or with a transfer of nothing", () => {
    expect(bookOnlyAfterPayment(calculationFor(price))).toBe(false);
    expect(bookOnlyAfterPayment(calculationFor(price, { payments: [{ methodId: "transfer", value: 0 }] }))).toBe(false);
    const calculation = calculationFor(price);
    const zeroTransfer = { methodId: "transfer", share: 0, fee: 0, value: 0, bonus: 0, bonusPercent: 0 };
    expect(bookOnlyAfterPayment({ ...calculation, outputs: [...calculation.outputs, zeroTransfer] })).toBe(false);
  });
});

describe("the breakdown after a payment moved to another method", () => {
  it("is the breakdown of the order had it been split that way from the start", () => {
    const price = orderPrice([offer()], 0);
    const byCard = hotelPriceBreakdown(price, calculationFor(price));
    const edenred = calculationFor(price, { lastPayment: "edenred_card" });
    const moved = switchPayment({
      product: "DZB_CZ",
      methods: paymentMethodsFor("DZB_CZ").hotel,
      from: { methodId: "payment_card", value: price.payOnline },
      to: "edenred_card",
      otherMethodIds: [],
      feeRemoved: false,
      couponLimits: [],
      today: "2024-12-31",
    });
    if (!moved.ok) throw new Error(moved.problem.kind);
    expect(breakdownAfterSwitch(byCard, moved.previous, moved.output)).toEqual(hotelPriceBreakdown(price, edenred));
  });
});
