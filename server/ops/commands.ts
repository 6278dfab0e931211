import { parseArgs } from "node:util";
import type { Database } from "../db/database";
import { MINOR_PER_UNIT } from "../domain/money";
import { marketCurrency, productKeys, type ProductKey } from "../domain/products";
import { marketDate } from "../domain/stay";
import { COUPON_CODE_PATTERN, VOUCHER_CODE_PATTERN, voucherValidTo } from "../domain/voucher-rules";
import { markTransferPaid } from "../orders/order-payments";
import { createCoupon, issueCreditVoucher } from "../stores/vouchers";

/**
 * What an operator does by hand until the back office exists: record a bank transfer that arrived, issue a value
 * voucher (a goodwill gesture, a replacement), create a coupon. Each command prints one line a person can read.
 */

export const usage = `Usage: npm run ops -- <command> [options]

  transfer-paid <order-number>
      The order's bank transfer arrived: its waiting transfer payments become paid.

  voucher-issue --product DZB_CZ --value 1000 [--code 12345678 ...]
      Issues a value voucher worth --value whole units of the product's currency, valid from today
      for the product's validity period. Without --code a random 8-digit code is drawn; with several
      --code options, one voucher per code.

  coupon-create --code ABCDE --product DZB_CZ [--bonus 200] [--percent 10] [--valid-to 2027-12-31]
                [--methods transfer,payment_card] [--remove-business-fee] [--remove-transaction-fee]
      Creates a discount coupon (5 capitals or digits): a fixed bonus and/or a percentage off,
      optionally valid only when paying with the listed methods.`;

export interface OpsContext {
  readonly db: Database;
  readonly now: Date;
  readonly print: (line: string) => void;
}

/** Thrown for a command line that cannot run; the CLI prints it with the usage and exits non-zero. */
export class UsageError extends Error {}

/** Thrown when a well-formed command finds nothing to act on; the CLI prints it alone and exits non-zero. */
export class OpsError extends Error {}

/** Whole units as typed by a person ("1000", "199.50") to minor units, without floating point. */
export function minorOfTyped(text: string, what: string): number {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new UsageError(`${what} must be an amount like 1000 or 199.50, got "${text}"`);
  return Number(match[1]) * MINOR_PER_UNIT + Number((match[2] ?? "").padEnd(2, "0"));
}

function productOf(text: string | undefined): ProductKey {
  const product = (text ?? "DZB_CZ") as ProductKey;
  if (!productKeys.includes(product)) throw new UsageError(`--product must be one of ${productKeys.join(", ")}`);
  return product;
}

export async function runOps(argv: readonly string[], context: OpsContext): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "transfer-paid":
      return transferPaid(rest, context);
    case "voucher-issue":
      return voucherIssue(rest, context);
    case "coupon-create":
      return couponCreate(rest, context);
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "no command given");
  }
}

async function transferPaid(args: readonly string[], { db, now, print }: OpsContext): Promise<void> {
  const [number] = args;
  if (!number || args.length !== 1) throw new UsageError("transfer-paid takes exactly one order number");
  const result = await markTransferPaid(db, number, now);
  if (!result) throw new OpsError(`no order numbered ${number}`);
  print(
    result.paid === 0
      ? `order ${number}: no transfer was waiting; status ${result.status}`
      : `order ${number}: ${result.paid} transfer payment(s) marked paid; status ${result.status}`
  );
}

async function voucherIssue(args: readonly string[], { db, now, print }: OpsContext): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: { product: { type: "string" }, value: { type: "string" }, code: { type: "string", multiple: true } },
  });
  const product = productOf(values.product);
  if (!values.value) throw new UsageError("voucher-issue needs --value");
  const codes = values.code ?? [];
  const badCode = codes.find((code) => !VOUCHER_CODE_PATTERN.test(code));
  if (badCode !== undefined) throw new UsageError(`--code must be 8 digits, got "${badCode}"`);
  const value = minorOfTyped(values.value, "--value");
  if (value <= 0) throw new UsageError("--value must be more than 0");
  const today = marketDate(now);
  const validTo = voucherValidTo(product, today);
  for (const code of codes.length > 0 ? codes : [undefined]) {
    const voucher = await issueCreditVoucher(db, {
      currency: marketCurrency[product],
      value,
      validFrom: today,
      validTo,
      ...(code ? { code } : {}),
    });
    print(`voucher ${voucher.code}: ${values.value} ${marketCurrency[product]}, valid ${today} to ${validTo}`);
  }
}

async function couponCreate(args: readonly string[], { db, now, print }: OpsContext): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      code: { type: "string" },
      product: { type: "string" },
      bonus: { type: "string" },
      percent: { type: "string" },
      "valid-to": { type: "string" },
      methods: { type: "string" },
      "remove-business-fee": { type: "boolean" },
      "remove-transaction-fee": { type: "boolean" },
    },
  });
  if (!values.code || !COUPON_CODE_PATTERN.test(values.code)) {
    throw new UsageError("--code must be 5 capital letters or digits");
  }
  const product = productOf(values.product);
  const percent = values.percent === undefined ? 0 : Number(values.percent);
  if (!(percent >= 0 && percent <= 100)) throw new UsageError("--percent must be from 0 to 100");
  const today = marketDate(now);
  const validTo = values["valid-to"] ?? voucherValidTo(product, today);
  await createCoupon(db, {
    code: values.code,
    currency: marketCurrency[product],
    validFrom: today,
    validTo,
    bonus: values.bonus === undefined ? 0 : minorOfTyped(values.bonus, "--bonus"),
    bonusPercent: percent,
    removeBusinessFee: values["remove-business-fee"] ?? false,
    removeTransactionFee: values["remove-transaction-fee"] ?? false,
    allowedMethodIds: values.methods ? values.methods.split(",").map((m) => m.trim()) : null,
  });
  print(`coupon ${values.code}: created for ${product}, valid to ${validTo}`);
}
