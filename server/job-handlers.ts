import * as z from "zod";
import type { Mailer } from "./adapters/mailer/mailer";
import type { HotelProvider } from "./adapters/provider/hotel-provider";
import type { Config } from "./config";
import type { Logger } from "./logging/logger";
import {
  acknowledgeContactMessage,
  contactAcknowledgementJobKind,
  contactMailJobKind,
  mailContactMessage,
} from "./contact/contact-messages";
import { bankImportJobKind, importBankStatements, importsBankStatements } from "./orders/bank-statement-sources";
import { bookOrder, cancelBooking } from "./orders/booking";
import { dataRetentionJob, deleteDataKeptLongEnough } from "./orders/data-retention";
import { expireOrder, refundGatewayPayment } from "./orders/expiry";
import { sendOrderMail } from "./orders/mail-job";
import { issueBoughtVoucher } from "./orders/voucher-issuing";
import { orderJobKinds } from "./orders/order-jobs";
import { orderMailKinds } from "./orders/order-mail";
import {
  checkAttemptStatus,
  paymentJobKinds,
  refundAttempt,
  type GatewayPaymentDeps,
} from "./payments/gateway-payments";
import type { JobHandlers, PeriodicJob } from "./jobs/worker";

const attemptPayload = z.object({ attemptId: z.uuid() });
const orderPayload = z.object({ orderId: z.uuid() });
const paymentPayload = z.object({ paymentId: z.uuid() });
const contactPayload = z.object({ messageId: z.uuid() });
const mailPayload = z.object({
  kind: z.enum(orderMailKinds),
  orderId: z.uuid(),
  paymentId: z.uuid().optional(),
  voucherId: z.uuid().optional(),
  resentAt: z.iso.datetime().optional(),
});

export interface JobDeps extends GatewayPaymentDeps {
  config: Config;
  provider: HotelProvider;
  mailer: Mailer;
  log: Logger;
}

/**
 * The job kinds the worker runs, by name, each with what it needs from the outside. A payload is read back from
 * JSON, so each handler validates it first. Wired here, beside the entry point that starts the worker, rather than
 * in server/jobs/: the use cases enqueue their jobs through the queue, and the queue knows none of them (decision 042).
 */
export function createJobHandlers(deps: JobDeps): JobHandlers {
  return {
    [paymentJobKinds.status]: async (payload) => checkAttemptStatus(deps, attemptPayload.parse(payload).attemptId),
    [paymentJobKinds.refund]: async (payload) => refundAttempt(deps, attemptPayload.parse(payload).attemptId),
    [orderJobKinds.booking]: async (payload, job) => bookOrder(deps, orderPayload.parse(payload).orderId, job),
    [orderJobKinds.bookingCancel]: async (payload) => cancelBooking(deps, orderPayload.parse(payload).orderId),
    [orderJobKinds.expiry]: async (payload) => expireOrder(deps, orderPayload.parse(payload).orderId),
    [orderJobKinds.gatewayRefund]: async (payload, job) =>
      refundGatewayPayment(deps, paymentPayload.parse(payload).paymentId, job),
    [orderJobKinds.mail]: async (payload) => sendOrderMail(deps, mailPayload.parse(payload)),
    [orderJobKinds.voucherIssue]: async (payload) => issueBoughtVoucher(deps, orderPayload.parse(payload).orderId),
    [contactMailJobKind]: async (payload) => mailContactMessage(deps, contactPayload.parse(payload).messageId),
    [contactAcknowledgementJobKind]: async (payload) =>
      acknowledgeContactMessage(deps, contactPayload.parse(payload).messageId),
    [dataRetentionJob.kind]: async () =>
      deps.log.info({ deleted: await deleteDataKeptLongEnough(deps) }, "data kept long enough deleted"),
    [bankImportJobKind]: async () => {
      await importBankStatements(deps);
    },
  };
}

/**
 * The jobs the workers enqueue themselves, each once per period among them all; each has its handler above. The bank's
 * statements are looked for only where the shop is told where they are.
 */
export function periodicJobs(config: Config): PeriodicJob[] {
  const bankImport = { kind: bankImportJobKind, everyMs: config.bankImport.everyMs };
  return [dataRetentionJob, ...(importsBankStatements(config) ? [bankImport] : [])];
}
