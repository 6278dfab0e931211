/**
 * A cafeteria gateway speaking the protocol of decision 009, as an Express router: the adapter's test fake and the
 * sandbox the shop serves for each provider. Its payments live in the given store, so any instance of the shop answers
 * for any payment, and every answer is signed with the merchant's secret like the real gateway's would be.
 */

import { randomUUID } from "node:crypto";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import type * as z from "zod";
import type {
  GatewayCurrency,
  GatewayLanguage,
  GatewayRecordStore,
  SandboxDecision,
  SandboxPageRenderer,
} from "../payment-gateway";
import {
  createTransactionRequest,
  merchantHeader,
  paymentPagePath,
  refundRequest,
  requestClockToleranceMs,
  requestSigningString,
  sign,
  signatureHeader,
  signatureMatches,
  signedReturnQuery,
  timestampHeader,
  type CafeteriaErrorBody,
  type CafeteriaErrorCode,
  type CafeteriaGatewayType,
  type CafeteriaStatus,
  type ReturnStatus,
  type TransactionDocument,
} from "./cafeteria-protocol";

export interface CafeteriaSandboxPayment {
  transactionId: string;
  merchantId: string;
  orderNumber: string;
  amount: number;
  currency: GatewayCurrency;
  description: string;
  language: GatewayLanguage;
  returnUrl: string;
  /** The shop's payment id, echoed in every answer. */
  reference: string;
  status: CafeteriaStatus;
  createdAt: string;
}

export interface CafeteriaProtocolRouterOptions {
  gatewayType: CafeteriaGatewayType;
  /** Shared secrets by merchant id. */
  merchants: Readonly<Record<string, string>>;
  store: GatewayRecordStore<CafeteriaSandboxPayment>;
  renderPage: SandboxPageRenderer;
  /** Where browsers reach this router (absolute, or root-relative when the shop serves it): `redirectUrl`'s base. */
  publicUrl: string;
  /**
   * Where a transaction may send its visitor back. The sandbox's secrets are public, so anyone could create a
   * transaction with them: a return address it did not check would make the shop's host an open redirect.
   */
  acceptsReturnUrl: (address: string) => boolean;
  now?: () => Date;
}

interface Merchant {
  id: string;
  secret: string;
}

/** What the api routes hand on to their handler once the request's signature holds. */
interface SignedRequest {
  merchant: Merchant;
  body: string;
}

const decisions: Record<SandboxDecision, ReturnStatus> = {
  approve: "AUTHORIZED",
  decline: "DECLINED",
  cancel: "CANCELLED",
  later: "PENDING",
};

const undecided: readonly CafeteriaStatus[] = ["CREATED", "PENDING"];

/** Before settlement money goes back by reversing the authorisation, after it by a refund. */
const afterRefund: Partial<Record<CafeteriaStatus, CafeteriaStatus>> = {
  AUTHORIZED: "REVERSED",
  SETTLED: "REFUNDED",
  REVERSED: "REVERSED",
  REFUNDED: "REFUNDED",
};

export function cafeteriaProtocolRouter(options: CafeteriaProtocolRouterOptions): Router {
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  const { store } = options;
  const router = Router();

  const documentOf = (payment: CafeteriaSandboxPayment): TransactionDocument => ({
    transactionId: payment.transactionId,
    orderNumber: payment.orderNumber,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    reference: payment.reference,
    redirectUrl: `${publicUrl}${paymentPagePath(payment.transactionId)}`,
  });

  /** Verifies the merchant's signature and clock before `handler` sees the request; refuses with 401 otherwise. */
  const api = (handler: (req: Request, res: Response, signed: SignedRequest) => Promise<void>): RequestHandler[] => [
    express.raw({ type: () => true, limit: "16kb" }),
    (req, res, next) => {
      const merchantId = req.get(merchantHeader) ?? "";
      const secret = Object.hasOwn(options.merchants, merchantId) ? options.merchants[merchantId] : undefined;
      if (secret === undefined) {
        res.status(401).json(errorBody("invalid_signature", "unknown merchant"));
        return;
      }
      const merchant = { id: merchantId, secret };
      const timestamp = req.get(timestampHeader) ?? "";
      const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
      const signingString = requestSigningString(req.method, req.path, timestamp, body);
      const skew = Math.abs(now().getTime() - Date.parse(timestamp));
      if (!signatureMatches(secret, signingString, req.get(signatureHeader) ?? "")) {
        sendSigned(res, merchant, 401, errorBody("invalid_signature", "the request's signature does not match"));
      } else if (!(skew <= requestClockToleranceMs)) {
        sendSigned(res, merchant, 401, errorBody("invalid_signature", "the request's timestamp is too far off"));
      } else {
        handler(req, res, { merchant, body }).catch(next);
      }
    },
  ];

  /** The merchant's own transaction named by the path; other merchants' transactions do not exist for it. */
  async function ownTransaction(req: Request, res: Response, merchant: Merchant) {
    const payment = await store.get(req.params.transactionId ?? "");
    if (payment?.merchantId === merchant.id) return payment;
    sendSigned(res, merchant, 404, errorBody("not_found", "no such transaction"));
    return undefined;
  }

  router.post(
    "/transactions",
    api(async (_req, res, { merchant, body }) => {
      const request = parseJson(createTransactionRequest, body);
      if (request === undefined) {
        sendSigned(res, merchant, 400, errorBody("invalid_request", "the transaction request is malformed"));
        return;
      }
      if (!options.acceptsReturnUrl(request.returnUrl)) {
        sendSigned(res, merchant, 400, errorBody("invalid_request", "the return URL is not the merchant's"));
        return;
      }
      const payment: CafeteriaSandboxPayment = {
        transactionId: randomUUID(),
        merchantId: merchant.id,
        ...request,
        status: "CREATED",
        createdAt: now().toISOString(),
      };
      await store.insert(payment.transactionId, payment);
      sendSigned(res, merchant, 201, documentOf(payment));
    })
  );

  router.get(
    "/transactions/:transactionId",
    api(async (req, res, { merchant }) => {
      const payment = await ownTransaction(req, res, merchant);
      if (payment !== undefined) sendSigned(res, merchant, 200, documentOf(payment));
    })
  );

  router.post(
    "/transactions/:transactionId/refund",
    api(async (req, res, { merchant, body }) => {
      const payment = await ownTransaction(req, res, merchant);
      if (payment === undefined) return;
      const request = parseJson(refundRequest, body);
      if (request?.amount !== payment.amount) {
        sendSigned(res, merchant, 400, errorBody("invalid_request", "a refund takes back the whole amount"));
        return;
      }
      const status = afterRefund[payment.status];
      if (status === undefined) {
        sendSigned(res, merchant, 409, errorBody("invalid_state", `a ${payment.status} transaction has no money`));
        return;
      }
      const refunded = { ...payment, status };
      await store.update(refunded.transactionId, refunded);
      sendSigned(res, merchant, 200, documentOf(refunded));
    })
  );

  /** The transaction the visitor may still decide on; answers the visitor itself otherwise. */
  async function undecidedPayment(req: Request, res: Response) {
    const payment = await store.get(req.params.transactionId ?? "");
    if (payment !== undefined && undecided.includes(payment.status)) return payment;
    refuseVisitor(res, payment);
    return undefined;
  }

  function refuseVisitor(res: Response, payment: CafeteriaSandboxPayment | undefined) {
    if (payment === undefined) res.status(404).type("text/plain").send("This payment does not exist.");
    else res.status(409).type("text/plain").send("This payment is decided.");
  }

  router.get(
    "/pay/:transactionId",
    visitor(async (req, res) => {
      const payment = await undecidedPayment(req, res);
      if (payment === undefined) return;
      const view = {
        gateway: options.gatewayType,
        ref: payment.transactionId,
        orderNumber: payment.orderNumber,
        amount: payment.amount,
        currency: payment.currency,
        description: payment.description,
        language: payment.language,
      };
      res.send(options.renderPage(view, `${req.baseUrl}${paymentPagePath(payment.transactionId)}/decide`));
    })
  );

  router.post(
    "/pay/:transactionId/decide",
    express.urlencoded({ extended: false, limit: "1kb" }),
    visitor(async (req, res) => {
      const decision: unknown = req.body?.decision;
      if (typeof decision !== "string" || !Object.hasOwn(decisions, decision)) {
        res.status(400).type("text/plain").send("Choose approve, decline, cancel or later.");
        return;
      }
      const status = decisions[decision as SandboxDecision];
      const payment = await store.get(req.params.transactionId ?? "");
      const open = payment !== undefined && undecided.includes(payment.status);
      // The same decision sent again (its answer was lost, the load balancer resends it) answers as the first did.
      if (payment === undefined || (!open && payment.status !== status)) {
        refuseVisitor(res, payment);
        return;
      }
      const decided = { ...payment, status };
      if (open) await store.update(decided.transactionId, decided);
      const secret = options.merchants[decided.merchantId];
      if (secret === undefined) throw new Error(`merchant ${decided.merchantId} is no longer configured`);
      const query = signedReturnQuery(secret, {
        transactionId: decided.transactionId,
        orderNumber: decided.orderNumber,
        amount: decided.amount,
        currency: decided.currency,
        status,
        timestamp: now().toISOString(),
      });
      const returnUrl = new URL(decided.returnUrl);
      for (const [name, value] of Object.entries(query)) returnUrl.searchParams.set(name, value);
      res.redirect(303, returnUrl.toString());
    })
  );

  return router;
}

/** Marks an authorised payment settled, as the provider's daily clearing would; refunds behave differently after. */
export async function settleCafeteriaPayment(
  store: GatewayRecordStore<CafeteriaSandboxPayment>,
  transactionId: string
): Promise<void> {
  const payment = await store.get(transactionId);
  if (payment?.status !== "AUTHORIZED") throw new Error(`transaction ${transactionId} is not authorised`);
  await store.update(transactionId, { ...payment, status: "SETTLED" });
}

const visitor =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    handler(req, res).catch(next);
  };

const errorBody = (code: CafeteriaErrorCode, message: string): CafeteriaErrorBody => ({ error: { code, message } });

function sendSigned(res: Response, merchant: Merchant, status: number, body: TransactionDocument | CafeteriaErrorBody) {
  const text = JSON.stringify(body);
  res.status(status).set(signatureHeader, sign(merchant.secret, text)).type("application/json").send(text);
}

function parseJson<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
