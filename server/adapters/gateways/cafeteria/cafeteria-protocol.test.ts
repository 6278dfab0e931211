import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GatewayReturnError } from "../payment-gateway";
import {
  cafeteriaStatuses,
  readReturn,
  requestSigningString,
  sign,
  signatureMatches,
  signedReturnQuery,
  stateOf,
  type CafeteriaReturn,
} from "./cafeteria-protocol";

const secret = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

const fields: CafeteriaReturn = {
  transactionId: "2b1f6a52-0c6e-4f43-9f7c-0a8e2c1d5e77",
  orderNumber: "240001",
  amount: 123450,
  currency: "CZK",
  status: "AUTHORIZED",
  timestamp: "2030-01-10T12:00:00.000Z",
};

const problemOf = (params: Record<string, string>) => {
  try {
    readReturn(params, secret);
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayReturnError);
    return (error as GatewayReturnError).problem;
  }
  return undefined;
};

describe("signatures", () => {
  it("are base64 of HMAC-SHA256 with the shared secret over the UTF-8 bytes", () => {
    const expected = createHmac("sha256", secret).update(Buffer.from("Paříž", "utf8")).digest("base64");
    expect(sign(secret, "Paříž")).toBe(expected);
    expect(signatureMatches(secret, "Paříž", expected)).toBe(true);
  });

  it("do not match another text, another secret, a cut or empty signature", () => {
    const signature = sign(secret, "text");
    expect(signatureMatches(secret, "texT", signature)).toBe(false);
    expect(signatureMatches("other", "text", signature)).toBe(false);
    expect(signatureMatches(secret, "text", signature.slice(0, 20))).toBe(false);
    expect(signatureMatches(secret, "text", "")).toBe(false);
  });

  it("of a request cover method, path, timestamp and body on their own lines", () => {
    expect(requestSigningString("POST", "/transactions", "2030-01-10T12:00:00.000Z", '{"a":1}')).toBe(
      'POST\n/transactions\n2030-01-10T12:00:00.000Z\n{"a":1}'
    );
  });

  it("of a return cover its fields joined by | in the documented order", () => {
    const query = signedReturnQuery(secret, fields);
    const signingString = `${fields.transactionId}|240001|123450|CZK|AUTHORIZED|${fields.timestamp}`;
    expect(query).toEqual({ ...fields, amount: "123450", signature: sign(secret, signingString) });
  });
});

describe("reading a return", () => {
  const query = signedReturnQuery(secret, fields);

  it("answers the signed fields, the amount as a number", () => {
    expect(readReturn(query, secret)).toEqual(fields);
  });

  it("names the first missing or malformed field before looking at the signature", () => {
    expect(problemOf({})).toBe("order_number_missing");
    expect(problemOf({ ...query, currency: "" })).toBe("currency_missing");
    expect(problemOf({ ...query, amount: "1e3" })).toBe("amount_invalid");
    expect(problemOf({ ...query, amount: "99999999999999999" })).toBe("amount_invalid");
    expect(problemOf({ ...query, status: "SETTLED" })).toBe("status_invalid");
    expect(problemOf({ ...query, amount: "123451" })).toBe("verification_failed");
    expect(problemOf({ ...query, signature: sign("other", "x") })).toBe("verification_failed");
  });
});

describe("states", () => {
  it("map every gateway status to the payment states", () => {
    expect(Object.fromEntries(cafeteriaStatuses.map((status) => [status, stateOf(status)]))).toEqual({
      CREATED: "waiting",
      PENDING: "waiting",
      AUTHORIZED: "paid",
      SETTLED: "paid",
      DECLINED: "rejected",
      CANCELLED: "cancelled",
      REVERSED: "revoked",
      REFUNDED: "refunded",
    });
  });
});
