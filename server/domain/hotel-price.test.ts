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
  const price = orderPrice([offer()], 0);
  const paidBy = (methodId: string) => calculationFor(price, { lastPayment: methodId });
  function moved(from: string, to: string) {
    const switched = switchPayment({
      product: "DZB_CZ",
      methods: paymentMethodsFor("DZB_CZ").hotel,
      // What the method was charged: the rooms with its fee.
      from: { methodId: from, value: paidBy(from).outputs.find((output) => output.methodId === from)!.value },
      to,
      otherMethodIds: [],
      feeRemoved: false,
      couponLimits: [],
      today: "2024-12-31",
    });
    if (!switched.ok) throw new Error(switched.problem.kind);
    return breakdownAfterSwitch(hotelPriceBreakdown(price, paidBy(from)), switched.previous, switched.output);
  }

  it("is the breakdown of the order had it been split that way from the start", () => {
    expect(moved("payment_card", "edenred_card")).toEqual(hotelPriceBreakdown(price, paidBy("edenred_card")));
  });

  it("takes the old method's fee and promotion off and the new one's on", () => {
    // Edenred's card has a fee and no promotion; the payment card no fee and, on the promotion's last day, a bonus.
    const byEdenred = hotelPriceBreakdown(price, paidBy("edenred_card"));
    const byCard = hotelPriceBreakdown(price, paidBy("payment_card"));
    expect(byEdenred.serviceFee).toBeGreaterThan(0);
    expect(byCard.bonus).toBeGreaterThan(0);
    expect(moved("edenred_card", "payment_card")).toEqual(byCard);
  });
});
