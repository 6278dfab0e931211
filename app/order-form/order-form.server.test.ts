import { describe, expect, it } from "vitest";
import { chooseMethodAlone } from "~/order-form/order-form.server";

const posted = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("a row of the ways to pay compared, chosen", () => {
  it("has that method pay everything: no amount for any other, and the price updated rather than the order sent", () => {
    const chosen = chooseMethodAlone(
      posted([
        ["firstName", "Jana"],
        ["voucherCodes", "12345678"],
        ["lastPayment", "transfer"],
        ["amount.edenred_card", "1500"],
        ["amount.transfer", ""],
        ["payWith", "up_card"],
      ])
    );
    expect([...chosen]).toEqual([
      ["firstName", "Jana"],
      ["voucherCodes", "12345678"],
      ["intent", "update"],
      ["lastPayment", "up_card"],
    ]);
  });

  it("leaves a form sent by any other button as it was", () => {
    const form = posted([
      ["intent", "order"],
      ["lastPayment", "transfer"],
      ["amount.edenred_card", "1500"],
    ]);
    expect([...chooseMethodAlone(form)]).toEqual([...form]);
  });
});
