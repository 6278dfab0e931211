import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/database";
import { preparedPerDatabase, preparedPerShape } from "../db/prepared";
import { orders, payments, vouchers } from "../db/schema";
import type { HotelPriceBreakdown } from "../domain/hotel-price";
import type { PricedHotelOrder } from "../domain/hotel-order";
import { payByDeadline, payByDeadlineWithoutStay } from "../domain/order-lifecycle";
import type { VoucherFeeMode, VoucherPriceBreakdown } from "../domain/voucher-order";
import type { VoucherDesign } from "../../shared/voucher-designs";
import { orderNumber } from "../domain/order-number";
import {
  orderStatusAfterPayments,
  type BookingStatus,
  type OrderStatus,
  type PaymentStatus,
} from "../domain/order-status";
import type { Language } from "../../shared/route-table";
import type { ProductPrice } from "../domain/pricing";
import type { CurrencyCode, ProductKey } from "../domain/products";
import { marketTimeZones } from "../../shared/market-time-zones";
import type { Stay } from "../domain/stay";
import type { PaymentTiming, ProviderHotel, ProviderProduct } from "../domain/hotel-offer";
import { methodIds } from "../domain/payment-methods";
import { releaseVoucherSpendings } from "./vouchers";

/** One ordered room, priced as it was ordered. */
export interface OrderedRoom {
  readonly roomId: string;
  readonly productId: string;
  readonly name: string;
  readonly mealPlan: ProviderProduct["mealPlan"];
  readonly price: ProductPrice;
  /** ISO instant; absent when the room cannot be cancelled free of charge. */
  readonly freeCancellationUntil?: string;
  readonly paymentTimings: ProviderProduct["paymentTimings"];
}

/** What was ordered and at which price; written once, when the order is created. */
export interface HotelOrderSummary {
  readonly availabilityId: string;
  /** The provider's answer the order was priced from: its id and when it was given (ISO instant). */
  readonly requestId: string;
  readonly answeredAt: string;
  readonly hotel: ProviderHotel;
  readonly stay: Stay;
  readonly rooms: readonly OrderedRoom[];
  readonly price: HotelPriceBreakdown;
  readonly bookOnlyAfterPayment: boolean;
  readonly timing: PaymentTiming;
}

/** The customer part of the order form, as the api received it. */
export interface CustomerDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly contactAddress: Address;
  readonly billing?: {
    readonly address: Address;
    readonly companyName: string;
    readonly companyId: string;
    readonly taxId: string;
  };
  readonly noteForHotel: string;
  readonly agreeCp: boolean;
  readonly agreeTac: boolean;
  readonly agreeMp: boolean;
  readonly bookingForSomeoneElse: boolean;
  readonly isMainGuest: boolean;
  /** The guest the hotel expects when the customer books for someone else; "" otherwise. */
  readonly guestName?: string;
  readonly carRentalInterest: boolean;
  readonly cancellationInsurance: boolean;
}

export interface Address {
  readonly streetAddress: string;
  readonly city: string;
  readonly country: string;
  readonly postalCode: string;
}

export interface StoredPayment {
  readonly id: string;
  readonly position: number;
  readonly methodId: string;
  readonly value: number;
  readonly status: PaymentStatus;
  readonly voucherId: string | null;
  /** The voucher what this payment paid became, when it became one (a cancellation) rather than going back. */
  readonly refundVoucherId: string | null;
  /**
   * A transfer's QR code with the text it encodes, as the shop kept it when the payment became a transfer to be paid
   * (decision 022) until codes were rendered only when shown (decision 062); null for a payment since.
   */
  readonly transferQr: { readonly text: string; readonly image: string } | null;
  readonly paidAt: Date | null;
}

/** What was bought with a voucher order and at which price; written once, when the order is created. */
export interface VoucherOrderSummary {
  readonly feeMode: VoucherFeeMode;
  /** Minor units as the visitor entered them: the value, or with the fees included the total. */
  readonly amount: number;
  readonly extraService: boolean;
  readonly design: VoucherDesign;
  /** The value bought, without the promotion's bonus. */
  readonly voucherValue: number;
  readonly price: VoucherPriceBreakdown;
}

/** Who a gift voucher is for; kept for support communication only. */
export interface PresentFor {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly address?: Address;
}

/** What every order has, whatever it bought. */
interface StoredOrderBase {
  readonly id: string;
  readonly orderNumber: string;
  readonly product: ProductKey;
  readonly status: OrderStatus;
  readonly cancelReason: string | null;
  readonly email: string;
  readonly currency: CurrencyCode;
  readonly total: number;
  readonly customer: CustomerDetails;
  readonly bookingStatus: BookingStatus;
  readonly bookingRef: string | null;
  readonly language: Language;
  /** What is still owed online must be paid by then (payByDeadline). */
  readonly payBy: Date;
  /** The voucher a cancellation gave back. */
  readonly refundVoucher: RefundVoucher | null;
  /** The later order of the same stay that replaced this one, at the customer's choice. */
  readonly replacedBy: OrderReference | null;
  readonly createdAt: Date;
  readonly payments: readonly StoredPayment[];
}

/** A hotel order: rooms of a stay. */
export interface StoredOrder extends StoredOrderBase {
  readonly kind: "hotel";
  readonly previewId: string | null;
  readonly summary: HotelOrderSummary;
}

/** A voucher order: a value voucher, issued once the order is paid in full. */
export interface StoredVoucherOrder extends StoredOrderBase {
  readonly kind: "voucher";
  readonly voucherPreviewId: string;
  readonly summary: VoucherOrderSummary;
  readonly presentFor: PresentFor | null;
}

export type AnyStoredOrder = StoredOrder | StoredVoucherOrder;

/** The hotel order a hotel-only path was given; a voucher order there is a bug of the caller. */
export function asHotelOrder(order: AnyStoredOrder): StoredOrder {
  if (order.kind !== "hotel") throw new Error(`order ${order.orderNumber} is not a hotel order`);
  return order;
}

export function asVoucherOrder(order: AnyStoredOrder): StoredVoucherOrder {
  if (order.kind !== "voucher") throw new Error(`order ${order.orderNumber} is not a voucher order`);
  return order;
}

/** An order as its customer knows it: its number (and its id, for its status page). */
export interface OrderReference {
  readonly id: string;
  readonly orderNumber: string;
}

export interface RefundVoucher {
  readonly id: string;
  readonly code: string;
  /** Minor units. */
  readonly value: number;
  /** YYYY-MM-DD, the day it was given (the cancellation's day in the market), the first valid day. */
  readonly validFrom: string;
  /** YYYY-MM-DD, the last valid day. */
  readonly validTo: string;
}

export interface NewHotelOrder {
  readonly product: ProductKey;
  readonly previewId: string;
  /** As the payments it is created with leave it (orderStatusAfterPayments): a voucher's credit is paid at once. */
  readonly status: OrderStatus;
  readonly email: string;
  readonly currency: CurrencyCode;
  readonly total: number;
  readonly customer: CustomerDetails;
  readonly summary: HotelOrderSummary;
  readonly duplicateKey: string;
  readonly language: Language;
  readonly payBy: Date;
  readonly now: Date;
}

export interface NewPayment {
  readonly methodId: string;
  readonly value: number;
  readonly status: PaymentStatus;
  readonly voucherId?: string;
}

/** What the methods of a priced order are to pay, each waiting for its money. */
export function paymentsDue(outputs: readonly { methodId: string; value: number }[]): NewPayment[] {
  return outputs.map(({ methodId, value }) => ({ methodId, value, status: "waiting" }));
}

/** The next order number of the year `now` is in, from the one sequence hotel and voucher orders share. */
async function nextOrderNumber(db: Database, now: Date): Promise<string> {
  const [next] = (await db.execute(sql`select nextval('order_number_seq') as value`)).rows;
  return orderNumber(now.getUTCFullYear(), Number(next?.value));
}

/** An order's row as the insert left it, with the id and number it was given; its payments are inserted after it. */
export type InsertedOrder = typeof orders.$inferSelect;

/**
 * Inserts the order unless its preview already has one; then answers undefined. Two creates of one preview wait for
 * each other on the unique preview id, so only one of them ever inserts.
 */
export async function insertHotelOrder(db: Database, order: NewHotelOrder): Promise<InsertedOrder | undefined> {
  const number = await nextOrderNumber(db, order.now);
  const [row] = await hotelOrderInsert(db).execute({
    orderNumber: number,
    product: order.product,
    previewId: order.previewId,
    status: order.status,
    email: order.email,
    currency: order.currency,
    total: order.total,
    customer: order.customer,
    summary: order.summary,
    duplicateKey: order.duplicateKey,
    language: order.language,
    payBy: order.payBy,
    now: order.now,
  });
  return row;
}

const hotelOrderInsert = preparedPerDatabase((db) =>
  db
    .insert(orders)
    .values({
      orderNumber: sql.placeholder("orderNumber"),
      product: sql.placeholder("product"),
      kind: "hotel",
      previewId: sql.placeholder("previewId"),
      status: sql.placeholder("status"),
      email: sql.placeholder("email"),
      currency: sql.placeholder("currency"),
      total: sql.placeholder("total"),
      customer: sql.placeholder("customer"),
      summary: sql.placeholder("summary"),
      bookingStatus: "not_ordered",
      duplicateKey: sql.placeholder("duplicateKey"),
      language: sql.placeholder("language"),
      payBy: sql.placeholder("payBy"),
      createdAt: sql.placeholder("now"),
      updatedAt: sql.placeholder("now"),
    })
    .onConflictDoNothing({ target: orders.previewId })
    .returning()
    .prepare("insert_hotel_order")
);

export interface NewVoucherOrder {
  readonly product: ProductKey;
  readonly voucherPreviewId: string;
  readonly status: OrderStatus;
  readonly email: string;
  readonly currency: CurrencyCode;
  readonly total: number;
  readonly customer: CustomerDetails;
  readonly summary: VoucherOrderSummary;
  readonly presentFor: PresentFor | null;
  readonly language: Language;
  readonly payBy: Date;
  readonly now: Date;
}

/** Inserts the voucher order unless its preview already has one; then answers undefined (as insertHotelOrder). */
export async function insertVoucherOrder(db: Database, order: NewVoucherOrder): Promise<InsertedOrder | undefined> {
  const number = await nextOrderNumber(db, order.now);
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: number,
      product: order.product,
      kind: "voucher",
      voucherPreviewId: order.voucherPreviewId,
      status: order.status,
      email: order.email,
      currency: order.currency,
      total: order.total,
      customer: order.customer,
      presentFor: order.presentFor,
      summary: order.summary,
      // A voucher order books nothing; its key is its own, so it is never anyone's duplicate.
      bookingStatus: "not_ordered",
      duplicateKey: `voucher:${order.voucherPreviewId}`,
      language: order.language,
      payBy: order.payBy,
      createdAt: order.now,
      updatedAt: order.now,
    })
    .onConflictDoNothing({ target: orders.voucherPreviewId })
    .returning();
  return row;
}

/** The payments of a new order, made at `now` (when those already paid were paid). */
export async function insertPayments(
  db: Database,
  orderId: string,
  list: readonly NewPayment[],
  now: Date
): Promise<StoredPayment[]> {
  if (list.length === 0) return [];
  const values: Record<string, unknown> = { orderId, now };
  list.forEach((payment, position) => {
    values[`methodId${position}`] = payment.methodId;
    values[`value${position}`] = payment.value;
    values[`status${position}`] = payment.status;
    values[`voucherId${position}`] = payment.voucherId ?? null;
    values[`paidAt${position}`] = payment.status === "paid" ? now.toISOString() : null;
  });
  const rows = await paymentsInsert(list.length)(db).execute(values);
  return rows.map(storedPayment);
}

/** An order has a payment or a few: one statement for each number of them, prepared once (decision 062). */
const paymentsInsert = preparedPerShape((count: number) =>
  preparedPerDatabase((db) =>
    db
      .insert(payments)
      .values(
        Array.from({ length: count }, (_, position) => ({
          orderId: sql.placeholder("orderId"),
          position,
          methodId: sql.placeholder(`methodId${position}`),
          value: sql.placeholder(`value${position}`),
          status: sql.placeholder(`status${position}`),
          voucherId: sql.placeholder(`voucherId${position}`),
          // Null for a payment still to be paid: drizzle's encoder of a timestamp takes no null, so none is used.
          paidAt: sql`${sql.placeholder(`paidAt${position}`)}`,
          createdAt: sql.placeholder("now"),
          updatedAt: sql.placeholder("now"),
        }))
      )
      .returning(paymentFields)
      .prepare(`insert_payments_${count}`)
  )
);

const orderById = preparedPerDatabase((db) =>
  selectOrders(db).where(eq(orders.id, sql.placeholder("id"))).limit(1).prepare("order_by_id")
);

export async function findOrder(db: Database, id: string): Promise<AnyStoredOrder | undefined> {
  const [row] = await orderById(db).execute({ id });
  return row && storedOrder(row);
}

/** The hotel order with this id; undefined for no order, or a voucher order. */
export async function findHotelOrder(db: Database, id: string): Promise<StoredOrder | undefined> {
  const order = await findOrder(db, id);
  return order?.kind === "hotel" ? order : undefined;
}

/**
 * The order under its row lock, the lock every change to an order and its payments takes first; inside a
 * transaction, until it ends. The order is read after the lock is held, by a statement of its own: one statement
 * both locking and reading would see the payments as they were before it waited for the lock.
 */
export async function lockedOrder(db: Database, id: string): Promise<AnyStoredOrder | undefined> {
  const [locked] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for("update");
  return locked && findOrder(db, locked.id);
}

/** The hotel order under its row lock (lockedOrder); undefined for no order, or a voucher order. */
export async function lockedHotelOrder(db: Database, id: string): Promise<StoredOrder | undefined> {
  const order = await lockedOrder(db, id);
  return order?.kind === "hotel" ? order : undefined;
}

const orderByPreview = preparedPerDatabase((db) =>
  selectOrders(db).where(eq(orders.previewId, sql.placeholder("previewId"))).limit(1).prepare("order_by_preview")
);

export async function findOrderByPreview(db: Database, previewId: string): Promise<StoredOrder | undefined> {
  const [row] = await orderByPreview(db).execute({ previewId });
  return row && asHotelOrder(storedOrder(row));
}

export async function findOrderByVoucherPreview(
  db: Database,
  voucherPreviewId: string
): Promise<StoredVoucherOrder | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.voucherPreviewId, voucherPreviewId)).limit(1);
  const order = row && storedOrder(row);
  return order?.kind === "voucher" ? order : undefined;
}

/** A payment as `paymentsOfOrder` reads it: JSON, so an instant is an ISO string. */
interface PaymentJson extends Omit<StoredPayment, "paidAt" | "transferQr"> {
  readonly paidAt: string | null;
  readonly transferQrText: string | null;
  readonly transferQrImage: string | null;
}

/** The order's payments in their order, as JSON within the order's row. */
const paymentsOfOrder = sql<PaymentJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${payments.id}, 'position', ${payments.position}, 'methodId', ${payments.methodId},
    'value', ${payments.value}, 'status', ${payments.status}, 'voucherId', ${payments.voucherId},
    'refundVoucherId', ${payments.refundVoucherId}, 'transferQrText', ${payments.transferQrText},
    'transferQrImage', ${payments.transferQrImage}, 'paidAt', ${payments.paidAt}
  ) order by ${payments.position})
  from ${payments} where ${payments.orderId} = ${orders.id}
), '[]'::json)`;

/** A payment's columns as StoredPayment holds them, read as columns (an insert's answer). */
const paymentFields = {
  id: payments.id,
  position: payments.position,
  methodId: payments.methodId,
  value: payments.value,
  status: payments.status,
  voucherId: payments.voucherId,
  refundVoucherId: payments.refundVoucherId,
  transferQrText: payments.transferQrText,
  transferQrImage: payments.transferQrImage,
  paidAt: payments.paidAt,
};

/** A payment read as columns or as JSON (where an instant is an ISO string). */
function storedPayment({
  paidAt,
  transferQrText,
  transferQrImage,
  status,
  ...payment
}: Omit<PaymentJson, "paidAt" | "status"> & { status: string; paidAt: Date | string | null }): StoredPayment {
  return {
    ...payment,
    status: status as PaymentStatus,
    transferQr:
      transferQrText !== null && transferQrImage !== null ? { text: transferQrText, image: transferQrImage } : null,
    paidAt: paidAt === null ? null : new Date(paidAt),
  };
}

const replacing = alias(orders, "replacing");

/**
 * Orders with all a StoredOrder holds, in one statement (decision 022): the payments, the refund voucher and the
 * order that replaced it.
 */
function selectOrders(db: Database) {
  return db
    .select({
      order: orders,
      payments: paymentsOfOrder,
      refundVoucher: {
        id: vouchers.id,
        code: vouchers.code,
        value: vouchers.value,
        validFrom: vouchers.validFrom,
        validTo: vouchers.validTo,
      },
      replacedBy: { id: replacing.id, orderNumber: replacing.orderNumber },
    })
    .from(orders)
    .leftJoin(vouchers, eq(vouchers.id, orders.refundVoucherId))
    .leftJoin(replacing, eq(replacing.id, orders.replacedByOrderId));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>["execute"]>>[number];

function storedOrder({ order: row, payments: list, refundVoucher, replacedBy }: OrderRow): AnyStoredOrder {
  return orderOf(row, list.map(storedPayment), refundVoucher ?? null, replacedBy ?? null);
}

/**
 * A new order as its creation's inserts left it, without reading it again: it has no refund voucher and no order
 * replacing it yet.
 */
export function newOrder(row: InsertedOrder, payments: readonly StoredPayment[]): AnyStoredOrder {
  return orderOf(row, payments, null, null);
}

function orderOf(
  row: InsertedOrder,
  payments: readonly StoredPayment[],
  refundVoucher: RefundVoucher | null,
  replacedBy: OrderReference | null
): AnyStoredOrder {
  const currency = row.currency as CurrencyCode;
  const base = {
    id: row.id,
    orderNumber: row.orderNumber,
    product: row.product as ProductKey,
    status: row.status as OrderStatus,
    cancelReason: row.cancelReason,
    email: row.email,
    currency,
    total: row.total,
    customer: row.customer as CustomerDetails,
    bookingStatus: row.bookingStatus as BookingStatus,
    bookingRef: row.bookingRef,
    language: row.language as Language,
    refundVoucher,
    replacedBy,
    createdAt: row.createdAt,
    payments,
  };
  if (row.kind === "voucher") {
    return {
      ...base,
      kind: "voucher",
      voucherPreviewId: row.voucherPreviewId!,
      summary: row.summary as VoucherOrderSummary,
      presentFor: (row.presentFor as PresentFor | null) ?? null,
      payBy: row.payBy ?? payByDeadlineWithoutStay(row.createdAt, marketTimeZones[currency]),
    };
  }
  const summary = row.summary as HotelOrderSummary;
  return {
    ...base,
    kind: "hotel",
    previewId: row.previewId,
    summary,
    // Orders made before the deadline was stored get the rule's own.
    payBy:
      row.payBy ??
      payByDeadline(
        row.createdAt,
        summary.stay.checkIn,
        summary.rooms.map((r) => r.freeCancellationUntil),
        marketTimeZones[currency]
      ),
  };
}

/** A priced room as an order keeps it: instants as ISO strings, so it reads back from JSON as it was written. */
export function orderedRoom({ chosen: { room, product }, price }: PricedHotelOrder["products"][number]): OrderedRoom {
  return {
    roomId: room.roomId,
    productId: product.productId,
    name: room.name,
    mealPlan: product.mealPlan,
    price,
    paymentTimings: product.paymentTimings,
    ...(product.freeCancellationUntil ? { freeCancellationUntil: product.freeCancellationUntil.toISOString() } : {}),
  };
}

/**
 * The customer cancelled the order: what was paid went into a voucher (the credit taken from vouchers too), so a paid
 * payment is refunded, and nothing else is owed any more.
 */
export async function saveCancelledByCustomer(db: Database, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: "cancelled_by_user", updatedAt: now })
    .where(eq(orders.id, orderId));
  await db
    .update(payments)
    .set({
      status: sql`case when ${payments.status} = 'paid' then 'refunded' else 'cancelled' end`,
      updatedAt: now,
    })
    .where(and(eq(payments.orderId, orderId), ne(payments.status, "refunded")));
}

/** The voucher an order's money went back as, noted on the order and on the payments it is made of. */
export async function saveRefundVoucher(
  db: Database,
  orderId: string,
  paymentIds: readonly string[],
  voucherId: string,
  now: Date
): Promise<void> {
  await db
    .update(orders)
    .set({ refundVoucherId: voucherId, updatedAt: now })
    .where(eq(orders.id, orderId));
  if (paymentIds.length > 0) {
    await db
      .update(payments)
      .set({ refundVoucherId: voucherId, updatedAt: now })
      .where(inArray(payments.id, [...paymentIds]));
  }
}

/**
 * Sets the status that the order's payments now call for (a final, cancelled status stays), under the order's row
 * lock; answers the order as it now stands.
 */
export async function settleOrderStatus(db: Database, orderId: string, now: Date): Promise<AnyStoredOrder> {
  const order = await lockedOrder(db, orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  const status = orderStatusAfterPayments(order.status, order.payments);
  if (status === order.status) return order;
  await db
    .update(orders)
    .set({ status, updatedAt: now })
    .where(eq(orders.id, orderId));
  return { ...order, status };
}

/**
 * The id of the order with this number, under its row lock (the lock every change to an order and its payments takes
 * first); inside a transaction, until it ends.
 */
export async function lockedOrderIdByNumber(db: Database, number: string): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number)).for("update");
  return row?.id;
}

/** The order's transfer payments still waiting are paid at `now`; answers how many there were. */
export async function saveWaitingTransfersPaid(db: Database, orderId: string, now: Date): Promise<number> {
  const paid = await db
    .update(payments)
    .set({ status: "paid", paidAt: now, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.methodId, methodIds.transfer), eq(payments.status, "waiting")))
    .returning({ id: payments.id });
  return paid.length;
}

/** The orders with these numbers: the orders a bank movement names (domain/transfer-matching.ts). */
export async function ordersByNumbers(
  db: Database,
  numbers: readonly string[]
): Promise<{ id: string; orderNumber: string; currency: string }[]> {
  if (numbers.length === 0) return [];
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, currency: orders.currency })
    .from(orders)
    .where(inArray(orders.orderNumber, [...numbers]));
}

/** These payments of the order, still waiting, are paid at `now`. */
export async function savePaymentsPaid(
  db: Database,
  orderId: string,
  paymentIds: readonly string[],
  now: Date
): Promise<void> {
  if (paymentIds.length === 0) return;
  await db
    .update(payments)
    .set({ status: "paid", paidAt: now, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), inArray(payments.id, [...paymentIds]), eq(payments.status, "waiting")));
}

/**
 * A waiting payment received `received` of its value at `now`: it becomes a payment of that much, paid, and the
 * rest a new payment of the same method, waiting, last in the order's split. The order's payments still add up to
 * what it costs, and the rest is shown, asked for and paid as any payment due.
 */
export async function savePaymentPartlyPaid(
  db: Database,
  orderId: string,
  part: { paymentId: string; received: number; rest: number },
  now: Date
): Promise<void> {
  const [paid] = await db
    .update(payments)
    .set({ value: part.received, status: "paid", paidAt: now, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.id, part.paymentId), eq(payments.status, "waiting")))
    .returning({ methodId: payments.methodId });
  if (!paid) throw new Error(`payment ${part.paymentId} of order ${orderId} is not waiting`);
  const [{ last }] = (await db
    .select({ last: sql<number>`max(${payments.position})` })
    .from(payments)
    .where(eq(payments.orderId, orderId))) as [{ last: number }];
  await db.insert(payments).values({
    orderId,
    position: Number(last) + 1,
    methodId: paid.methodId,
    value: part.rest,
    status: "waiting",
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A paid payment's money went back (into a voucher, or through its gateway); a payment no longer paid when this runs
 * (another path refunded it first) stays as it is.
 */
export async function savePaidPaymentRefunded(db: Database, paymentId: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: "refunded", updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "paid")));
}

/** A payment moved to another method: the method, the value charged with it and the status it starts in. */
export async function savePaymentMethod(
  db: Database,
  paymentId: string,
  payment: { methodId: string; value: number; status: PaymentStatus },
  now: Date
): Promise<void> {
  await db
    .update(payments)
    .set({ ...payment, updatedAt: now })
    .where(eq(payments.id, paymentId));
}

/** The order's price changed (a payment moved to another method): its total and the summary that breaks it down. */
export async function saveOrderPrice(
  db: Database,
  orderId: string,
  total: number,
  summary: HotelOrderSummary,
  now: Date
): Promise<void> {
  await db
    .update(orders)
    .set({ total, summary, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * The order's status and its booking's, under the order's row lock (the lock every change to an order takes first);
 * inside a transaction, until it ends.
 */
export async function lockedBookingStatus(
  db: Database,
  orderId: string
): Promise<{ status: OrderStatus; bookingStatus: BookingStatus } | undefined> {
  const [row] = await db
    .select({ status: orders.status, bookingStatus: orders.bookingStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return row && { status: row.status as OrderStatus, bookingStatus: row.bookingStatus as BookingStatus };
}

/** The booking's status, and the provider's reference once it has booked. */
export async function saveBookingStatus(
  db: Database,
  orderId: string,
  bookingStatus: BookingStatus,
  now: Date,
  extra: { bookingRef?: string } = {}
): Promise<void> {
  await db
    .update(orders)
    .set({ bookingStatus, ...extra, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * Cancels an order the shop will not carry out: its waiting payments are cancelled and the credit it took from
 * vouchers goes back to them. `reason` is set only for an order cancelled as it was made (a duplicate, rooms gone).
 */
export async function cancelOrder(
  db: Database,
  orderId: string,
  status: Extract<OrderStatus, "cancelled_duplicate" | "cancelled_automatically" | "refunded_automatically">,
  reason: string | null,
  now: Date
): Promise<void> {
  await db
    .update(orders)
    .set({ status, cancelReason: reason, updatedAt: now })
    .where(eq(orders.id, orderId));
  await db
    .update(payments)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), ne(payments.status, "paid")));
  // A voucher's credit was a paid payment of this order; it returns to the voucher rather than being refunded.
  await db
    .update(payments)
    .set({ status: "refunded", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.methodId, methodIds.voucher)));
  await releaseVoucherSpendings(db, orderId, now);
}

/** An unpaid order of the same stay, with when it was made: the next order's maker is told its number and date. */
export type UnpaidOrderOfStay = OrderReference & { createdAt: Date };

/**
 * Orders of the same stay by the same person that nothing but vouchers has paid yet, locked: a new order for it may
 * mean the visitor started again, or wants a second identical room; the customer says which (decision 013).
 */
export async function unpaidOrdersOfStay(
  db: Database,
  duplicateKey: string,
  previewId: string
): Promise<UnpaidOrderOfStay[]> {
  return unpaidOfStay(db).execute({ duplicateKey, previewId });
}

const unpaidOfStay = preparedPerDatabase((db) =>
  db
    .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.duplicateKey, sql.placeholder("duplicateKey")),
        // A create of the same preview that got there first is the same order, not an earlier one.
        sql`${orders.previewId} is distinct from ${sql.placeholder("previewId")}`,
        inArray(orders.status, ["waiting", "partially_paid"]),
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}
          and ${payments.status} = 'paid' and ${payments.methodId} <> 'voucher')`
      )
    )
    .orderBy(asc(orders.createdAt))
    .for("update")
    .prepare("unpaid_orders_of_stay")
);

/** The customer's new order replaces an unpaid one of the same stay: that one is cancelled as a duplicate. */
export async function replaceOrder(db: Database, orderId: string, newOrderId: string, now: Date): Promise<void> {
  await cancelOrder(db, orderId, "cancelled_duplicate", "superseded", now);
  await db.update(orders).set({ replacedByOrderId: newOrderId, updatedAt: now }).where(eq(orders.id, orderId));
}
