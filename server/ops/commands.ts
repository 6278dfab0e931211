import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Database } from "../db/database";
import { MINOR_PER_UNIT } from "../../shared/money";
import { marketCurrency, productKeys, type ProductKey } from "../domain/products";
import { marketDate } from "../domain/stay";
import { COUPON_CODE_PATTERN, VOUCHER_CODE_PATTERN, voucherValidTo } from "../domain/voucher-rules";
import { formatExactMoney } from "../../shared/formats";
import { markTransferPaid } from "../orders/payment-settlement";
import { importBankStatement, type ImportedMovement, type ImportedOutcome } from "../orders/bank-statement-import";
import { BankStatementFormatError, readBankStatement } from "../adapters/bank-statements";
import type { BankStatement } from "../domain/bank-statement";
import { movementsToResolve, saveMovementResolved } from "../stores/bank-movements";
import { cancelVoucher, customerVouchers, resendVoucherMail, VoucherSupportError } from "../orders/voucher-support";
import { EMAIL_PATTERN } from "../../shared/input-limits";
import { voucherState } from "../domain/voucher-rules";
import { createCoupon, issueCreditVoucher, type NewCoupon } from "../stores/vouchers";

/**
 * What an operator does by hand until the back office exists: import the bank's statements and settle what they
 * brought that no order owed, record a bank transfer that arrived, issue a value voucher (a goodwill gesture, a
 * replacement), create a coupon. Each command prints lines a person can read.
 */

export interface OpsContext {
  readonly db: Database;
  readonly now: Date;
  readonly print: (line: string) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Thrown for a command line that cannot run; the CLI prints it, one line, with the usage and exits 2. */
export class UsageError extends Error {
  /** The usage to show with it: the command's own once the command is known. */
  usage = usage;
}

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

/**
 * One command: how it is called (the first line names it, the others go on with its options), what it does, and its
 * arguments read into the work to do. Reading throws UsageError, before any database is opened.
 */
interface OpsCommand {
  readonly synopsis: readonly string[];
  readonly description: string;
  readonly read: (args: string[]) => (context: OpsContext) => Promise<void>;
}

const commands: Record<string, OpsCommand> = {
  "transfer-paid": {
    synopsis: ["transfer-paid <order-number>"],
    description: "The order's bank transfer arrived: its waiting transfer payments become paid.",
    read: readTransferPaid,
  },
  "bank-import": {
    synopsis: ["bank-import <statement-file> [...]"],
    description: `Imports bank statements (camt.053, GPC, MT940 or Fio's JSON, told by their content): each
movement pays the order its variable symbol or title names. Prints what each movement did;
one imported before changes nothing.`,
    read: readBankImport,
  },
  "bank-movements": {
    synopsis: ["bank-movements"],
    description: `Lists the movements with money no order owed (no order named, several, another currency,
an order paid already, more than it cost), oldest first, until marked resolved.`,
    read: (args) => {
      if (args.length > 0) throw new UsageError("bank-movements takes no arguments");
      return bankMovementsToResolve;
    },
  },
  "bank-resolved": {
    synopsis: ["bank-resolved <movement-id>"],
    description: "The movement's money was returned or placed by hand: it leaves the list of movements to resolve.",
    read: readBankResolved,
  },
  "voucher-issue": {
    synopsis: ["voucher-issue --product DZB_CZ --value 1000 [--code 12345678 ...]"],
    description: `Issues a value voucher worth --value whole units of the product's currency, valid from today
for the product's validity period. Without --code a random 8-digit code is drawn; with several
--code options, one voucher per code.`,
    read: readVoucherIssue,
  },
  "voucher-list": {
    synopsis: ["voucher-list --email jana@example.com"],
    description: `Lists the value vouchers of the orders made with the e-mail (bought, or given for a cancelled
order): code, value left, validity, state, and what support did with each.`,
    read: readVoucherList,
  },
  "voucher-resend": {
    synopsis: ["voucher-resend <code>"],
    description: "Sends a bought voucher's e-mail to its buyer again (the worker sends it).",
    read: readVoucherResend,
  },
  "voucher-cancel": {
    synopsis: ['voucher-cancel <code> --reason "paid twice, refunded"'],
    description: "Cancels a value voucher for good: it can no longer pay. The reason is kept in its history.",
    read: readVoucherCancel,
  },
  "coupon-create": {
    synopsis: [
      "coupon-create --code ABCDE --product DZB_CZ [--bonus 200] [--percent 10] [--valid-to 2027-12-31]",
      "[--methods transfer,payment_card] [--remove-business-fee] [--remove-transaction-fee]",
    ],
    description: `Creates a discount coupon (5 capitals or digits): a fixed bonus and/or a percentage off,
optionally valid only when paying with the listed methods.`,
    read: readCouponCreate,
  },
};

const usageLead = "Usage: npm run ops -- ";

/** The synopsis after `lead`, its continuation lines under the command's first option. */
function synopsisLines({ synopsis: [first, ...more] }: OpsCommand, lead: string): string[] {
  const continuation = " ".repeat(lead.length + first!.indexOf(" ") + 1);
  return [`${lead}${first}`, ...more.map((line) => `${continuation}${line}`)];
}

const indented = (text: string, indent: string) => text.replaceAll(/^/gm, indent);

export const usage = [
  `${usageLead}<command> [options]`,
  ...Object.values(commands).map((command) =>
    [...synopsisLines(command, "  "), indented(command.description, "      ")].join("\n")
  ),
  "  Every command prints its own usage for --help.",
].join("\n\n");

function commandUsage(command: OpsCommand): string {
  return [...synopsisLines(command, usageLead), "", indented(command.description, "  ")].join("\n");
}

const isHelp = (arg: string) => arg === "--help" || arg === "-h";

/** What a command line asks for: help to print, or work to do on the database. */
export type OpsCommandLine = { readonly help: string } | { readonly run: (context: OpsContext) => Promise<void> };

/** Reads the command line without touching the database; throws UsageError for one that cannot run. */
export function readCommandLine(argv: readonly string[]): OpsCommandLine {
  const [name, ...args] = argv;
  if (name === undefined || isHelp(name)) return { help: usage };
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const ownUsage = commandUsage(command);
  if (args.some(isHelp)) return { help: ownUsage };
  try {
    return { run: command.read(args) };
  } catch (error) {
    if (error instanceof UsageError) error.usage = ownUsage;
    throw error;
  }
}

export async function runOps(argv: readonly string[], context: OpsContext): Promise<void> {
  const commandLine = readCommandLine(argv);
  if ("help" in commandLine) context.print(commandLine.help);
  else await commandLine.run(context);
}

/** `parseArgs` with its refusals (an unknown option, a stray argument, a missing value) said in one line. */
function optionsOf<T extends ParseArgsConfig["options"]>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${command}: ${parseProblem(error)}`);
  }
}

function parseProblem(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const quoted = /'([^']*)'/.exec(message ?? "")?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && quoted) return `unknown option ${quoted}`;
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && quoted) return `unexpected argument "${quoted}"`;
  if (code?.startsWith("ERR_PARSE_ARGS_")) return (message ?? code).split("\n")[0]!;
  throw error;
}

function readTransferPaid(args: string[]) {
  const [number] = args;
  if (!number || args.length !== 1 || number.startsWith("-")) {
    throw new UsageError("transfer-paid takes exactly one order number");
  }
  return (context: OpsContext) => transferPaid(number, context);
}

async function transferPaid(number: string, { db, now, print }: OpsContext): Promise<void> {
  const result = await markTransferPaid(db, number, now);
  if (!result) throw new OpsError(`no order numbered ${number}`);
  print(
    result.paid === 0
      ? `order ${number}: no transfer was waiting; status ${result.status}`
      : `order ${number}: ${result.paid} transfer payment(s) marked paid; status ${result.status}`
  );
}

function readBankImport(args: string[]) {
  if (args.length === 0 || args.some((arg) => arg.startsWith("-"))) {
    throw new UsageError("bank-import takes the statement files to import");
  }
  return (context: OpsContext) => bankImport(args, context);
}

async function bankImport(files: string[], { db, now, print }: OpsContext): Promise<void> {
  for (const file of files) {
    let statement: BankStatement;
    try {
      statement = readBankStatement(await readFile(file), basename(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR") throw new OpsError(`${file}: no such file`);
      if (error instanceof BankStatementFormatError) throw new OpsError(error.message);
      throw error;
    }
    const movements = await importBankStatement(db, statement, basename(file), now);
    print(`${basename(file)}: ${statement.format}, account ${statement.account}, ${movements.length} movement(s)`);
    for (const movement of movements) print(`  ${importedLine(movement)}`);
  }
}

/** What a movement did, in a line: its date, reference, amount, and the order it paid or why none. */
function importedLine({ entry, outcome, orderNumber, orderStatus, applied, surplus, stillDue }: ImportedMovement) {
  const money = (minor: number) => formatExactMoney(minor, entry.currency, "en");
  const order = `order ${orderNumber}`;
  const what: Record<ImportedOutcome, () => string> = {
    paid: () => `paid ${order}; status ${orderStatus}`,
    partly_paid: () => `paid part of ${order}, ${money(stillDue ?? 0)} still due; status ${orderStatus}`,
    overpaid: () => `paid ${order} and ${money(surplus)} more, to return; status ${orderStatus}`,
    not_due: () => `${order} owes no transfer (status ${orderStatus}): ${money(surplus)} to return`,
    no_order: () => "names no order: listed for the operator",
    several_orders: () => "names several orders: listed for the operator",
    other_currency: () => `${order} is in another currency: listed for the operator`,
    already_imported: () => `imported before${orderNumber ? ` (${order})` : ""}: nothing changed`,
    outgoing: () => "money sent, not received: ignored",
  };
  const symbol = entry.variableSymbol ? ` VS ${entry.variableSymbol}` : "";
  const amount =
    applied > 0 && surplus > 0 ? `${money(entry.amount)} (${money(applied)} applied)` : money(entry.amount);
  return `${entry.bookedOn} ${entry.reference}${symbol} ${amount}: ${what[outcome]()}`;
}

async function bankMovementsToResolve({ db, print }: OpsContext): Promise<void> {
  const movements = await movementsToResolve(db);
  if (movements.length === 0) return print("no bank movements to resolve");
  for (const movement of movements) {
    const from = [movement.counterpartyName, movement.counterpartyAccount].filter(Boolean).join(", ");
    const symbol = movement.variableSymbol && `VS ${movement.variableSymbol}`;
    print(
      [
        `${movement.id} ${movement.bookedOn} ${movement.reference}`,
        `${formatExactMoney(movement.surplus, movement.currency, "en")} ${movement.outcome}`,
        movement.orderNumber && `order ${movement.orderNumber}`,
        from && `from ${from}`,
        symbol,
        movement.message && `"${movement.message}"`,
      ]
        .filter(Boolean)
        .join("  ")
    );
  }
}

function readBankResolved(args: string[]) {
  const [id] = args;
  if (!id || args.length !== 1 || !UUID.test(id)) {
    throw new UsageError("bank-resolved takes the id of one movement, as the list of movements to resolve gives it");
  }
  return async ({ db, now, print }: OpsContext) => {
    if (!(await saveMovementResolved(db, id, now))) throw new OpsError(`no movement ${id} waits to be resolved`);
    print(`movement ${id} resolved`);
  };
}

function readVoucherIssue(args: string[]) {
  const values = optionsOf("voucher-issue", args, {
    product: { type: "string" },
    value: { type: "string" },
    code: { type: "string", multiple: true },
  });
  const product = productOf(values.product);
  if (!values.value) throw new UsageError("voucher-issue needs --value");
  const codes = values.code ?? [];
  const badCode = codes.find((code) => !VOUCHER_CODE_PATTERN.test(code));
  if (badCode !== undefined) throw new UsageError(`--code must be 8 digits, got "${badCode}"`);
  const value = minorOfTyped(values.value, "--value");
  if (value <= 0) throw new UsageError("--value must be more than 0");
  return (context: OpsContext) => voucherIssue({ product, value, typedValue: values.value!, codes }, context);
}

async function voucherIssue(
  voucher: { product: ProductKey; value: number; typedValue: string; codes: string[] },
  { db, now, print }: OpsContext
): Promise<void> {
  const { product, value, codes } = voucher;
  const today = marketDate(now);
  const validTo = voucherValidTo(product, today);
  for (const code of codes.length > 0 ? codes : [undefined]) {
    const issued = await issueCreditVoucher(db, {
      currency: marketCurrency[product],
      value,
      validFrom: today,
      validTo,
      ...(code ? { code } : {}),
    });
    print(`voucher ${issued.code}: ${voucher.typedValue} ${marketCurrency[product]}, valid ${today} to ${validTo}`);
  }
}

function readCouponCreate(args: string[]) {
  const values = optionsOf("coupon-create", args, {
    code: { type: "string" },
    product: { type: "string" },
    bonus: { type: "string" },
    percent: { type: "string" },
    "valid-to": { type: "string" },
    methods: { type: "string" },
    "remove-business-fee": { type: "boolean" },
    "remove-transaction-fee": { type: "boolean" },
  });
  if (!values.code || !COUPON_CODE_PATTERN.test(values.code)) {
    throw new UsageError("--code must be 5 capital letters or digits");
  }
  const product = productOf(values.product);
  const percent = values.percent === undefined ? 0 : Number(values.percent);
  if (!(percent >= 0 && percent <= 100)) throw new UsageError("--percent must be from 0 to 100");
  const coupon = {
    code: values.code,
    product,
    validTo: values["valid-to"],
    bonus: values.bonus === undefined ? 0 : minorOfTyped(values.bonus, "--bonus"),
    bonusPercent: percent,
    removeBusinessFee: values["remove-business-fee"] ?? false,
    removeTransactionFee: values["remove-transaction-fee"] ?? false,
    allowedMethodIds: values.methods ? values.methods.split(",").map((m) => m.trim()) : null,
  };
  return (context: OpsContext) => couponCreate(coupon, context);
}

/** A coupon as typed: its dates are the market's today and, unless typed, the product's validity from today. */
type TypedCoupon = Omit<NewCoupon, "currency" | "validFrom" | "validTo"> & { product: ProductKey; validTo?: string };

async function couponCreate(
  { product, validTo: typedValidTo, ...coupon }: TypedCoupon,
  { db, now, print }: OpsContext
): Promise<void> {
  const today = marketDate(now);
  const validTo = typedValidTo ?? voucherValidTo(product, today);
  await createCoupon(db, { ...coupon, currency: marketCurrency[product], validFrom: today, validTo });
  print(`coupon ${coupon.code}: created for ${product}, valid to ${validTo}`);
}

/** The one voucher code a command takes as its first argument. */
function codeArgument(command: string, args: string[]): string {
  const [code] = args;
  if (!code || !VOUCHER_CODE_PATTERN.test(code)) throw new UsageError(`${command} takes a voucher code of 8 digits first`);
  return code;
}

/** Runs a support act; a voucher it cannot act on is said in a line. */
async function supporting(act: () => Promise<void>): Promise<void> {
  try {
    await act();
  } catch (error) {
    throw error instanceof VoucherSupportError ? new OpsError(error.message) : error;
  }
}

function readVoucherList(args: string[]) {
  const values = optionsOf("voucher-list", args, { email: { type: "string" } });
  if (!values.email || !EMAIL_PATTERN.test(values.email)) throw new UsageError("voucher-list needs --email name@server");
  const email = values.email;
  return async ({ db, now, print }: OpsContext) => {
    const found = await customerVouchers(db, email);
    if (found.length === 0) throw new OpsError(`no vouchers for ${email}`);
    const today = marketDate(now);
    for (const { voucher, events, postTo } of found) {
      const money = (minor: number) => formatExactMoney(minor, voucher.currency, "en");
      print(
        `voucher ${voucher.code} (order ${voucher.orderNumber}): ${money(voucher.balance)} of ${money(voucher.value)} left, ` +
          `valid ${voucher.validFrom} to ${voucher.validTo}, ${voucherState(voucher, today).replace("_", " ")}`
      );
      if (postTo) {
        const { streetAddress, postalCode, city, country } = postTo.address;
        print(`  printed copy by post to ${postTo.firstName} ${postTo.lastName}, ${streetAddress}, ${postalCode} ${city}, ${country}`);
      }
      for (const event of events) {
        print(`  ${event.at.toISOString()} ${event.kind.replace("_", " ")}${event.note ? `: ${event.note}` : ""}`);
      }
    }
  };
}

function readVoucherResend(args: string[]) {
  const code = codeArgument("voucher-resend", args);
  if (args.length !== 1) throw new UsageError("voucher-resend takes exactly one voucher code");
  return ({ db, now, print }: OpsContext) =>
    supporting(async () => {
      const { email } = await resendVoucherMail(db, code, now);
      print(`voucher ${code}: its e-mail is queued to ${email} again`);
    });
}

function readVoucherCancel(args: string[]) {
  const code = codeArgument("voucher-cancel", args);
  const values = optionsOf("voucher-cancel", args.slice(1), { reason: { type: "string" } });
  const reason = values.reason?.trim();
  if (!reason) throw new UsageError("voucher-cancel needs --reason, kept in the voucher's history");
  return ({ db, now, print }: OpsContext) =>
    supporting(async () => {
      await cancelVoucher(db, code, reason, now);
      print(`voucher ${code}: cancelled (${reason}); it can no longer pay`);
    });
}
