import type { Database } from "../db/database";
import type { BankAccount } from "../domain/bank-account";
import { paymentMethodById } from "../domain/payment-methods";
import { orderTransfer } from "../domain/transfer-payment";
import { transferQr } from "../payments/transfer-qr";
import { saveTransferQr, type AnyStoredOrder } from "../stores/orders";

/**
 * Renders the QR code of each of the order's transfers still to be paid and keeps it with the payment, so that the
 * order's answers read it instead of rendering it again (decision 022). Called where a payment becomes a transfer to
 * be paid: an order's creation and a payment moved to the transfer. Answers the order with the codes.
 */
export async function keepTransferQrCodes<Order extends AnyStoredOrder>(
  db: Database,
  order: Order,
  account: BankAccount,
  now: Date
): Promise<Order> {
  const payments = await Promise.all(
    order.payments.map(async (payment) => {
      const isTransferToPay =
        payment.status === "waiting" && paymentMethodById(order.product, payment.methodId)?.kind === "bank_transfer";
      if (!isTransferToPay) return payment;
      const qr = transferQr(orderTransfer(order, payment.value, account), payment.transferQr);
      if (qr === payment.transferQr) return payment;
      await saveTransferQr(db, payment.id, qr, now);
      return { ...payment, transferQr: qr };
    })
  );
  return { ...order, payments };
}
