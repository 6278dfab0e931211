/**
 * The cafeteria gateways of Pluxee and Edenred, both speaking the protocol of decision 009 (./cafeteria-protocol.ts):
 * signed JSON requests to the provider's api, a signed return of the visitor, and a server-to-server look at the
 * transaction before a return is believed. Swapping in a provider's real contract means rewriting this adapter only.
 */

import {
  GatewayReturnError,
  GatewayUnavailableError,
  type ExpectedReturn,
  type GatewayPaymentInit,
  type GatewayPaymentStarted,
  type GatewayPaymentState,
  type GatewayReturn,
  type PaymentGateway,
} from "../payment-gateway";
import {
  merchantHeader,
  paymentPagePath,
  readReturn,
  requestSigningString,
  sign,
  signatureHeader,
  signatureMatches,
  stateOf,
  timestampHeader,
  transactionDocument,
  type CafeteriaGatewayType,
  type CafeteriaReturn,
  type CreateTransactionRequest,
  type TransactionDocument,
} from "./cafeteria-protocol";

export interface CafeteriaGatewayOptions {
  type: CafeteriaGatewayType;
  /** The provider's api, server to server. */
  apiUrl: string;
  /** Base of the browser's redirect, when browsers reach the gateway elsewhere than the api (the shop's sandbox). */
  publicUrl?: string;
  merchantId: string;
  sharedSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  body: unknown;
}

const descriptionMaxLength = 255;

export class CafeteriaGateway implements PaymentGateway {
  readonly type: CafeteriaGatewayType;
  private readonly apiUrl: string;
  private readonly publicUrl: string | undefined;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(private readonly options: CafeteriaGatewayOptions) {
    this.type = options.type;
    this.apiUrl = options.apiUrl.replace(/\/+$/, "");
    this.publicUrl = options.publicUrl?.replace(/\/+$/, "");
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async start(input: GatewayPaymentInit): Promise<GatewayPaymentStarted> {
    const request: CreateTransactionRequest = {
      orderNumber: input.orderNumber,
      amount: input.amount,
      currency: input.currency,
      // The gateway shows at most this much; a long hotel name must not make the payment impossible.
      description: input.description.slice(0, descriptionMaxLength),
      returnUrl: input.returnUrl,
      language: input.language,
      reference: input.paymentId,
    };
    const transaction = this.transactionIn(await this.call("POST", "/transactions", request), "start");
    return {
      gatewayRef: transaction.transactionId,
      redirectUrl:
        this.publicUrl === undefined
          ? transaction.redirectUrl
          : `${this.publicUrl}${paymentPagePath(transaction.transactionId)}`,
    };
  }

  async verifyReturn(params: Readonly<Record<string, string>>, expected: ExpectedReturn): Promise<GatewayReturn> {
    const back = readReturn(params, this.options.sharedSecret);
    if (back.transactionId !== expected.gatewayRef) throw failed("the return names another payment's transaction");
    if (back.orderNumber !== expected.orderNumber) throw failed("the return names another order");
    if (back.currency !== expected.currency) throw failed(`the return is in ${back.currency}`);
    if (back.amount !== expected.amount) {
      throw new GatewayReturnError("amount_invalid", `the return's amount ${back.amount} is not ${expected.amount}`);
    }
    const held = await this.transaction(back.transactionId);
    if (held === undefined || !agrees(back, held)) throw failed("the gateway's own record contradicts the return");
    return { gatewayRef: held.transactionId, state: stateOf(held.status) };
  }

  async status(gatewayRef: string): Promise<GatewayPaymentState> {
    const held = await this.transaction(gatewayRef);
    if (held === undefined) throw new GatewayUnavailableError(`${this.type} does not know transaction ${gatewayRef}`);
    return stateOf(held.status);
  }

  async refund(gatewayRef: string, amount: number): Promise<GatewayPaymentState> {
    const answer = await this.call("POST", `${transactionPath(gatewayRef)}/refund`, { amount });
    const state = stateOf(this.transactionIn(answer, "refund").status);
    if (state !== "revoked" && state !== "refunded") {
      throw new GatewayUnavailableError(`${this.type} left transaction ${gatewayRef} ${state} after a refund`);
    }
    return state;
  }

  /** The gateway's record of a transaction; undefined when the gateway denies knowing it. */
  private async transaction(gatewayRef: string): Promise<TransactionDocument | undefined> {
    const answer = await this.call("GET", transactionPath(gatewayRef));
    if (answer.status === 404) return undefined;
    const transaction = this.transactionIn(answer, "status");
    if (transaction.transactionId !== gatewayRef) {
      throw new GatewayUnavailableError(`${this.type} answered transaction ${transaction.transactionId}`);
    }
    return transaction;
  }

  private transactionIn(answer: Answer, what: string): TransactionDocument {
    if (answer.status < 200 || answer.status > 299) {
      throw new GatewayUnavailableError(`${this.type} refused ${what} with HTTP ${answer.status}`, {
        cause: answer.body,
        httpStatus: answer.status,
      });
    }
    const parsed = transactionDocument.safeParse(answer.body);
    if (!parsed.success) {
      throw new GatewayUnavailableError(`${this.type} answered ${what} with no transaction`, { cause: parsed.error });
    }
    return parsed.data;
  }

  /** One signed request; only an answer carrying the gateway's valid signature comes back, whatever its status. */
  private async call(method: "GET" | "POST", path: string, payload?: object): Promise<Answer> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = this.now().toISOString();
    const headers: Record<string, string> = {
      [merchantHeader]: this.options.merchantId,
      [timestampHeader]: timestamp,
      [signatureHeader]: sign(this.options.sharedSecret, requestSigningString(method, path, timestamp, body)),
    };
    if (payload !== undefined) headers["content-type"] = "application/json";
    const request = `${this.type} ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      throw new GatewayUnavailableError(`${request} failed`, { cause });
    }
    if (!signatureMatches(this.options.sharedSecret, text, response.headers.get(signatureHeader) ?? "")) {
      throw new GatewayUnavailableError(`${request} got HTTP ${response.status} without a valid signature`, {
        httpStatus: response.status,
      });
    }
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch (cause) {
      throw new GatewayUnavailableError(`${request} got a signed answer that is not JSON`, { cause });
    }
  }
}

const transactionPath = (gatewayRef: string) => `/transactions/${encodeURIComponent(gatewayRef)}`;

const failed = (message: string) => new GatewayReturnError("verification_failed", message);

/**
 * The gateway's record must say what the return said. A return of PENDING is the exception: the visitor may decide
 * later, so the record may have moved on since, and what it says now is the answer.
 */
function agrees(back: CafeteriaReturn, held: TransactionDocument): boolean {
  return (
    held.orderNumber === back.orderNumber &&
    held.amount === back.amount &&
    held.currency === back.currency &&
    (back.status === "PENDING" || stateOf(held.status) === stateOf(back.status))
  );
}
