/**
 * The protocol the shop speaks with the cafeteria gateways of Pluxee and Edenred (decision 009): neither provider
 * publishes its merchant API, so the adapter and the local protocol server share this one contract, described field
 * by field in docs/decisions/009-cafeteria-gateways.md. Everything both sides must compute identically lives here:
 * signing strings, HMAC signatures, the JSON shapes and the reading of the visitor's return.
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod";
import { GatewayReturnError, type GatewayPaymentState } from "../payment-gateway";

export type CafeteriaGatewayType = "PLUXEE" | "EDENRED";

export const cafeteriaStatuses = [
  "CREATED",
  "PENDING",
  "AUTHORIZED",
  "SETTLED",
  "DECLINED",
  "CANCELLED",
  "REVERSED",
  "REFUNDED",
] as const;

export type CafeteriaStatus = (typeof cafeteriaStatuses)[number];

/** The statuses a visitor can come back with: what the payment page lets them decide. */
const returnStatuses = ["AUTHORIZED", "DECLINED", "CANCELLED", "PENDING"] as const satisfies CafeteriaStatus[];

export type ReturnStatus = (typeof returnStatuses)[number];

const stateOfStatus: Record<CafeteriaStatus, GatewayPaymentState> = {
  CREATED: "waiting",
  PENDING: "waiting",
  AUTHORIZED: "paid",
  SETTLED: "paid",
  DECLINED: "rejected",
  CANCELLED: "cancelled",
  REVERSED: "revoked",
  REFUNDED: "refunded",
};

export const stateOf = (status: CafeteriaStatus): GatewayPaymentState => stateOfStatus[status];

/** Request headers; Node lower-cases header names, so these are the spellings both sides read. */
export const merchantHeader = "x-merchant-id";
export const timestampHeader = "x-timestamp";
export const signatureHeader = "x-signature";

/** How far a request's timestamp may be from the gateway's clock before the request is refused as a replay. */
export const requestClockToleranceMs = 5 * 60_000;

/** The visitor's payment page, relative to the gateway's public base: fixed by the protocol, so a base is enough. */
export const paymentPagePath = (transactionId: string) => `/pay/${encodeURIComponent(transactionId)}`;

/** base64(HMAC-SHA256(secret, data)), over the UTF-8 bytes of `data`. */
export function sign(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("base64");
}

export function signatureMatches(secret: string, data: string | Buffer, signature: string): boolean {
  const expected = Buffer.from(sign(secret, data), "base64");
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a server-to-server request's `X-Signature` signs: method, path under the api base, timestamp, raw body. */
export function requestSigningString(method: string, path: string, timestamp: string, body: string): string {
  return `${method}\n${path}\n${timestamp}\n${body}`;
}

const orderNumber = z.string().regex(/^[0-9]{1,20}$/);
const minorUnits = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const currency = z.enum(["CZK", "PLN"]);

export const createTransactionRequest = z.strictObject({
  orderNumber,
  amount: minorUnits,
  currency,
  description: z.string().min(1).max(255),
  returnUrl: z.url({ protocol: /^https?$/ }),
  language: z.enum(["cs", "pl", "en"]),
  reference: z.string().min(1).max(64),
});

export type CreateTransactionRequest = z.infer<typeof createTransactionRequest>;

export const refundRequest = z.strictObject({ amount: minorUnits });

/** What every successful answer carries: the transaction as the gateway holds it. */
export const transactionDocument = z.object({
  transactionId: z.string().min(1),
  orderNumber,
  amount: minorUnits,
  currency,
  status: z.enum(cafeteriaStatuses),
  reference: z.string(),
  redirectUrl: z.string().min(1),
});

export type TransactionDocument = z.infer<typeof transactionDocument>;

export type CafeteriaErrorCode = "invalid_signature" | "invalid_request" | "not_found" | "invalid_state";

export interface CafeteriaErrorBody {
  error: { code: CafeteriaErrorCode; message: string };
}

/** The fields the visitor comes back with, as the gateway signed them. */
export interface CafeteriaReturn {
  transactionId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  status: ReturnStatus;
  timestamp: string;
}

const returnSigningString = (fields: Record<keyof CafeteriaReturn, string>) =>
  [fields.transactionId, fields.orderNumber, fields.amount, fields.currency, fields.status, fields.timestamp].join("|");

/** The return's query fields, `signature` included. */
export function signedReturnQuery(secret: string, fields: CafeteriaReturn): Record<string, string> {
  const query = { ...fields, amount: String(fields.amount) };
  return { ...query, signature: sign(secret, returnSigningString(query)) };
}

const isReturnStatus = (status: string): status is ReturnStatus =>
  (returnStatuses as readonly string[]).includes(status);

/**
 * Reads a return, checking what is missing or malformed before the signature: a callback cut short tells the visitor
 * which field it lost, and none of it is believed until the signature over the verbatim values holds.
 */
export function readReturn(params: Readonly<Record<string, string>>, secret: string): CafeteriaReturn {
  const field = (name: string) => params[name] ?? "";
  const fields = {
    transactionId: field("transactionId"),
    orderNumber: field("orderNumber"),
    amount: field("amount"),
    currency: field("currency"),
    status: field("status"),
    timestamp: field("timestamp"),
  };
  if (fields.orderNumber === "") throw new GatewayReturnError("order_number_missing", "the return has no orderNumber");
  if (fields.currency === "") throw new GatewayReturnError("currency_missing", "the return has no currency");
  if (!/^[1-9][0-9]{0,15}$/.test(fields.amount) || !Number.isSafeInteger(Number(fields.amount))) {
    throw new GatewayReturnError("amount_invalid", `the return's amount "${fields.amount}" is not whole minor units`);
  }
  const status = fields.status;
  if (!isReturnStatus(status))
    throw new GatewayReturnError("status_invalid", `the return's status "${status}" is unknown`);
  if (!signatureMatches(secret, returnSigningString(fields), field("signature"))) {
    throw new GatewayReturnError("verification_failed", "the return's signature does not match its fields");
  }
  return { ...fields, amount: Number(fields.amount), status };
}
