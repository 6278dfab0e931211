/**
 * Card payments through ČSOB's payment gateway, eAPI 1.9 (https://github.com/csob/paymentgateway/wiki, "Basic
 * Methods"): payment/init then the visitor's redirect to payment/process, the signed return, payment/status, and
 * payment/reverse or payment/refund to give money back. Every request is signed with the merchant's key and every
 * answer and return is checked against the gateway's public key (signature.ts says how).
 *
 * Choices the documentation leaves open, each explained where it is made: an answer with a non-zero resultCode is an
 * error whether or not it is signed (nothing is acted on but the failure); the return is read by its paymentStatus,
 * also when its resultCode is not 0; a payment already reversed or refunded counts as given back, so a refund retried
 * after a lost answer ends where the first one did.
 */

import * as z from "zod";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type ExpectedReturn,
  type GatewayLanguage,
  type GatewayPaymentInit,
  type GatewayPaymentStarted,
  type GatewayPaymentState,
  type GatewayReturn,
  type PaymentGateway,
} from "../payment-gateway";
import {
  CsobStatus,
  csobDttm,
  initRequestText,
  initResponseText,
  paymentRequestText,
  paymentResponseText,
  refundRequestText,
  returnText,
  signText,
  verifyText,
  type CsobInitRequest,
  type CsobPaymentRequest,
  type CsobReturn,
} from "./signature";

export interface CsobGatewayOptions {
  /** Server-to-server base, e.g. https://iapi.iplatebnibrana.csob.cz/api/v1.9. */
  apiUrl: string;
  /** Base of the browser's payment/process redirect; defaults to apiUrl; may be root-relative for the shop's sandbox. */
  publicUrl?: string;
  merchantId: string;
  merchantPrivateKeyPem: string;
  gatewayPublicKeyPem: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

/** eAPI 1.9 takes ISO 639-1 codes in lower case (older versions took "CZ", "EN"…). */
const csobLanguage: Record<GatewayLanguage, string> = { cs: "cs", pl: "pl", en: "en" };

/** ČSOB shows at most 20 characters of a cart item's name and refuses longer ones. */
const CART_NAME_MAX = 20;

/** The customer's e-mail is optional 3-D Secure data; one over the documented 100 characters is left out, not sent. */
const EMAIL_MAX = 100;

const ORDER_NO = /^\d{1,10}$/;

const stateOfStatus: Record<number, GatewayPaymentState> = {
  [CsobStatus.created]: "waiting",
  [CsobStatus.inProgress]: "waiting",
  [CsobStatus.cancelled]: "cancelled",
  [CsobStatus.authorised]: "paid",
  [CsobStatus.reversed]: "revoked",
  [CsobStatus.declined]: "rejected",
  [CsobStatus.awaitingSettlement]: "paid",
  [CsobStatus.settled]: "paid",
  [CsobStatus.refundProcessing]: "refunded",
  [CsobStatus.refunded]: "refunded",
};

const stateOf = (status: number | undefined): GatewayPaymentState | undefined =>
  status === undefined ? undefined : stateOfStatus[status];

/** What every answer carries, read first so that an error answer is reported by its code whatever else it lacks. */
const resultShape = z.object({ resultCode: z.number().int(), resultMessage: z.string() });

const initAnswerShape = z.object({
  payId: z.string().min(1),
  dttm: z.string(),
  resultCode: z.number().int(),
  resultMessage: z.string(),
  paymentStatus: z.number().int().optional(),
  customerCode: z.string().optional(),
  statusDetail: z.string().optional(),
  signature: z.string(),
});

const paymentAnswerShape = z.object({
  payId: z.string().min(1),
  dttm: z.string(),
  resultCode: z.number().int(),
  resultMessage: z.string(),
  paymentStatus: z.number().int().optional(),
  authCode: z.string().optional(),
  statusDetail: z.string().optional(),
  signature: z.string(),
});

type PaymentAnswer = z.infer<typeof paymentAnswerShape>;

interface Exchange<T> {
  operation: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: object;
  shape: z.ZodType<T>;
  signedText: (answer: T) => string;
}

export class CsobGateway implements PaymentGateway {
  readonly type = "CSOB" as const;
  private readonly apiUrl: string;
  private readonly publicUrl: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(private readonly options: CsobGatewayOptions) {
    this.apiUrl = withoutTrailingSlash(options.apiUrl);
    this.publicUrl = withoutTrailingSlash(options.publicUrl ?? options.apiUrl);
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async start(input: GatewayPaymentInit): Promise<GatewayPaymentStarted> {
    const request = this.initRequest(input);
    const answer = await this.exchange({
      operation: "payment/init",
      method: "POST",
      path: "/payment/init",
      body: { ...request, signature: this.sign(initRequestText(request)) },
      shape: initAnswerShape,
      signedText: initResponseText,
    });
    return { gatewayRef: answer.payId, redirectUrl: this.processUrl(answer.payId) };
  }

  async verifyReturn(params: Readonly<Record<string, string>>, expected: ExpectedReturn): Promise<GatewayReturn> {
    const fields = returnFields(params);
    if (!fields || !verifyText(returnText(fields), params.signature, this.options.gatewayPublicKeyPem)) {
      throw new GatewayReturnError("invalid_signature", "the ČSOB return is not signed by the gateway");
    }
    if (fields.payId !== expected.gatewayRef) {
      throw new GatewayReturnError(
        "verification_failed",
        `the ČSOB return names payment ${fields.payId}, not ${expected.gatewayRef}`
      );
    }
    // A declined or expired payment comes back with a non-zero resultCode and its paymentStatus: the status decides.
    const status = /^\d+$/.test(fields.paymentStatus ?? "") ? Number(fields.paymentStatus) : undefined;
    const state = stateOf(status);
    if (!state) {
      throw new GatewayReturnError(
        "status_invalid",
        `the ČSOB return has paymentStatus "${fields.paymentStatus ?? ""}" (resultCode ${fields.resultCode} ${
          fields.resultMessage
        })`
      );
    }
    return { gatewayRef: fields.payId, state };
  }

  async status(gatewayRef: string): Promise<GatewayPaymentState> {
    const answer = await this.askStatus(gatewayRef);
    const state = stateOf(answer.paymentStatus);
    if (!state) throw new GatewayUnavailableError(`ČSOB payment/status answered paymentStatus ${answer.paymentStatus}`);
    return state;
  }

  async refund(gatewayRef: string, amount: number): Promise<GatewayPaymentState> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`A refund is whole minor units, not ${amount}`);
    const { paymentStatus } = await this.askStatus(gatewayRef);
    switch (paymentStatus) {
      case CsobStatus.authorised:
      case CsobStatus.awaitingSettlement:
        await this.change("payment/reverse", this.paymentRequest(gatewayRef), paymentRequestText);
        return "revoked";
      case CsobStatus.settled:
        await this.change("payment/refund", { ...this.paymentRequest(gatewayRef), amount }, refundRequestText);
        return "refunded";
      case CsobStatus.reversed:
        return "revoked";
      case CsobStatus.refundProcessing:
      case CsobStatus.refunded:
        return "refunded";
      default:
        throw new GatewayUnavailableError(
          `ČSOB payment ${gatewayRef} has paymentStatus ${paymentStatus}: nothing to give back`
        );
    }
  }

  private initRequest(input: GatewayPaymentInit): CsobInitRequest {
    if (!ORDER_NO.test(input.orderNumber)) {
      throw new RangeError(`ČSOB takes an order number of 1 to 10 digits, not "${input.orderNumber}"`);
    }
    const email = input.email?.trim();
    return {
      merchantId: this.options.merchantId,
      orderNo: input.orderNumber,
      dttm: csobDttm(this.now()),
      payOperation: "payment",
      payMethod: "card",
      totalAmount: input.amount,
      currency: input.currency,
      closePayment: true,
      returnUrl: input.returnUrl,
      returnMethod: "GET",
      cart: [{ name: cartItemName(input.description, input.orderNumber), quantity: 1, amount: input.amount }],
      customer: email && email.length <= EMAIL_MAX ? { email } : undefined,
      merchantData: Buffer.from(input.paymentId, "utf8").toString("base64"),
      language: csobLanguage[input.language],
    };
  }

  private paymentRequest(payId: string) {
    return { merchantId: this.options.merchantId, payId, dttm: csobDttm(this.now()) };
  }

  /** payment/process and payment/status carry their signed fields as path segments, URL-encoded. */
  private signedSegments(payId: string): string {
    const request = this.paymentRequest(payId);
    const signature = this.sign(paymentRequestText(request));
    return [request.merchantId, request.payId, request.dttm, signature].map(encodeURIComponent).join("/");
  }

  private processUrl(payId: string): string {
    return `${this.publicUrl}/payment/process/${this.signedSegments(payId)}`;
  }

  private askStatus(payId: string): Promise<PaymentAnswer> {
    return this.exchange({
      operation: "payment/status",
      method: "GET",
      path: `/payment/status/${this.signedSegments(payId)}`,
      shape: paymentAnswerShape,
      signedText: paymentResponseText,
    });
  }

  private change<R extends CsobPaymentRequest>(
    operation: "payment/reverse" | "payment/refund",
    request: R,
    requestText: (request: R) => string
  ): Promise<PaymentAnswer> {
    return this.exchange({
      operation,
      method: "PUT",
      path: `/${operation}`,
      body: { ...request, signature: this.sign(requestText(request)) },
      shape: paymentAnswerShape,
      signedText: paymentResponseText,
    });
  }

  private sign(text: string): string {
    return signText(text, this.options.merchantPrivateKeyPem);
  }

  /**
   * One call: an answer is believed only when it says resultCode 0 and carries the gateway's signature over its
   * documented fields; anything else (unreachable, timeout, HTTP error, other code, bad signature) makes the payment
   * step fail with GatewayUnavailableError, for the caller to retry or report.
   */
  private async exchange<T extends { signature: string }>(call: Exchange<T>): Promise<T> {
    const body = await this.send(call.operation, call.method, call.path, call.body);
    const result = resultShape.safeParse(body.json);
    if (!result.success) {
      throw new GatewayUnavailableError(`ČSOB ${call.operation} answered HTTP ${body.status} without a result code`, {
        httpStatus: body.status,
      });
    }
    if (result.data.resultCode !== 0) {
      throw new GatewayUnavailableError(
        `ČSOB ${call.operation} answered resultCode ${result.data.resultCode}: ${result.data.resultMessage}`,
        { httpStatus: body.status }
      );
    }
    const answer = call.shape.safeParse(body.json);
    if (!answer.success) throw new GatewayUnavailableError(`ČSOB ${call.operation} answered an unexpected body`);
    if (!verifyText(call.signedText(answer.data), answer.data.signature, this.options.gatewayPublicKeyPem)) {
      throw new GatewayUnavailableError(`ČSOB ${call.operation} answer is not signed by the gateway`);
    }
    return answer.data;
  }

  private async send(
    operation: string,
    method: Exchange<unknown>["method"],
    path: string,
    body: object | undefined
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.apiUrl}${path}`, {
        method,
        headers: body
          ? { accept: "application/json", "content-type": "application/json" }
          : { accept: "application/json" },
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      throw new GatewayUnavailableError(`ČSOB ${operation} could not be reached`, { cause });
    }
    try {
      return { status: response.status, json: JSON.parse(text) };
    } catch (cause) {
      throw new GatewayUnavailableError(`ČSOB ${operation} answered HTTP ${response.status} without JSON`, {
        cause,
        httpStatus: response.status,
      });
    }
  }
}

/** The return's fields, verbatim; undefined when one the signature always covers is missing. */
function returnFields(params: Readonly<Record<string, string>>): CsobReturn | undefined {
  const { payId, dttm, resultCode, resultMessage } = params;
  if (payId === undefined || dttm === undefined || resultCode === undefined || resultMessage === undefined) {
    return undefined;
  }
  return {
    payId,
    dttm,
    resultCode,
    resultMessage,
    paymentStatus: params.paymentStatus,
    authCode: params.authCode,
    merchantData: params.merchantData,
    statusDetail: params.statusDetail,
  };
}

/** The cart line the visitor sees at the gateway: the description cut to ČSOB's limit, never blank. */
function cartItemName(description: string, orderNumber: string): string {
  const name = [...description.trim()].slice(0, CART_NAME_MAX).join("").trim();
  return name || orderNumber;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
