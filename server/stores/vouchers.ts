import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders, payments, voucherEvents, vouchers, voucherSpendings } from "../db/schema";
import { basisPointsOfPercent } from "../domain/money";
import type { VoucherLookup } from "../domain/payment-calculation";
import type { CurrencyCode, ProductKey } from "../domain/products";
import type { VoucherDesign } from "../../shared/voucher-designs";
import { voucherCode, voucherUnusableReason } from "../domain/voucher-rules";

export type VoucherRow = typeof vouchers.$inferSelect;

export interface NewCreditVoucher {
  readonly currency: CurrencyCode;
  /** Minor units. */
  readonly value: number;
  readonly validFrom: string;
  readonly validTo: string;
  /** Chosen by an operator (a replacement for a lost code); otherwise a fresh random one. */
  readonly code?: string;
  readonly orderId?: string;
  /** The shop it belongs to: its check page answers for it there only. */
  readonly product?: ProductKey;
  /** A bought voucher's design. */
  readonly design?: VoucherDesign;
}

export interface NewCoupon {
  readonly code: string;
  readonly currency: CurrencyCode;
  readonly validFrom: string;
  readonly validTo: string;
  /** Minor units taken off an order. */
  readonly bonus: number;
  /** 0 to 100, of what the order pays online. */
  readonly bonusPercent: number;
  readonly removeBusinessFee: boolean;
  readonly removeTransactionFee: boolean;
  readonly allowedMethodIds: readonly string[] | null;
}

/** A random code may meet an existing one; a few draws make that practically impossible to fail. */
const CODE_DRAWS = 5;

/**
 * A new value voucher under a random code, drawn again while the code is taken: codes are random (never sequential,
 * so one code tells nothing of the next) and unique (the index decides, so two instances issuing at once never share
 * one). `random` is crypto's randomInt but in tests that force collisions.
 */
export async function issueCreditVoucher(
  db: Database,
  voucher: NewCreditVoucher,
  random: (max: number) => number = randomInt
): Promise<{ id: string; code: string }> {
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const code = voucher.code ?? voucherCode(random);
    const [row] = await db
      .insert(vouchers)
      .values({
        code,
        kind: "credit",
        currency: voucher.currency,
        value: voucher.value,
        balance: voucher.value,
        validFrom: voucher.validFrom,
        validTo: voucher.validTo,
        orderId: voucher.orderId,
        product: voucher.product,
        design: voucher.design,
      })
      .onConflictDoNothing({ target: vouchers.code })
      .returning({ id: vouchers.id, code: vouchers.code });
    if (row) return row;
    if (voucher.code) throw new Error(`voucher code ${voucher.code} is taken`);
  }
  throw new Error(`no free voucher code after ${CODE_DRAWS} draws`);
}

export async function createCoupon(db: Database, coupon: NewCoupon): Promise<{ id: string; code: string }> {
  const [row] = await db
    .insert(vouchers)
    .values({
      code: coupon.code,
      kind: "unit",
      currency: coupon.currency,
      value: 0,
      balance: 0,
      validFrom: coupon.validFrom,
      validTo: coupon.validTo,
      bonus: coupon.bonus,
      bonusBasisPoints: basisPointsOfPercent(coupon.bonusPercent),
      removeBusinessFee: coupon.removeBusinessFee,
      removeTransactionFee: coupon.removeTransactionFee,
      allowedMethodIds: coupon.allowedMethodIds === null ? null : [...coupon.allowedMethodIds],
    })
    .returning({ id: vouchers.id, code: vouchers.code });
  if (!row) throw new Error("creating a coupon returned no row");
  return row;
}

/**
 * What each code of a payment request stands for, in the order given. With `lock`, the vouchers' rows stay locked
 * until the surrounding transaction ends (`select … for update`, in code order so two orders never deadlock), so
 * the balances read are the ones that will be spent.
 */
export async function voucherLookups(
  db: Database,
  codes: readonly string[],
  currency: CurrencyCode,
  today: string,
  { lock = false }: { lock?: boolean } = {}
): Promise<VoucherLookup[]> {
  const distinct = [...new Set(codes)];
  const query = db.select().from(vouchers).where(inArray(vouchers.code, distinct)).orderBy(asc(vouchers.code));
  const rows = distinct.length === 0 ? [] : lock ? await query.for("update") : await query;
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const seen = new Set<string>();
  return codes.map((code): VoucherLookup => {
    // A code typed twice would otherwise count its credit twice.
    if (seen.has(code)) return { kind: "invalid", code, reason: "other" };
    seen.add(code);
    const row = byCode.get(code);
    if (!row) return { kind: "invalid", code, reason: "not_found" };
    return lookupOf(row, currency, today);
  });
}

function lookupOf(row: VoucherRow, currency: CurrencyCode, today: string): VoucherLookup {
  const kind = row.kind === "unit" ? "unit" : "credit";
  const reason = voucherUnusableReason({ ...row, kind, currency: row.currency as CurrencyCode }, currency, today);
  if (reason) return { kind: "invalid", code: row.code, reason };
  if (kind === "credit") return { kind, voucher: { id: row.id, code: row.code, available: row.balance } };
  return {
    kind,
    voucher: {
      id: row.id,
      code: row.code,
      bonus: row.bonus,
      bonusPercent: row.bonusBasisPoints / 100,
      removeBusinessFee: row.removeBusinessFee,
      removeTransactionFee: row.removeTransactionFee,
      allowedMethodIds: row.allowedMethodIds ?? null,
    },
  };
}

/** Takes credit from a voucher whose row the caller's transaction has locked; the check keeps it from going negative. */
export async function spendVoucher(db: Database, voucherId: string, orderId: string, amount: number): Promise<void> {
  const spent = await db
    .update(vouchers)
    .set({ balance: sql`${vouchers.balance} - ${amount}` })
    .where(and(eq(vouchers.id, voucherId), sql`${vouchers.balance} >= ${amount}`))
    .returning({ id: vouchers.id });
  if (spent.length === 0) throw new Error(`voucher ${voucherId} has less than ${amount} left`);
  await db.insert(voucherSpendings).values({ voucherId, orderId, amount });
}

/** Gives a cancelled order's credit back to its vouchers, once. */
export async function releaseVoucherSpendings(db: Database, orderId: string, now: Date): Promise<void> {
  const released = await db
    .update(voucherSpendings)
    .set({ releasedAt: now })
    .where(and(eq(voucherSpendings.orderId, orderId), isNull(voucherSpendings.releasedAt)))
    .returning({ voucherId: voucherSpendings.voucherId, amount: voucherSpendings.amount });
  for (const { voucherId, amount } of released) {
    await db
      .update(vouchers)
      .set({ balance: sql`${vouchers.balance} + ${amount}` })
      .where(eq(vouchers.id, voucherId));
  }
}

export async function findVoucher(db: Database, id: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  return row;
}

export async function findVoucherByCode(db: Database, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row;
}

/** Which of `codes` name a voucher or coupon, whatever its state or market. */
export async function existingVoucherCodes(db: Database, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: vouchers.code })
    .from(vouchers)
    .where(inArray(vouchers.code, [...new Set(codes)]));
  return new Set(rows.map((row) => row.code));
}

/** One order that took credit from a voucher, as the voucher's history shows it. */
export interface VoucherSpendingRecord {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly orderDate: Date;
  /** Minor units. */
  readonly orderTotal: number;
  readonly amount: number;
  /** When the order was cancelled and the credit went back onto the voucher. */
  readonly releasedAt: Date | null;
  /**
   * When the order's customer cancelled it and the credit went, with the rest of what the order paid, into the
   * cancellation's new voucher: it stays used on this one.
   */
  readonly returnedAt: Date | null;
}

/**
 * The orders a voucher paid, oldest first. An order takes a voucher's credit as one payment, which notes the voucher
 * it became when the customer cancelled (saveRefundVoucher stamps it then).
 */
export async function spendingsOf(db: Database, voucherId: string): Promise<VoucherSpendingRecord[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.createdAt,
      orderTotal: orders.total,
      amount: voucherSpendings.amount,
      releasedAt: voucherSpendings.releasedAt,
      returnedAt: payments.updatedAt,
      returnedAs: payments.refundVoucherId,
    })
    .from(voucherSpendings)
    .innerJoin(orders, eq(orders.id, voucherSpendings.orderId))
    .leftJoin(
      payments,
      and(eq(payments.orderId, voucherSpendings.orderId), eq(payments.voucherId, voucherSpendings.voucherId))
    )
    .where(eq(voucherSpendings.voucherId, voucherId))
    .orderBy(asc(voucherSpendings.createdAt));
  return rows.map(({ returnedAt, returnedAs, ...spending }) => ({
    ...spending,
    returnedAt: returnedAs ? returnedAt : null,
  }));
}

/** The voucher a voucher order bought, once it is issued. */
export async function voucherBoughtBy(db: Database, orderId: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.orderId, orderId), eq(vouchers.kind, "credit")))
    .orderBy(asc(vouchers.createdAt))
    .limit(1);
  return row;
}

export type VoucherEventKind = "issued" | "mail_resent" | "cancelled";

export async function recordVoucherEvent(
  db: Database,
  voucherId: string,
  kind: VoucherEventKind,
  note: string,
  now: Date
): Promise<void> {
  await db.insert(voucherEvents).values({ voucherId, kind, note, createdAt: now });
}

/** What happened to a voucher besides spending, newest first. */
export async function voucherEventsOf(db: Database, voucherId: string) {
  return db
    .select({ kind: voucherEvents.kind, note: voucherEvents.note, at: voucherEvents.createdAt })
    .from(voucherEvents)
    .where(eq(voucherEvents.voucherId, voucherId))
    .orderBy(desc(voucherEvents.createdAt));
}

/** The voucher can pay no more; false when it was cancelled already. */
export async function deactivateVoucher(db: Database, voucherId: string): Promise<boolean> {
  const changed = await db
    .update(vouchers)
    .set({ active: false })
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.active, true)))
    .returning({ id: vouchers.id });
  return changed.length > 0;
}

/** The value vouchers a customer bought or was given back, by their orders' e-mail (any case), newest first. */
export async function vouchersOfCustomer(db: Database, email: string): Promise<(VoucherRow & { orderNumber: string })[]> {
  const rows = await db
    .select({ voucher: vouchers, orderNumber: orders.orderNumber })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .where(and(eq(vouchers.kind, "credit"), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`))
    .orderBy(desc(vouchers.createdAt));
  return rows.map(({ voucher, orderNumber }) => ({ ...voucher, orderNumber }));
}
