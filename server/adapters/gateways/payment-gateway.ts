import type { GatewayType } from "../../domain/payment-gateways";

/**
 * One interface for every gateway a card or benefit payment goes through: ČSOB for cards, the cafeteria gateways of
 * Pluxee and Edenred for benefits. The api starts a payment, sends the visitor to `redirectUrl`, verifies what the
 * gateway reports when the visitor comes back (or when the api asks later), and gives money back when an order is
 * cancelled. Amounts are integer minor units; nothing here knows about orders beyond their number.
 */

export type { GatewayType };

export type GatewayCurrency = "CZK" | "PLN";

export type GatewayLanguage = "cs" | "pl" | "en";

export interface GatewayPaymentInit {
  /** Our payment's UUID; gateways that carry merchant data get it back on the return. */
  paymentId: string;
  /** The order's human-readable number (digits), the gateway's order reference. */
  orderNumber: string;
  /** Minor units, more than zero. */
  amount: number;
  currency: GatewayCurrency;
  /** What the visitor pays for, short, in their language (a cart line at ČSOB). */
  description: string;
  /** Absolute URL the gateway sends the visitor back to (GET, with the gateway's signed fields in the query). */
  returnUrl: string;
  language: GatewayLanguage;
  /** The customer's e-mail, for gateways that want it. */
  email?: string;
}

export interface GatewayPaymentStarted {
  /** The gateway's own id of the payment (ČSOB `payId`); every later call and return names it. */
  gatewayRef: string;
  /** Where the visitor's browser goes to pay: absolute, or root-relative for the sandbox served by the shop itself. */
  redirectUrl: string;
}

/**
 * What a gateway says of a payment, mapped to our payment states: `waiting` while nothing is decided (created,
 * in progress, or "decide later"), `paid` once approved (authorised or settled), `cancelled` by the visitor,
 * `rejected` by the bank or provider, `revoked` when an approval was reversed, `refunded` once money went back.
 */
export type GatewayPaymentState = "waiting" | "paid" | "cancelled" | "rejected" | "revoked" | "refunded";

export interface GatewayReturn {
  gatewayRef: string;
  state: GatewayPaymentState;
}

/**
 * Why a return was refused; each is one entry of the SPEC's error catalogue (card-gateway and cafeteria-provider
 * callback groups). `verification_failed` is also the answer when the gateway, asked directly, contradicts the return.
 */
export type GatewayReturnProblem =
  | "invalid_signature"
  | "currency_missing"
  | "order_number_missing"
  | "amount_invalid"
  | "verification_failed"
  | "status_invalid";

export class GatewayReturnError extends Error {
  constructor(readonly problem: GatewayReturnProblem, message: string) {
    super(message);
    this.name = "GatewayReturnError";
  }
}

/** The gateway could not be reached or answered an error; the caller retries later or tells the visitor to. */
export class GatewayUnavailableError extends Error {
  /** The HTTP status of the gateway's answer that the failure was read from, if it answered one. */
  readonly httpStatus?: number;

  constructor(message: string, options?: { cause?: unknown; httpStatus?: number }) {
    super(message, options);
    this.name = "GatewayUnavailableError";
    this.httpStatus = options?.httpStatus;
  }
}

/** What the return is checked against: the payment as we stored it when it was started. */
export interface ExpectedReturn {
  gatewayRef: string;
  orderNumber: string;
  amount: number;
  currency: GatewayCurrency;
}

export interface PaymentGateway {
  readonly type: GatewayType;
  /** Starts a payment at the gateway. Throws GatewayUnavailableError when the gateway refuses or cannot be reached. */
  start(input: GatewayPaymentInit): Promise<GatewayPaymentStarted>;
  /**
   * Verifies the fields the gateway sent the visitor back with (query or form fields, verbatim) against the payment
   * we expect, and answers its state. Throws GatewayReturnError for a return that must not be believed.
   */
  verifyReturn(params: Readonly<Record<string, string>>, expected: ExpectedReturn): Promise<GatewayReturn>;
  /** Asks the gateway for a payment's state (for payments whose visitor never came back). */
  status(gatewayRef: string): Promise<GatewayPaymentState>;
  /**
   * Gives a paid payment's money back: reversed while not yet settled, refunded after. Answers the state the payment
   * ends in (`revoked` or `refunded`). Throws GatewayUnavailableError when the gateway refuses.
   */
  refund(gatewayRef: string, amount: number): Promise<GatewayPaymentState>;
}

/** The gateway of each type; which type serves which payment method is the domain's rule. */
export type PaymentGateways = Readonly<Record<GatewayType, PaymentGateway>>;

/**
 * Where a gateway simulator (the embedded sandbox, or a test's fake) keeps its payments, by its own payment id: in
 * memory for tests, in the database for the sandbox the shop serves, so any instance answers for any payment.
 */
export interface GatewayRecordStore<T> {
  insert(ref: string, record: T): Promise<void>;
  get(ref: string): Promise<T | undefined>;
  update(ref: string, record: T): Promise<void>;
}

/** The payment a simulator shows on its page, in whatever protocol it speaks. */
export interface SandboxPaymentView {
  gateway: GatewayType;
  ref: string;
  orderNumber: string;
  amount: number;
  currency: GatewayCurrency;
  description: string;
  language: GatewayLanguage;
}

/**
 * Renders a simulator's payment page (one face per gateway): a complete HTML document whose form posts
 * `decision` = approve | decline | cancel | later to `decideUrl`. Works without JavaScript.
 */
export type SandboxPageRenderer = (payment: SandboxPaymentView, decideUrl: string) => string;

export type SandboxDecision = "approve" | "decline" | "cancel" | "later";
