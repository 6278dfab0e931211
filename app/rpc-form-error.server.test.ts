import type { Translate } from "../shared/i18n/translator";
import { beforeAll, describe, expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorCode, ErrorDetailSchema } from "../gen/dzb/shop/v1/errors_pb";
import { translatorOf } from "../shared/i18n/messages";
import { errorCodeOf, formErrorOf, replyErrors } from "./rpc-form-error.server";

let t: Translate;
beforeAll(async () => {
  t = translatorOf("cs");
});

function rpcError(code: Code, detail?: { code: number; field?: string; retryAfterSeconds?: number }) {
  const details = detail ? [{ desc: ErrorDetailSchema, value: { ...detail, requestId: "req-1" } }] : [];
  return new ConnectError("refused", code, undefined, details);
}

const options = {
  fieldOf: (path: string) => ({ "hotel_request.check_in": "checkIn" }[path]),
  supportEmail: "podpora@example.cz",
};

describe("an api error on a form", () => {
  it("lands on the field its detail names, in the visitor's language", () => {
    const error = rpcError(Code.InvalidArgument, {
      code: ErrorCode.INPUT_CHECK_IN_PAST,
      field: "hotel_request.check_in",
    });
    expect(formErrorOf(error, t, options)).toEqual({ field: "checkIn", message: "Datum příjezdu je v minulosti." });
  });

  it("is a form error when it names no field, or one the form does not have", () => {
    expect(formErrorOf(rpcError(Code.Unavailable, { code: ErrorCode.AVAILABILITY_CHECK_FAILED }), t, options)).toEqual({
      message: "Při ověřování dostupnosti nastala chyba. Zkuste to prosím znovu.",
    });
    expect(
      formErrorOf(
        rpcError(Code.InvalidArgument, { code: ErrorCode.INVALID_ARGUMENT, field: "product_variant" }),
        t,
        options
      )
    ).toEqual({
      message: "Ve formuláři objednávky je chyba.",
    });
  });

  it("is the generic contact-us sentence without a detail or with a code this build does not know", () => {
    const contactUs = { message: "Nastala neznámá chyba. Kontaktujte nás prosím na podpora@example.cz." };
    expect(formErrorOf(rpcError(Code.DeadlineExceeded), t, options)).toEqual(contactUs);
    expect(formErrorOf(rpcError(Code.Internal, { code: 9999 }), t, options)).toEqual(contactUs);
  });

  it("says how many minutes a client that used up its voucher code tries waits, rounded up", () => {
    const exhausted = (retryAfterSeconds: number) =>
      formErrorOf(
        rpcError(Code.ResourceExhausted, { code: ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED, retryAfterSeconds }),
        t,
        options
      ).message;
    expect(exhausted(14 * 60 + 1)).toBe("Příliš mnoho neplatných kódů poukazů. Zkuste to prosím znovu za 15 min.");
    expect(exhausted(60)).toBe("Příliš mnoho neplatných kódů poukazů. Zkuste to prosím znovu za 1 min.");
    expect(exhausted(1)).toBe("Příliš mnoho neplatných kódů poukazů. Zkuste to prosím znovu za 1 min.");
  });

  it("names the most codes an order takes", () => {
    const tooMany = rpcError(Code.InvalidArgument, { code: ErrorCode.VOUCHER_CODES_TOO_MANY });
    expect(formErrorOf(tooMany, t, options).message).toBe("V jedné objednávce lze použít nejvýše 5 poukazů.");
  });

  it("is thrown on when it is not an api error at all", () => {
    expect(() => formErrorOf(new TypeError("bug"), t, options)).toThrow("bug");
  });

  it("becomes conform's reply options", () => {
    expect(replyErrors({ field: "url", message: "m" })).toEqual({ fieldErrors: { url: ["m"] } });
    expect(replyErrors({ message: "m" })).toEqual({ formErrors: ["m"] });
  });
});

describe("the catalogue code of a refusal", () => {
  it("is the detail's, when there is one", () => {
    expect(errorCodeOf(rpcError(Code.FailedPrecondition, { code: ErrorCode.ORDER_PRICE_INCREASED }))).toBe(
      ErrorCode.ORDER_PRICE_INCREASED
    );
    expect(errorCodeOf(rpcError(Code.Unavailable))).toBeUndefined();
    expect(errorCodeOf(new Error("boom"))).toBeUndefined();
  });
});
