import { Code, ConnectError } from "@connectrpc/connect";
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../../gen/dzb/shop/v1/errors_pb";
import { VoucherFeeMode } from "../../../gen/dzb/shop/v1/voucher_pb";
import { translatorOf } from "../../../shared/i18n/messages";
import type { Translate } from "../../../shared/i18n/translator";
import { paymentFormValues } from "~/order-form/payment-form";
import { formErrorOf } from "~/rpc-form-error.server";
import {
  presentForOf,
  previewIdOf,
  purchaseFieldOf,
  purchaseOrderOf,
  purchasePriceSchema,
  purchaseRequestOf,
  purchaseSchema,
  readVoucherValue,
  type PurchaseOrderFields,
} from "./purchase-form.server";

let t: Translate;
let cs: Translate;
beforeAll(() => {
  t = translatorOf("en");
  cs = translatorOf("cs");
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const buyer = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  mobile: "+420 123 456 789",
  street: "Dlouhá",
  streetNumber: "12",
  postalCode: "110 00",
  city: "Praha",
  country: "Česká republika",
  agreeCp: "on",
  agreeTac: "on",
};

const recipient = {
  recipientFirstName: "Petr",
  recipientLastName: "Svoboda",
  recipientEmail: "petr@example.cz",
};

function order(fields: Record<string, string>) {
  return parseWithZod(form({ intent: "order", value: "3000", lastPayment: "payment_card", ...buyer, ...fields }), {
    schema: purchaseSchema(t),
  });
}

/** The fields of an order the form takes. */
function orderFields(fields: Record<string, string>): PurchaseOrderFields {
  const submission = order(fields);
  if (submission.status !== "success" || submission.value.intent !== "order") {
    throw new Error(`the order should parse: ${JSON.stringify(submission.reply().error)}`);
  }
  return submission.value;
}

function errorsOf(submission: ReturnType<typeof order>) {
  return submission.reply().error ?? {};
}

describe("the voucher's value", () => {
  it("is a preset's whole units, or another amount typed as any amount of the shop is", () => {
    expect(readVoucherValue({ value: "3000" })).toEqual({ ok: true, minor: 300_000 });
    for (const typed of ["2500", "2 500", "2\u00a0500 Kč", "2500,00", "2.500,00"]) {
      expect(readVoucherValue({ value: "custom", customValue: typed }), typed).toEqual({ ok: true, minor: 250_000 });
    }
  });

  it("reads any whole amount typed with thousands spaced into exactly its minor units", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (units) => {
        const spaced = units.toLocaleString("cs-CZ");
        expect(readVoucherValue({ value: "custom", customValue: spaced })).toEqual({ ok: true, minor: units * 100 });
      })
    );
  });

  // "2.500" is refused, not guessed: a lone mark before three digits is a decimal mark in one language and a
  // thousands separator in another (payment-form.ts).
  it("is refused with a fraction, as no number, as nothing, or not chosen, on the control it was given with", () => {
    expect(readVoucherValue({ value: "custom", customValue: "2500,50" })).toEqual({
      ok: false,
      field: "customValue",
      problem: "whole_units",
    });
    for (const typed of ["abc", "0", "-100", "2,5,0", "1234567890", "2.500"]) {
      expect(readVoucherValue({ value: "custom", customValue: typed }), typed).toMatchObject({
        ok: false,
        field: "customValue",
        problem: "invalid",
      });
    }
    expect(readVoucherValue({ value: "custom", customValue: "  " })).toMatchObject({ field: "customValue", problem: "required" });
    expect(readVoucherValue({ value: "custom" })).toMatchObject({ field: "customValue", problem: "required" });
    expect(readVoucherValue({})).toMatchObject({ field: "value", problem: "required" });
    expect(readVoucherValue({ value: "3 000,5" })).toMatchObject({ field: "value", problem: "whole_units" });
  });

  it("says what is wrong next to the field, in the visitor's language, keeping what was typed", () => {
    const submission = parseWithZod(form({ intent: "update", value: "custom", customValue: "2500,50" }), {
      schema: purchaseSchema(cs),
    });
    const reply = submission.reply();
    expect(reply.error?.customValue).toEqual(["Zadejte částku v celých korunách, bez haléřů."]);
    expect(reply.initialValue?.customValue).toBe("2500,50");
    const english = parseWithZod(form({ value: "custom", customValue: "lots" }), { schema: purchasePriceSchema(t) });
    expect(english.reply().error?.customValue).toEqual(["Enter the amount as a number, such as 2500."]);
  });

  it("lies within the api's bounds: its refusal is said next to the control the value was chosen with", () => {
    const refusal = new ConnectError("out of range", Code.InvalidArgument, undefined, [
      {
        desc: ErrorDetailSchema,
        value: { code: ErrorCode.VOUCHER_VALUE_OUT_OF_RANGE, field: "voucher_value", requestId: "r" },
      },
    ]);
    const values = paymentFormValues({ amounts: {} }, []);
    const options = (value: string) => ({ fieldOf: purchaseFieldOf(values, { value }), supportEmail: "s@example.cz" });
    expect(formErrorOf(refusal, cs, options("custom"))).toEqual({
      field: "customValue",
      message: "Hodnotu poukazu zadejte v celých korunách, v rozmezí uvedeném u pole.",
    });
    expect(formErrorOf(refusal, t, options("3000"))).toMatchObject({ field: "value" });
  });
});

describe("the purchase form", () => {
  it("prices with the priced part alone, whatever the state of the buyer's fields", () => {
    const submission = parseWithZod(form({ intent: "update", value: "5000", firstName: "" }), {
      schema: purchaseSchema(t),
    });
    expect(submission.status).toBe("success");
  });

  it("answers a field sent twice with its message, whichever intent and whatever else the post carries", () => {
    for (const intent of ["update", "order"]) {
      const data = form({ intent, ...buyer, value: "3000" });
      data.append("value", "1000");
      data.append("postalCode", "110 00");
      data.append("recipientCountry", "CZ");
      data.append("recipientCountry", "PL");
      const submission = parseWithZod(data, { schema: purchaseSchema(t) });
      expect(submission.status, intent).toBe("error");
      expect(Object.keys(submission.reply().error ?? {}), intent).toContain("value");
    }
    const twice = form({ value: "3000" });
    twice.append("value", "1000");
    expect(parseWithZod(twice, { schema: purchasePriceSchema(t) }).status).toBe("error");
  });

  it("orders with the buyer and both consents", () => {
    expect(order({}).status).toBe("success");
    const errors = errorsOf(order({ agreeTac: "", email: "jana", postalCode: "1100" }));
    expect(errors.agreeTac).toEqual([t("errors.INPUT_CONSENT_REQUIRED")]);
    expect(errors.email).toEqual([t("errors.INPUT_EMAIL_INVALID")]);
    expect(errors.postalCode).toEqual(["Enter the postal code as 123 45."]);
  });

  it("asks for the recipient only for a gift, and sends nothing of it otherwise", () => {
    expect(presentForOf(orderFields({ recipientEmail: "not an e-mail" }))).toBeUndefined();

    const errors = errorsOf(order({ asGift: "on" }));
    for (const name of ["recipientFirstName", "recipientLastName", "recipientEmail"]) {
      expect(errors[name], name).toEqual([t("errors.INPUT_REQUIRED")]);
    }
    expect(errors.recipientMobile).toBeUndefined();
    expect(errors.recipientStreet).toBeUndefined();
  });

  it("takes the recipient's phone in the SPEC's shape and the address whole or not at all", () => {
    const errors = errorsOf(order({ asGift: "on", ...recipient, recipientMobile: "12345", recipientCity: "Brno" }));
    expect(errors.recipientMobile).toEqual([t("errors.INPUT_PHONE_INVALID")]);
    for (const name of ["recipientStreet", "recipientStreetNumber", "recipientPostalCode", "recipientCountry"]) {
      expect(errors[name], name).toEqual([t("errors.INPUT_REQUIRED")]);
    }
    expect(errors.recipientCity).toBeUndefined();
  });

  it("sends a gift's recipient as the api's PresentFor, its address only when given", () => {
    const named = orderFields({ asGift: "on", ...recipient, recipientCountry: "Česká republika" });
    expect(presentForOf(named)).toEqual({
      firstName: "Petr",
      lastName: "Svoboda",
      email: "petr@example.cz",
      mobile: "",
      address: undefined,
    });
    const addressed = orderFields({
      asGift: "on",
      ...recipient,
      recipientMobile: "+420 777 123 456",
      recipientStreet: "Krátká",
      recipientStreetNumber: "3",
      recipientPostalCode: "602 00",
      recipientCity: "Brno",
      recipientCountry: "Česká republika",
    });
    expect(presentForOf(addressed)).toMatchObject({
      mobile: "+420 777 123 456",
      address: { streetAddress: "Krátká 3", city: "Brno", postalCode: "602 00", country: "Česká republika" },
    });
  });
});

describe("the purchase's requests", () => {
  const payment = { voucherCodes: [], lastPayment: "payment_card", payments: [] };

  it("asks the api for the amount in whole units, the fee mode, the extra service and the split", () => {
    const priced = parseWithZod(
      form({ value: "custom", customValue: "2 500", feeMode: "fees_included", extraService: "on" }),
      { schema: purchasePriceSchema(t) }
    );
    if (priced.status !== "success") throw new Error("the form should parse");
    expect(purchaseRequestOf(priced.value, payment, "CZK")).toEqual({
      voucherValue: { currencyCode: "CZK", units: 2500n, nanos: 0 },
      feeMode: VoucherFeeMode.FEES_INCLUDED,
      extraService: true,
      paymentRequest: payment,
    });
    const plain = parseWithZod(form({ value: "1000" }), { schema: purchasePriceSchema(t) });
    if (plain.status !== "success") throw new Error("the form should parse");
    expect(purchaseRequestOf(plain.value, payment, "CZK")).toMatchObject({
      feeMode: VoucherFeeMode.VALUE_PLUS_FEES,
      extraService: false,
    });
  });

  it("orders the priced purchase under its preview id, in the design chosen (the first by default)", () => {
    const fields = orderFields({ design: "celebration" });
    const priced = purchaseRequestOf(fields, payment, "CZK");
    const request = purchaseOrderOf(fields, priced, "0b6f1c8e-1234-4d2a-9a3c-6f0e2b7c9d10");
    expect(request).toMatchObject({ design: "celebration", previewId: "0b6f1c8e-1234-4d2a-9a3c-6f0e2b7c9d10" });
    expect(request.order).toMatchObject({ firstName: "Jana", agreeCp: true, agreeTac: true });
    expect(purchaseOrderOf(orderFields({}), priced, "x").design).toBe("classic");
    expect(errorsOf(order({ design: "sunset" })).design).toBeDefined();
  });

  it("keeps a preview id only when it is one", () => {
    expect(previewIdOf({ previewId: "0B6F1C8E-1234-4D2A-9A3C-6F0E2B7C9D10" })).toBe(
      "0b6f1c8e-1234-4d2a-9a3c-6f0e2b7c9d10"
    );
    expect(previewIdOf({ previewId: "../../etc" })).toBeUndefined();
    expect(previewIdOf({})).toBeUndefined();
  });

  it("names the form's fields for the api's paths", () => {
    const values = paymentFormValues(
      { lastPayment: "payment_card", amounts: { edenred_card: 100_000 } },
      ["edenred_card", "payment_card"]
    );
    const fieldOf = purchaseFieldOf(values, { value: "3000" });
    expect(fieldOf("payment_request.payments[0].value")).toBe("amount.edenred_card");
    expect(fieldOf("payment_request.last_payment")).toBe("lastPayment");
    expect(fieldOf("present_for.email")).toBe("recipientEmail");
    expect(fieldOf("present_for.address.postal_code")).toBe("recipientPostalCode");
    expect(fieldOf("order.contact_address.street_address")).toBe("street");
    expect(fieldOf("extra_service")).toBe("extraService");
    expect(fieldOf("product_variant")).toBeUndefined();
  });
});
