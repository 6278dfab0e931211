import type { Translate } from "../../../shared/i18n/translator";
import { create } from "@bufbuild/protobuf";
import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it } from "vitest";
import { MoneySchema } from "../../../gen/dzb/shop/v1/common_pb";
import { translatorOf } from "../../../shared/i18n/messages";
import {
  orderRequestOf,
  paymentRequestOf,
  paymentSchema,
  reservationFieldOf,
  reservationMessageAt,
  reservationSchema,
  type OrderFields,
} from "./reservation-form.server";

let t: Translate;
beforeAll(async () => {
  t = translatorOf("en");
});

const customer = {
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

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function parse(fields: Record<string, string>) {
  return parseWithZod(form(fields), { schema: reservationSchema(t) });
}

describe("the reservation form", () => {
  it("updates the price with the payment part alone", () => {
    const submission = parse({
      intent: "update",
      lastPayment: "transfer",
      "amount.edenred_card": "1 500,50",
      "amount.payment_card": "",
      "amount.transfer": " ",
    });
    expect(submission.reply().error).toBeUndefined();
  });

  it("takes at most 5 voucher codes, saying so and keeping what was typed", () => {
    const five = "40000001 40000002, 40000003;ABCDE\n40000004";
    expect(parse({ intent: "update", voucherCodes: five }).reply().error).toBeUndefined();
    // The same code twice is one code.
    expect(parse({ intent: "update", voucherCodes: `${five} 40000001` }).reply().error).toBeUndefined();
    const six = `${five} 40000005`;
    for (const intent of ["update", "order"]) {
      const reply = parse({ intent, voucherCodes: six, ...customer }).reply();
      expect(reply.error?.voucherCodes).toEqual(["At most 5 vouchers can be used in one order."]);
      expect(reply.initialValue?.voucherCodes).toBe(six);
    }
    expect(parseWithZod(form({ voucherCodes: six }), { schema: paymentSchema(t) }).status).toBe("error");
  });

  it("orders only with every customer field and both consents", () => {
    const submission = parse({ intent: "order", lastPayment: "transfer", seenTotal: "910800", ...customer });
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "order") return;
    expect(submission.value.seenTotal).toBe(910_800);
    expect(orderRequestOf(submission.value as OrderFields)).toMatchObject({
      contactAddress: { streetAddress: "Dlouhá 12", city: "Praha", postalCode: "110 00", country: "Česká republika" },
      billingAddress: undefined,
      agreeCp: true,
      agreeTac: true,
      agreeMp: false,
      cancellationInsurance: false,
    });
  });

  it("reports every missing or malformed field at once, in the visitor's language", () => {
    const submission = parse({
      intent: "order",
      lastPayment: "transfer",
      firstName: "Jana",
      email: "jana@",
      mobile: "123",
      invoiceToCompany: "on",
      "amount.payment_card": "1.500",
    });
    expect(submission.reply().error).toEqual({
      lastName: ["Required field – please enter it."],
      email: ["Enter a valid e-mail address (name@server)."],
      mobile: ["Enter a valid phone number, e.g. +420 123 456 789."],
      street: ["Required field – please enter it."],
      streetNumber: ["Required field – please enter it."],
      postalCode: ["Required field – please enter it."],
      city: ["Required field – please enter it."],
      country: ["Required field – please enter it."],
      agreeCp: ["Please accept the cancellation conditions and the business terms."],
      agreeTac: ["Please accept the cancellation conditions and the business terms."],
      companyName: ["Required field – please enter it."],
      companyId: ["Required field – please enter it."],
      "amount.payment_card": ["Enter an amount such as 1500 or 1,500.50."],
    });
  });

  it("takes the SPEC's phone shapes", () => {
    for (const mobile of ["+420 123 456 789", "+48123456789", "420123456789", "+48 123 456 789"]) {
      expect(parse({ intent: "order", lastPayment: "transfer", ...customer, mobile }).status, mobile).toBe("success");
    }
    for (const mobile of ["+4201 123 456 789", "123 456 789", "+420 12 3456 789"]) {
      expect(parse({ intent: "order", lastPayment: "transfer", ...customer, mobile }).status, mobile).toBe("error");
    }
  });

  it("invoices a company at the contact address", () => {
    const submission = parse({
      intent: "order",
      lastPayment: "transfer",
      ...customer,
      invoiceToCompany: "on",
      companyName: "Firma s.r.o.",
      companyId: "12345678",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "order") return;
    expect(orderRequestOf(submission.value as OrderFields).billingAddress).toEqual({
      address: { streetAddress: "Dlouhá 12", city: "Praha", postalCode: "110 00", country: "Česká republika" },
      companyName: "Firma s.r.o.",
      companyId: "12345678",
      taxId: "",
    });
  });

  it("checks the postal code by the country's format, and shows the format", () => {
    const order = (postalCode: string, country: string) =>
      parse({ intent: "order", lastPayment: "transfer", ...customer, postalCode, country }).reply().error;
    expect(order("00238", "Polska")).toEqual({ postalCode: ["Enter the postal code as 12-345."] });
    expect(order("1100", "Česká republika")).toEqual({ postalCode: ["Enter the postal code as 123 45."] });
    expect(order("x", "Deutschland")).toEqual({
      postalCode: ["The postal code does not match the country. Please check it."],
    });
    expect(order("00-238", "Polska")).toBeUndefined();
    expect(order("11000", "Slovensko")).toBeUndefined();
  });

  it("names the guest when booking for someone else, who is then not the main guest", () => {
    const order = (fields: Record<string, string>) =>
      parse({ intent: "order", lastPayment: "transfer", ...customer, bookingForSomeoneElse: "on", ...fields });
    expect(order({}).reply().error).toEqual({ guestName: ["Required field – please enter it."] });
    expect(order({ guestName: "Petr Novák", isMainGuest: "on" }).reply().error).toEqual({
      isMainGuest: ["When you book for someone else, they are the main guest. Leave only one of the two ticked."],
    });
    const named = order({ guestName: " Petr Novák " });
    expect(named.status).toBe("success");
    if (named.status !== "success" || named.value.intent !== "order") return;
    expect(orderRequestOf(named.value as OrderFields)).toMatchObject({
      bookingForSomeoneElse: true,
      guestName: "Petr Novák",
    });
  });

  it("answers a field sent twice with its message, not with an error of the page", () => {
    const data = form({ intent: "order", lastPayment: "transfer", ...customer, bookingForSomeoneElse: "on" });
    data.append("postalCode", "110 00");
    data.append("guestName", "Petr Novák");
    data.append("guestName", "Eva Nová");
    const submission = parseWithZod(data, { schema: reservationSchema(t) });
    expect(submission.status).toBe("error");
    expect(Object.keys(submission.reply().error ?? {})).toEqual(expect.arrayContaining(["postalCode", "guestName"]));
  });

  it("says a text is too long, and how long it may be", () => {
    const submission = parse({ intent: "order", lastPayment: "transfer", ...customer, noteForHotel: "x".repeat(5000) });
    expect(submission.reply().error).toEqual({
      noteForHotel: ["The text is too long: 1000 characters at most. Please shorten it."],
    });
    // What was typed comes back whole, to be shortened rather than typed again.
    expect(submission.reply().initialValue?.noteForHotel).toHaveLength(5000);
  });

  it("leaves the method that pays the rest to the api, which needs one only when something is paid online", () => {
    expect(parse({ intent: "update" }).status).toBe("success");
  });
});

describe("the payment request", () => {
  const offered = ["edenred_card", "payment_card", "transfer"];

  it("carries the typed amounts as Money, by integer arithmetic", () => {
    const submission = parseWithZod(
      form({
        lastPayment: "transfer",
        voucherCodes: "40000001 abcde",
        "amount.edenred_card": "1 500,50",
        "amount.transfer": "9",
      }),
      { schema: paymentSchema(t) }
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const { request } = paymentRequestOf(submission.value, offered, "CZK");
    expect(request).toEqual({
      voucherCodes: ["40000001", "ABCDE"],
      lastPayment: "transfer",
      payments: [{ methodId: "edenred_card", value: { currencyCode: "CZK", units: 1500n, nanos: 500_000_000 } }],
    });
  });

  it("names the form's fields for the api's paths", () => {
    const fieldOf = reservationFieldOf({
      voucherCodes: ["40000001"],
      lastPayment: "transfer",
      payments: [
        { methodId: "edenred_card", minor: 100 },
        { methodId: "payment_card", minor: 200 },
      ],
    });
    expect(fieldOf("payment_request.payments[1].value")).toBe("amount.payment_card");
    expect(fieldOf("payment_request.payments[5].value")).toBeUndefined();
    expect(fieldOf("payment_request.voucher_codes[0]")).toBe("voucherCodes");
    expect(fieldOf("payment_request.last_payment")).toBe("lastPayment");
    expect(fieldOf("order.contact_address.street_address")).toBe("street");
    expect(fieldOf("order.billing_address.company_id")).toBe("companyId");
    expect(fieldOf("order.agree_tac")).toBe("agreeTac");
    expect(fieldOf("product_variant")).toBeUndefined();
  });

  const values = { voucherCodes: ["40000001", "123"], lastPayment: "transfer", payments: [] };
  const money = (minor: number) => `${(minor / 100).toFixed(2)} CZK`;

  it("names the voucher code the api refused, since every code is typed into one field", () => {
    const messageAt = reservationMessageAt(values, t, money);
    expect(messageAt("payment_request.voucher_codes[1]", "Invalid voucher code: it has 8 digits.", {})).toBe(
      "Code 123: Invalid voucher code: it has 8 digits."
    );
    expect(messageAt("payment_request.last_payment", "The payment method is missing.", {})).toBe(
      "The payment method is missing."
    );
  });

  it("says by how much the amounts exceed what is left to pay", () => {
    const excess = create(MoneySchema, { currencyCode: "CZK", units: 1234n, nanos: 500_000_000 });
    expect(reservationMessageAt(values, t, money)("payment_request.payments[0].value", "Invalid.", { excess })).toBe(
      "The amounts are 1234.50 CZK more than is left to pay. Please lower them."
    );
  });
});
