/**
 * The messages of ČSOB's card gateway, eAPI 1.9, and how each is signed. Shared by the adapter (csob-gateway.ts) and
 * the protocol server that stands in for the gateway (csob-protocol-server.ts), so both sign the same text.
 *
 * The rule (csob/paymentgateway wiki, "Request Signing and Response Signature Validation"): the text to sign is the
 * message's values in the order the specification lists them, joined with "|"; an optional item that is absent is
 * left out entirely (no empty slot); a nested object contributes its items, a list its entries, in order; numbers are
 * written in ASCII, booleans as `true`/`false`. The signature is base64(SHA256withRSA(text)) with the sender's private
 * key (SHA-256 since eAPI 1.8). For GET operations the URL-decoded path values are signed.
 *
 * Field orders, checked against the csob/paymentgateway wiki "Basic Methods" (eAPI 1.9) and two SDKs that target 1.9:
 * slevomat/csob-gateway (InitPaymentRequest, InitPaymentResponse, ReceivePaymentRequest, RefundPaymentRequest,
 * AdditionalData/Customer), litteratum/csobclient (v19/client.py) and H7KZ/nodejs-csob-eapi (types/csob):
 * - payment/init: merchantId|orderNo|dttm|payOperation|payMethod|totalAmount|currency|closePayment|returnUrl|
 *   returnMethod|cart (name|quantity|amount|description? per item)|customer (name?|email?|homePhone?|workPhone?|
 *   mobilePhone?)|merchantData?|customerId?|language|ttlSec?|logoVersion?|colorSchemeVersion?|customExpiry?
 *   (the 3-D Secure `order` object and the customer's `account`/`login` objects are not sent by this shop);
 * - payment/init answer: payId|dttm|resultCode|resultMessage|paymentStatus?|customerCode?|statusDetail?
 * - payment/process, payment/status, payment/reverse: merchantId|payId|dttm; payment/refund adds amount?
 * - status, reverse and refund answers: payId|dttm|resultCode|resultMessage|paymentStatus?|authCode?|statusDetail?
 *   (the status answer's 3-D Secure `actions` object only comes with payOperations this shop does not use);
 * - the return to the e-shop: payId|dttm|resultCode|resultMessage|paymentStatus?|authCode?|merchantData?|statusDetail?
 * - echo: merchantId|dttm, answered with dttm|resultCode|resultMessage.
 */

import { createSign, createVerify } from "node:crypto";

/** `paymentStatus` values, as the 1.9 SDKs above enumerate them (H7KZ EPaymentStatus, slevomat PaymentStatus). */
export const CsobStatus = {
  created: 1,
  inProgress: 2,
  cancelled: 3,
  authorised: 4,
  reversed: 5,
  declined: 6,
  awaitingSettlement: 7,
  settled: 8,
  refundProcessing: 9,
  refunded: 10,
} as const;

/** The `resultCode` values this shop meets, as the SDKs above enumerate them (slevomat ResultCode). */
export const CsobResult = {
  ok: 0,
  missingParameter: 100,
  invalidParameter: 110,
  merchantBlocked: 120,
  sessionExpired: 130,
  paymentNotFound: 140,
  paymentNotInValidState: 150,
  internalError: 900,
} as const;

/** A value as it enters the text to sign; `undefined` is an absent optional item, a list is flattened in order. */
type SignedValue = string | number | boolean | undefined | readonly SignedValue[];

export interface CsobCartItem {
  /** At most 20 characters. */
  name: string;
  quantity: number;
  /** Minor units. */
  amount: number;
  description?: string;
}

export interface CsobCustomer {
  name?: string;
  email?: string;
  homePhone?: string;
  workPhone?: string;
  mobilePhone?: string;
}

export interface CsobInitRequest {
  merchantId: string;
  orderNo: string;
  dttm: string;
  /** Optional since 1.9 ("payment" when absent), like payMethod ("card") and closePayment (true). */
  payOperation?: string;
  payMethod?: string;
  totalAmount: number;
  currency: string;
  closePayment?: boolean;
  returnUrl: string;
  returnMethod: string;
  cart: CsobCartItem[];
  customer?: CsobCustomer;
  merchantData?: string;
  customerId?: string;
  language: string;
  ttlSec?: number;
  logoVersion?: number;
  colorSchemeVersion?: number;
  customExpiry?: string;
}

/** `payId` is absent only from an error answer to a request that created no payment. */
export interface CsobInitResponse {
  payId?: string;
  dttm: string;
  resultCode: number;
  resultMessage: string;
  paymentStatus?: number;
  customerCode?: string;
  statusDetail?: string;
}

/** payment/process, payment/status and payment/reverse name the payment this way (refund adds an amount). */
export interface CsobPaymentRequest {
  merchantId: string;
  payId: string;
  dttm: string;
}

export interface CsobRefundRequest extends CsobPaymentRequest {
  /** Minor units; without it the whole payment is refunded. */
  amount?: number;
}

/** The answer of payment/status, payment/reverse and payment/refund; `payId` is absent only from an error answer. */
export interface CsobPaymentResponse {
  payId?: string;
  dttm: string;
  resultCode: number;
  resultMessage: string;
  paymentStatus?: number;
  authCode?: string;
  statusDetail?: string;
}

/**
 * The fields the gateway sends the visitor back with. Typed as the query carries them (strings): the signature is over
 * their text, so they are signed exactly as received.
 */
export interface CsobReturn {
  payId: string;
  dttm: string;
  resultCode: string;
  resultMessage: string;
  paymentStatus?: string;
  authCode?: string;
  merchantData?: string;
  statusDetail?: string;
}

export interface CsobEchoRequest {
  merchantId: string;
  dttm: string;
}

export interface CsobEchoResponse {
  dttm: string;
  resultCode: number;
  resultMessage: string;
}

export function initRequestText(request: CsobInitRequest): string {
  const customer = request.customer;
  return joinSigned([
    request.merchantId,
    request.orderNo,
    request.dttm,
    request.payOperation,
    request.payMethod,
    request.totalAmount,
    request.currency,
    request.closePayment,
    request.returnUrl,
    request.returnMethod,
    request.cart.map((item) => [item.name, item.quantity, item.amount, item.description]),
    customer && [customer.name, customer.email, customer.homePhone, customer.workPhone, customer.mobilePhone],
    request.merchantData,
    request.customerId,
    request.language,
    request.ttlSec,
    request.logoVersion,
    request.colorSchemeVersion,
    request.customExpiry,
  ]);
}

export function initResponseText(response: CsobInitResponse): string {
  return joinSigned([
    response.payId,
    response.dttm,
    response.resultCode,
    response.resultMessage,
    response.paymentStatus,
    response.customerCode,
    response.statusDetail,
  ]);
}

/** The text signed for payment/process (the browser's redirect), payment/status and payment/reverse. */
export function paymentRequestText(request: CsobPaymentRequest): string {
  return joinSigned([request.merchantId, request.payId, request.dttm]);
}

export function refundRequestText(request: CsobRefundRequest): string {
  return joinSigned([request.merchantId, request.payId, request.dttm, request.amount]);
}

/** The text signed in the answers of payment/status, payment/reverse and payment/refund. */
export function paymentResponseText(response: CsobPaymentResponse): string {
  return joinSigned([
    response.payId,
    response.dttm,
    response.resultCode,
    response.resultMessage,
    response.paymentStatus,
    response.authCode,
    response.statusDetail,
  ]);
}

export function returnText(fields: CsobReturn): string {
  return joinSigned([
    fields.payId,
    fields.dttm,
    fields.resultCode,
    fields.resultMessage,
    fields.paymentStatus,
    fields.authCode,
    fields.merchantData,
    fields.statusDetail,
  ]);
}

export function echoRequestText(request: CsobEchoRequest): string {
  return joinSigned([request.merchantId, request.dttm]);
}

export function echoResponseText(response: CsobEchoResponse): string {
  return joinSigned([response.dttm, response.resultCode, response.resultMessage]);
}

function joinSigned(values: readonly SignedValue[]): string {
  return flattenSigned(values).join("|");
}

function flattenSigned(values: readonly SignedValue[]): string[] {
  return values.flatMap((value): string[] => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return flattenSigned(value);
    return [String(value)];
  });
}

/** base64(SHA256withRSA(text)) with a PEM private key (PKCS#1 or PKCS#8). */
export function signText(text: string, privateKeyPem: string): string {
  return createSign("RSA-SHA256").update(text, "utf8").sign(privateKeyPem, "base64");
}

/** Whether `signature` (base64) is `text` signed by the holder of the key; false for anything malformed. */
export function verifyText(text: string, signature: string | undefined, publicKeyPem: string): boolean {
  if (!signature) return false;
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").verify(publicKeyPem, signature, "base64");
  } catch {
    return false;
  }
}

const pragueClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Prague",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * A message's `dttm`, YYYYMMDDHHMMSS. The documentation names no time zone; this is Prague wall-clock time, the
 * gateway's own (ČSOB runs it in Prague), so a dttm reads the same on both sides whatever zone our server runs in.
 */
export function csobDttm(at: Date): string {
  const part = Object.fromEntries(pragueClock.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}${part.month}${part.day}${part.hour}${part.minute}${part.second}`;
}
