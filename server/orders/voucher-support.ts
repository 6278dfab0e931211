import type { Database } from "../db/database";
import { printedVoucherAddressee } from "../domain/voucher-order";
import { findOrder } from "../stores/orders";
import {
  deactivateVoucher,
  findVoucherByCode,
  recordVoucherEvent,
  voucherEventsOf,
  vouchersOfCustomer,
  type VoucherRow,
} from "../stores/vouchers";
import { enqueueOrderMail } from "./order-jobs";

/**
 * What support does with a customer's vouchers (`npm run ops`): find them by e-mail, send a bought voucher's e-mail
 * again, cancel a voucher. Every such act is kept in the voucher's history.
 */

/** Why support cannot act on a voucher. */
export class VoucherSupportError extends Error {}

/** The value vouchers of the orders made with this e-mail, each with its history. */
export async function customerVouchers(db: Database, email: string) {
  const vouchers = await vouchersOfCustomer(db, email);
  return Promise.all(
    vouchers.map(async (voucher) => ({
      voucher,
      events: await voucherEventsOf(db, voucher.id),
      postTo: await printedCopyAddressee(db, voucher.orderId),
    }))
  );
}

/** Who the printed voucher is posted to, when its order bought the extra service (decision 027). */
async function printedCopyAddressee(db: Database, orderId: string | null) {
  const order = orderId ? await findOrder(db, orderId) : undefined;
  if (order?.kind !== "voucher" || !order.summary.extraService) return undefined;
  const { firstName, lastName, contactAddress } = order.customer;
  return printedVoucherAddressee({ firstName, lastName, address: contactAddress }, order.presentFor);
}

async function voucherByCode(db: Database, code: string): Promise<VoucherRow> {
  const voucher = await findVoucherByCode(db, code);
  if (!voucher || voucher.kind !== "credit") throw new VoucherSupportError(`no value voucher with code ${code}`);
  return voucher;
}

/** Queues the bought voucher's e-mail again, to the buyer, as a new message; the worker sends it. */
export async function resendVoucherMail(db: Database, code: string, now: Date): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const voucher = await voucherByCode(tx, code);
    const order = voucher.orderId ? await findOrder(tx, voucher.orderId) : undefined;
    if (order?.kind !== "voucher")
      throw new VoucherSupportError(`voucher ${code} was not bought: it has no voucher e-mail`);
    await enqueueOrderMail(
      tx,
      {
        kind: "voucher_issued",
        orderId: order.id,
        voucherId: voucher.id,
        resentAt: now.toISOString(),
      },
      now
    );
    await recordVoucherEvent(tx, voucher.id, "mail_resent", "", now);
    return { email: order.email };
  });
}

/** The voucher can pay no more, for the reason given (kept in its history); cancelling is final. */
export async function cancelVoucher(db: Database, code: string, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const voucher = await voucherByCode(tx, code);
    if (!(await deactivateVoucher(tx, voucher.id)))
      throw new VoucherSupportError(`voucher ${code} is cancelled already`);
    await recordVoucherEvent(tx, voucher.id, "cancelled", reason, now);
  });
}
