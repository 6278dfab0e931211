import type { Mailer } from "../adapters/mailer/mailer";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { documentsOf } from "../domain/order-documents";
import { isFinalOrderStatus } from "../domain/order-status";
import { findOrder } from "../stores/orders";
import { findVoucher } from "../stores/vouchers";
import type { OrderMailPayload } from "./order-jobs";
import { orderMail } from "./order-mail";
import { refundVoucherPdf } from "./order-documents";
import { stayCalendarFile } from "./stay-calendar";

export interface MailJobDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  now: Clock;
}

/**
 * Sends one e-mail of the outbox, written from the order as it is when the job runs. The message id is stable, so a
 * job run twice (a worker that crashed after sending) gives the same message, which the file mailer writes once and a
 * mail client shows once. A confirmation is not sent for an order already cancelled: the shop cancelled it at once
 * (its rooms were gone) or the customer did, and that mail says so.
 */
export async function sendOrderMail(deps: MailJobDeps, mail: OrderMailPayload): Promise<void> {
  const order = await findOrder(deps.db, mail.orderId);
  if (!order) return;
  if (mail.kind === "order_confirmation" && isFinalOrderStatus(order.status)) return;
  const voucher = mail.voucherId ? await findVoucher(deps.db, mail.voucherId) : undefined;
  const message = orderMail(mail.kind, order, deps.config, {
    paymentId: mail.paymentId,
    voucher: voucher && {
      code: voucher.code,
      value: voucher.value,
      validFrom: voucher.validFrom,
      validTo: voucher.validTo,
    },
    ...(mail.resentAt ? { resentAt: mail.resentAt } : {}),
  });
  // The voucher a cancellation gave back comes to print as well, as a bought voucher is printed.
  if (mail.kind === "cancelled_with_voucher" && voucher) {
    const pdf = await refundVoucherPdf(order, voucher, deps.config);
    message.attachments = [{ filename: pdf.fileName, contentType: "application/pdf", content: pdf.content }];
  }
  // The booked stay comes as its calendar file, the one the status page offers, while the hotel holds the room (the
  // mail links to it then too: mailOrderOf).
  if (mail.kind === "booking_confirmed" && order.kind === "hotel" && documentsOf(order).includes("stay-calendar")) {
    const { fileName, contentType, content } = stayCalendarFile(order, deps.config, deps.now());
    message.attachments = [{ filename: fileName, contentType, content }];
  }
  await deps.mailer.send(message);
}
