import { receivingAccount, type Config } from "../config";
import type { BankAccount } from "../domain/bank-account";
import { documentsOf, voucherDocumentsOf, type AnyDocumentKind } from "../domain/order-documents";
import { hotelOrderFacts, orderFacts, type HotelOrderFacts, type PaymentFacts } from "../domain/order-facts";
import { orderCancellationValue } from "../domain/order-lifecycle";
import { gatewayOfMethod, type GatewayType } from "../domain/payment-gateways";
import { paymentMethodById, type PaymentMethodInfo } from "../domain/payment-methods";
import { orderTransfer } from "../domain/transfer-payment";
import { transferQr } from "../payments/transfer-qr";
import type { AnyStoredOrder, StoredOrder, StoredPayment, StoredVoucherOrder } from "../stores/orders";
import type { VoucherRow } from "../stores/vouchers";
import { orderDocumentUrl } from "./shop-links";

/**
 * An order as its reader sees it: the stored order with its facts (domain/order-facts.ts), each payment with its
 * method, its gateway and what paying it by transfer needs, and each document with where it is downloaded. Plain
 * values, for the contract to say in its words.
 */

/**
 * Who reads an answer about an order: its customer, who proved it with the order's owner key, or anyone who has the
 * order's id (decision 041). A refund voucher's code is money, so only the customer reads it.
 */
export type OrderReader = "customer" | "anyone";

/**
 * Whether an answer shows its transfers' QR codes. An order's creation does not: its status page, which the customer
 * sees next, shows them, and a code is rendered only where it is shown (decision 062).
 */
export type QrCodes = "shown" | "left out";

/** What a transfer payment needs to be paid: the shop's account, the order number as variable symbol, and its QR. */
export interface TransferDetails {
  readonly account: BankAccount;
  readonly variableSymbol: string;
  /** The QR code's image, for a transfer still to be paid (only that needs scanning), where the answer shows it. */
  readonly qrImage: string | undefined;
}

export interface ReadablePayment extends PaymentFacts<StoredPayment> {
  /** Undefined for a method the product no longer offers. */
  readonly method: PaymentMethodInfo | undefined;
  readonly gateway: GatewayType | undefined;
  readonly transfer: TransferDetails | undefined;
  /** The code of the voucher this payment went back as, for the customer only. */
  readonly refundVoucherCode: string | undefined;
}

export interface ReadableDocument {
  readonly kind: AnyDocumentKind;
  readonly url: string;
}

export interface ReadableHotelOrder extends Omit<HotelOrderFacts<StoredPayment>, "payments"> {
  readonly order: StoredOrder;
  readonly payments: readonly ReadablePayment[];
  readonly documents: readonly ReadableDocument[];
  /** The refund voucher's code as the reader may see it: empty for anyone but the customer. */
  readonly refundVoucherCode: string;
  /** While the order may be cancelled: what the voucher a cancellation now would give is worth. */
  readonly cancellationVoucherValue: number | undefined;
}

export interface ReadableVoucherOrder {
  readonly order: StoredVoucherOrder;
  readonly payBy: Date | undefined;
  readonly payments: readonly ReadablePayment[];
  readonly documents: readonly ReadableDocument[];
}

/** A hotel order as `reader` sees it at `now`. */
export function readableHotelOrder(
  order: StoredOrder,
  config: Config,
  now: Date,
  reader: OrderReader,
  qrCodes: QrCodes = "shown"
): ReadableHotelOrder {
  const facts = hotelOrderFacts(order, now);
  return {
    ...facts,
    order,
    payments: readablePayments(order, facts.payments, config, reader, qrCodes),
    documents: documentsOf(order).map((kind) => ({ kind, url: orderDocumentUrl(config, order, kind) })),
    refundVoucherCode: reader === "customer" ? order.refundVoucher?.code ?? "" : "",
    cancellationVoucherValue: facts.cancellableUntil ? orderCancellationValue(order) : undefined,
  };
}

/** A voucher order, with its receipt once paid and the documents of its voucher once issued (`voucher`). */
export function readableVoucherOrder(
  order: StoredVoucherOrder,
  voucher: Pick<VoucherRow, "active"> | undefined,
  config: Config
): ReadableVoucherOrder {
  const facts = orderFacts(order);
  return {
    order,
    payBy: facts.payBy,
    // A voucher order's id opens the voucher it bought: whoever reads the order reads it as its customer.
    payments: readablePayments(order, facts.payments, config, "customer", "shown"),
    documents: voucherDocumentsOf(order, voucher).map((kind) => ({ kind, url: orderDocumentUrl(config, order, kind) })),
  };
}

function readablePayments(
  order: AnyStoredOrder,
  facts: readonly PaymentFacts<StoredPayment>[],
  config: Config,
  reader: OrderReader,
  qrCodes: QrCodes
): ReadablePayment[] {
  return facts.map((paymentFacts) => {
    const { payment } = paymentFacts;
    const method = paymentMethodById(order.product, payment.methodId);
    const refund = order.refundVoucher;
    return {
      ...paymentFacts,
      method,
      gateway: gatewayOfMethod(payment.methodId),
      transfer: method?.kind === "bank_transfer" ? transferDetails(order, payment, config, qrCodes) : undefined,
      refundVoucherCode:
        reader === "customer" && payment.refundVoucherId && payment.refundVoucherId === refund?.id
          ? refund.code
          : undefined,
    };
  });
}

/**
 * How to pay a transfer payment, as the status page and the payment request show it. Its QR code is rendered where it
 * is first shown, then used again (payments/transfer-qr.ts).
 */
export function transferDetails(
  order: AnyStoredOrder,
  payment: StoredPayment,
  config: Config,
  qrCodes: QrCodes = "shown"
): TransferDetails {
  const account = receivingAccount(config, order.currency);
  const transfer = orderTransfer(order, payment.value, account);
  const shown = qrCodes === "shown" && payment.status === "waiting";
  return {
    account,
    variableSymbol: transfer.variableSymbol,
    qrImage: shown ? transferQr(transfer, payment.transferQr).image : undefined,
  };
}
