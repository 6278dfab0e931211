import type { Database } from "../db/database";
import type { BankAccount } from "../domain/bank-account";
import { paymentMethodById } from "../domain/payment-methods";
import type { CurrencyCode, ProductKey } from "../domain/products";
import { orderTransfer } from "../domain/transfer-payment";
import type { PaymentStatus } from "../domain/order-status";
import { transferQr } from "../payments/transfer-qr";
import { saveTransferQr, type AnyStoredOrder, type NewPayment } from "../stores/orders";

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

/** A new order's payments, each transfer still to be paid with its QR code: they are saved with it. */
export function withTransferQrCodes(
  order: TransferringOrder,
  payments: readonly NewPayment[],
  account: BankAccount
): NewPayment[] {
  return payments.map((payment) =>
    isTransferToPay(order.product, payment)
      ? { ...payment, transferQr: transferQr(orderTransfer(order, payment.value, account)) }
      : payment
  );
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
