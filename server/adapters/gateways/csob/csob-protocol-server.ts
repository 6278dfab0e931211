/**
 * A stand-in for ČSOB's card gateway that speaks eAPI 1.9 as the real one does (signature.ts): the tests' fake, and
 * the sandbox the shop serves itself, where a page lets the visitor approve, decline, cancel or decide later instead
 * of entering a card. It checks every request's signature against the merchant's public key and signs every answer
 * and return with its own key, so the adapter runs unchanged against it.
 *
 * The wiki lists the resultCodes and the HTTP statuses but not which goes with which; this simulator's pairing:
 * HTTP 400 with resultCode 100 (a required field is missing) or 110 (a field is invalid); HTTP 401 for a bad signature
 * (what eAPI 1.9 answers, per the wiki's Technical FAQ) with resultCode 110; HTTP 403 with 120 for a merchant it does
 * not know; HTTP 200 with 140 for an unknown payment and 150 for one whose state does not allow the operation. Error
 * answers are signed like any other.
 *
 * Simplifications: the return always goes back by GET (the adapter asks for GET, so POST is refused as invalid); an
 * approved payment is authorised (4) until `settleCsobPayment` plays the bank's daily settlement (8), whatever
 * closePayment said; the payment page's HTML is the caller's (`renderPage`).
 */

import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import * as z from "zod";
import type {
  GatewayCurrency,
  GatewayLanguage,
  GatewayRecordStore,
  GatewayType,
  SandboxDecision,
  SandboxPageRenderer,
} from "../payment-gateway";
import {
  CsobResult,
  CsobStatus,
  csobDttm,
  echoRequestText,
  echoResponseText,
  initRequestText,
  initResponseText,
  paymentRequestText,
  paymentResponseText,
  refundRequestText,
  returnText,
  signText,
  verifyText,
  type CsobEchoResponse,
  type CsobInitResponse,
  type CsobPaymentResponse,
  type CsobReturn,
} from "./signature";

/** A payment as the simulator keeps it, by its payId. */
export interface CsobSandboxPayment {
  payId: string;
  merchantId: string;
  orderNo: string;
  /** Minor units. */
  totalAmount: number;
  currency: GatewayCurrency;
  returnUrl: string;
  /** The cart line shown on the payment page. */
  description: string;
  language: GatewayLanguage;
  merchantData?: string;
  paymentStatus: number;
  authCode?: string;
}

export interface CsobProtocolRouterOptions {
  /** Merchant id → the merchant's public key (PEM), which its requests must be signed with. */
  merchants: Record<string, string>;
  gatewayPrivateKeyPem: string;
  store: GatewayRecordStore<CsobSandboxPayment>;
  renderPage: SandboxPageRenderer;
  /** The face the payment page shows; "CSOB" unless the sandbox plays another card gateway. */
  gatewayType?: GatewayType;
  /**
   * Where a payment may send its visitor back. The sandbox's keys are public, so anyone could start a payment with
   * them: a return address it did not check would make the shop's host an open redirect.
   */
  acceptsReturnUrl: (address: string) => boolean;
  now?: () => Date;
  /** How long payment/init takes for the slow payer (`isSlowPayer`); 0 unless given. */
  slowMs?: number;
}

/**
 * The sandbox's slow payer, as the provider simulator has its slow hotel: a customer's e-mail whose local part is
 * `dzb-sim-slow` (tagged or not: `dzb-sim-slow+1@example.cz`) makes payment/init answer after `slowMs`, to show how the
 * shop waits on a slow gateway.
 */
export function isSlowPayer(email: string | undefined): boolean {
  return /^dzb-sim-slow(\+[^@]*)?@/i.test(email ?? "");
}

/** The page languages of eAPI 1.9. */
const csobLanguages = [
  "cs",
  "en",
  "de",
  "fr",
  "hu",
  "it",
  "ja",
  "pl",
  "pt",
  "ro",
  "ru",
  "sk",
  "es",
  "tr",
  "vi",
  "hr",
  "sl",
  "sv",
] as const;

const minorUnits = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** payment/init as eAPI 1.9 documents its fields and limits, restricted to what the simulator plays. */
const initShape = z
  .object({
    merchantId: z.string().min(1),
    orderNo: z.string().regex(/^\d{1,10}$/),
    dttm: z.string().regex(/^\d{14}$/),
    payOperation: z.literal("payment").optional(),
    payMethod: z.literal("card").optional(),
    totalAmount: minorUnits,
    currency: z.enum(["CZK", "PLN"]),
    closePayment: z.boolean().optional(),
    returnUrl: z.url({ protocol: /^https?$/ }).max(300),
    returnMethod: z.literal("GET"),
    cart: z
      .array(
        z.object({
          name: z.string().min(1).max(20),
          quantity: z.number().int().positive(),
          amount: z.number().int().nonnegative(),
          description: z.string().max(40).optional(),
        })
      )
      .min(1)
      .max(2),
    customer: z
      .object({
        name: z.string().max(45).optional(),
        email: z.string().max(100).optional(),
        homePhone: z.string().optional(),
        workPhone: z.string().optional(),
        mobilePhone: z.string().optional(),
      })
      .optional(),
    merchantData: z.string().max(255).optional(),
    customerId: z.string().max(50).optional(),
    language: z.enum(csobLanguages),
    ttlSec: z.number().int().min(300).max(1800).optional(),
    logoVersion: z.number().int().optional(),
    colorSchemeVersion: z.number().int().optional(),
    customExpiry: z
      .string()
      .regex(/^\d{14}$/)
      .optional(),
    signature: z.string().min(1),
  })
  .refine((init) => init.cart.reduce((sum, item) => sum + item.amount, 0) === init.totalAmount, {
    path: ["totalAmount"],
    message: "totalAmount is not the sum of the cart",
  });

const paymentRequestShape = z.object({
  merchantId: z.string().min(1),
  payId: z.string().min(1),
  dttm: z.string().regex(/^\d{14}$/),
  signature: z.string().min(1),
});

const refundShape = paymentRequestShape.extend({ amount: minorUnits.optional() });

const decisionShape = z.object({ decision: z.enum(["approve", "decline", "cancel", "later"]) });

const statusAfter: Record<SandboxDecision, number> = {
  approve: CsobStatus.authorised,
  decline: CsobStatus.declined,
  cancel: CsobStatus.cancelled,
  later: CsobStatus.inProgress,
};

const PAY_ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** ČSOB's payIds are 15 characters. */
const newPayId = () => Array.from({ length: 15 }, () => PAY_ID_ALPHABET[randomInt(PAY_ID_ALPHABET.length)]).join("");

const newAuthCode = () => String(randomInt(1_000_000)).padStart(6, "0");

/** Why a request is refused: the HTTP status and the documented resultCode it is answered with. */
class Refusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly resultCode: number,
    message: string,
    readonly paymentStatus?: number
  ) {
    super(message);
  }
}

const refusedAsMissing = (field: string) => new Refusal(400, CsobResult.missingParameter, `Missing parameter ${field}`);
const refusedAsInvalid = (field: string) => new Refusal(400, CsobResult.invalidParameter, `Invalid parameter ${field}`);
const refusedSignature = () => new Refusal(401, CsobResult.invalidParameter, "Invalid signature");
const refusedMerchant = (merchantId: string) =>
  new Refusal(403, CsobResult.merchantBlocked, `Merchant ${merchantId} blocked`);
const refusedUnknownPayment = () => new Refusal(200, CsobResult.paymentNotFound, "Payment not found");
const refusedState = (status: number) =>
  new Refusal(200, CsobResult.paymentNotInValidState, "Payment not in valid state", status);

/** Reads a body by its shape; a field that is not there at all is "missing" (100), any other fault "invalid" (110). */
function parseBody<T>(shape: z.ZodType<T>, body: unknown): T {
  const parsed = shape.safeParse(body);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? "body");
  const given = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  throw given === undefined ? refusedAsMissing(field) : refusedAsInvalid(field);
}

const pageLanguage = (language: string): GatewayLanguage => (language === "cs" || language === "pl" ? language : "en");

export function csobProtocolRouter(options: CsobProtocolRouterOptions): Router {
  const { store, renderPage } = options;
  const gatewayType = options.gatewayType ?? "CSOB";
  const clock = options.now ?? (() => new Date());
  const now = () => csobDttm(clock());
  const sign = (text: string) => signText(text, options.gatewayPrivateKeyPem);

  const merchantKey = (merchantId: string): string => {
    if (!Object.hasOwn(options.merchants, merchantId)) throw refusedMerchant(merchantId);
    return options.merchants[merchantId];
  };

  const checkSignature = (merchantId: string, text: string, signature: string) => {
    if (!verifyText(text, signature, merchantKey(merchantId))) throw refusedSignature();
  };

  /** The merchant's own payment; another merchant's payId is as unknown as one that never existed. */
  const paymentOf = async (merchantId: string, payId: string): Promise<CsobSandboxPayment> => {
    const payment = await store.get(payId);
    if (!payment || payment.merchantId !== merchantId) throw refusedUnknownPayment();
    return payment;
  };

  const answerPayment = (res: Response, httpStatus: number, answer: CsobPaymentResponse) =>
    res.status(httpStatus).json({ ...answer, signature: sign(paymentResponseText(answer)) });

  /** JSON operations: a refusal becomes the operation's signed error answer. */
  const operation =
    (handle: (req: Request, res: Response) => Promise<unknown>, errorText: (answer: CsobPaymentResponse) => string) =>
    (req: Request, res: Response, next: NextFunction) =>
      handle(req, res).catch((error: unknown) => {
        if (!(error instanceof Refusal)) return next(error);
        const named: unknown = req.params.payId ?? req.body?.payId;
        const answer: CsobPaymentResponse = {
          payId: typeof named === "string" ? named : undefined,
          dttm: now(),
          resultCode: error.resultCode,
          resultMessage: error.message,
          paymentStatus: error.paymentStatus,
        };
        res.status(error.httpStatus).json({ ...answer, signature: sign(errorText(answer)) });
      });

  /** Pages the visitor's browser opens: a refusal is a short plain-text page. */
  const page =
    (handle: (req: Request, res: Response) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) =>
      handle(req, res).catch((error: unknown) => {
        if (!(error instanceof Refusal)) return next(error);
        res
          .status(error.httpStatus === 200 ? 404 : error.httpStatus)
          .type("text/plain")
          .send(error.message);
      });

  const router = express.Router();
  router.use(express.json(), express.urlencoded({ extended: false }));

  router.post(
    "/payment/init",
    operation(async (req, res) => {
      const init = parseBody(initShape, req.body);
      checkSignature(init.merchantId, initRequestText(init), init.signature);
      if (!options.acceptsReturnUrl(init.returnUrl)) throw refusedAsInvalid("returnUrl");
      // Unreferenced: a payer's wait keeps no process from ending.
      if (isSlowPayer(init.customer?.email)) await sleep(options.slowMs ?? 0, undefined, { ref: false });
      const payment: CsobSandboxPayment = {
        payId: newPayId(),
        merchantId: init.merchantId,
        orderNo: init.orderNo,
        totalAmount: init.totalAmount,
        currency: init.currency,
        returnUrl: init.returnUrl,
        description: init.cart[0].name,
        language: pageLanguage(init.language),
        merchantData: init.merchantData,
        paymentStatus: CsobStatus.created,
      };
      await store.insert(payment.payId, payment);
      const answer: CsobInitResponse = {
        payId: payment.payId,
        dttm: now(),
        resultCode: CsobResult.ok,
        resultMessage: "OK",
        paymentStatus: payment.paymentStatus,
      };
      res.json({ ...answer, signature: sign(initResponseText(answer)) });
    }, initResponseText)
  );

  router.get(
    "/payment/process/:merchantId/:payId/:dttm/:signature",
    page(async (req, res) => {
      const { merchantId, payId, dttm, signature } = req.params;
      checkSignature(merchantId, paymentRequestText({ merchantId, payId, dttm }), signature);
      const payment = await paymentOf(merchantId, payId);
      if (!isUndecided(payment)) throw new Refusal(409, CsobResult.paymentNotInValidState, "Payment already processed");
      await store.update(payId, { ...payment, paymentStatus: CsobStatus.inProgress });
      const view = {
        gateway: gatewayType,
        ref: payment.payId,
        orderNumber: payment.orderNo,
        amount: payment.totalAmount,
        currency: payment.currency,
        description: payment.description,
        language: payment.language,
      };
      res.type("html").send(renderPage(view, `${req.baseUrl}/payment/decide/${encodeURIComponent(payId)}`));
    })
  );

  router.post(
    "/payment/decide/:payId",
    page(async (req, res) => {
      const parsed = decisionShape.safeParse(req.body);
      if (!parsed.success) throw new Refusal(400, CsobResult.invalidParameter, "Invalid parameter decision");
      const payment = await store.get(req.params.payId);
      if (!payment) throw refusedUnknownPayment();
      const outcome = statusAfter[parsed.data.decision];
      if (!isUndecided(payment)) {
        // The same decision sent again (its answer was lost, the load balancer resends it) answers as the first did.
        if (payment.paymentStatus !== outcome) {
          throw new Refusal(409, CsobResult.paymentNotInValidState, "Payment already processed");
        }
        res.redirect(303, returnLocation(payment, now(), sign));
        return;
      }
      const decided: CsobSandboxPayment = {
        ...payment,
        paymentStatus: outcome,
        authCode: parsed.data.decision === "approve" ? newAuthCode() : undefined,
      };
      await store.update(decided.payId, decided);
      res.redirect(303, returnLocation(decided, now(), sign));
    })
  );

  router.get(
    "/payment/status/:merchantId/:payId/:dttm/:signature",
    operation(async (req, res) => {
      const { merchantId, payId, dttm, signature } = req.params;
      checkSignature(merchantId, paymentRequestText({ merchantId, payId, dttm }), signature);
      const payment = await paymentOf(merchantId, payId);
      answerPayment(res, 200, {
        payId,
        dttm: now(),
        resultCode: CsobResult.ok,
        resultMessage: "OK",
        paymentStatus: payment.paymentStatus,
        authCode: payment.authCode,
      });
    }, paymentResponseText)
  );

  router.put(
    "/payment/reverse",
    operation(async (req, res) => {
      const request = parseBody(paymentRequestShape, req.body);
      checkSignature(request.merchantId, paymentRequestText(request), request.signature);
      const payment = await paymentOf(request.merchantId, request.payId);
      if (!isAuthorisedUnsettled(payment)) throw refusedState(payment.paymentStatus);
      await store.update(payment.payId, { ...payment, paymentStatus: CsobStatus.reversed });
      answerPayment(res, 200, {
        payId: payment.payId,
        dttm: now(),
        resultCode: CsobResult.ok,
        resultMessage: "OK",
        paymentStatus: CsobStatus.reversed,
      });
    }, paymentResponseText)
  );

  router.put(
    "/payment/refund",
    operation(async (req, res) => {
      const request = parseBody(refundShape, req.body);
      checkSignature(request.merchantId, refundRequestText(request), request.signature);
      const payment = await paymentOf(request.merchantId, request.payId);
      if (payment.paymentStatus !== CsobStatus.settled) throw refusedState(payment.paymentStatus);
      if (request.amount !== undefined && request.amount > payment.totalAmount) throw refusedAsInvalid("amount");
      await store.update(payment.payId, { ...payment, paymentStatus: CsobStatus.refunded });
      answerPayment(res, 200, {
        payId: payment.payId,
        dttm: now(),
        resultCode: CsobResult.ok,
        resultMessage: "OK",
        paymentStatus: CsobStatus.refunded,
      });
    }, paymentResponseText)
  );

  router.get(
    "/echo/:merchantId/:dttm/:signature",
    operation(async (req, res) => {
      const { merchantId, dttm, signature } = req.params;
      checkSignature(merchantId, echoRequestText({ merchantId, dttm }), signature);
      const answer: CsobEchoResponse = { dttm: now(), resultCode: CsobResult.ok, resultMessage: "OK" };
      res.json({ ...answer, signature: sign(echoResponseText(answer)) });
    }, echoResponseText)
  );

  // A body that is not JSON at all never reaches a route: answered like any other invalid request.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || (error as { type?: unknown }).type !== "entity.parse.failed") return next(error);
    const answer: CsobEchoResponse = {
      dttm: now(),
      resultCode: CsobResult.invalidParameter,
      resultMessage: "Invalid body",
    };
    res.status(400).json({ ...answer, signature: sign(echoResponseText(answer)) });
  });

  return router;
}

/**
 * Plays the bank's daily settlement for one payment: an authorised payment (4, or 7 awaiting settlement) becomes
 * settled (8), after which money goes back by payment/refund instead of payment/reverse. Answers whether it settled.
 */
export async function settleCsobPayment(
  store: GatewayRecordStore<CsobSandboxPayment>,
  payId: string
): Promise<boolean> {
  const payment = await store.get(payId);
  if (!payment) throw new Error(`No ČSOB sandbox payment ${payId}`);
  if (!isAuthorisedUnsettled(payment)) return false;
  await store.update(payId, { ...payment, paymentStatus: CsobStatus.settled });
  return true;
}

const isUndecided = (payment: CsobSandboxPayment) =>
  payment.paymentStatus === CsobStatus.created || payment.paymentStatus === CsobStatus.inProgress;

const isAuthorisedUnsettled = (payment: CsobSandboxPayment) =>
  payment.paymentStatus === CsobStatus.authorised || payment.paymentStatus === CsobStatus.awaitingSettlement;

/** The payment's returnUrl with the signed return fields added to its query, as ČSOB sends the visitor back. */
function returnLocation(payment: CsobSandboxPayment, dttm: string, sign: (text: string) => string): string {
  const fields: CsobReturn = {
    payId: payment.payId,
    dttm,
    resultCode: String(CsobResult.ok),
    resultMessage: "OK",
    paymentStatus: String(payment.paymentStatus),
    authCode: payment.authCode,
    merchantData: payment.merchantData,
  };
  const location = new URL(payment.returnUrl);
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) location.searchParams.set(name, value);
  }
  location.searchParams.set("signature", sign(returnText(fields)));
  return location.toString();
}
