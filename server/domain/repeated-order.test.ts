import { describe, expect, it } from "vitest";
import { isOrderSentAgain } from "./repeated-order";

const ordered = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  contactAddress: { street: "Dlouhá 1", city: "Praha", postcode: "11000", country: "CZ" },
  guestName: undefined,
  agreeTac: true,
};

describe("an order sent again", () => {
  it("is the same customer's details, whatever the order of their fields and the fields without a value", () => {
    const stored = JSON.parse(JSON.stringify(ordered)) as object;
    expect(isOrderSentAgain(stored, ordered)).toBe(true);
    const { email, ...rest } = ordered;
    expect(isOrderSentAgain(stored, { ...rest, contactAddress: { ...ordered.contactAddress }, email })).toBe(true);
  });

  it("is not another customer's, nor the same with one detail changed", () => {
    expect(isOrderSentAgain(ordered, { ...ordered, email: "someone@example.cz" })).toBe(false);
    expect(isOrderSentAgain(ordered, { ...ordered, contactAddress: { ...ordered.contactAddress, city: "Brno" } })).toBe(false);
    expect(isOrderSentAgain(ordered, { ...ordered, guestName: "Petr Novák" })).toBe(false);
    expect(isOrderSentAgain(ordered, { ...ordered, agreeTac: false })).toBe(false);
  });
});
