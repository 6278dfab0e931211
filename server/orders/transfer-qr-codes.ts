import type { Database } from "../db/database";
import type { BankAccount } from "../domain/bank-account";
import { paymentMethodById } from "../domain/payment-methods";
import type { CurrencyCode, ProductKey } from "../domain/products";
import { orderTransfer } from "../domain/transfer-payment";
import type { PaymentStatus } from "../domain/order-status";
import { transferQr } from "../payments/transfer-qr";
import {
  insertPayments,
  saveTransferQr,
  type AnyStoredOrder,
  type NewPayment,
  type StoredPayment,
} from "../stores/orders";

/**
 * A transfer's QR code is rendered once, where a payment becomes a transfer to be paid, and kept with the payment,
 * so that the order's answers read it instead of rendering it again (decision 022).
 */

interface TransferringOrder {
  readonly product: ProductKey;
  readonly orderNumber: string;
  readonly currency: CurrencyCode;
}

function isTransferToPay(product: ProductKey, payment: { methodId: string; status: PaymentStatus }): boolean {
  return payment.status === "waiting" && paymentMethodById(product, payment.methodId)?.kind === "bank_transfer";
}

/** The payments of an order just inserted, each transfer still to be paid saved with its QR code, as saved. */
export async function insertNewPayments(
  db: Database,
  order: TransferringOrder & { readonly id: string },
  payments: readonly NewPayment[],
  account: BankAccount,
  now: Date
): Promise<StoredPayment[]> {
  const withCodes = payments.map((payment) =>
    isTransferToPay(order.product, payment)
      ? { ...payment, transferQr: transferQr(orderTransfer(order, payment.value, account)) }
      : payment
  );
  return insertPayments(db, order.id, withCodes, now);
}

/** What the methods of a priced order are to pay, each waiting for its money. */
export function paymentsDue(outputs: readonly { methodId: string; value: number }[]): NewPayment[] {
  return outputs.map(({ methodId, value }) => ({ methodId, value, status: "waiting" }));
}

/**
 * Renders and keeps the QR code of each of an order's transfers still to be paid whose code is missing or encodes
 * another transfer (a payment moved to the transfer). Answers the order with the codes.
 */
export async function keepTransferQrCodes<Order extends AnyStoredOrder>(
  db: Database,
  order: Order,
  account: BankAccount,
  now: Date
): Promise<Order> {
  const payments = await Promise.all(
    order.payments.map(async (payment) => {
      if (!isTransferToPay(order.product, payment)) return payment;
      const qr = transferQr(orderTransfer(order, payment.value, account), payment.transferQr);
      if (qr === payment.transferQr) return payment;
      await saveTransferQr(db, payment.id, qr, now);
      return { ...payment, transferQr: qr };
    })
  );
  return { ...order, payments };
}
