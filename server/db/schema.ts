import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WrongCodeTry } from "../domain/voucher-guessing";

/** Every timestamp is an instant: stored with its zone, read back as a `Date`. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The durable job queue: work that must survive a restart and may run on any worker instance
 * (book after payment, send mail, poll payments, expire vouchers).
 * A job is pending until `done_at` or `failed_at` is set; `failed_at` means dead, kept for an operator.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    /** Makes enqueueing idempotent: a second job with the same key is never created, even after the first is done. */
    dedupeKey: text("dedupe_key").unique(),
    /** Not before this instant; also where a failed job's retry is scheduled. */
    runAt: instant("run_at").notNull().defaultNow(),
    /** Counted when a worker claims the job, so a job that crashes its worker still runs out of attempts. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** The claiming worker's lease; once it has passed, another worker may take the job again. */
    lockedUntil: instant("locked_until"),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    failedAt: instant("failed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    // Claiming scans only pending jobs in due order; finished ones pile up but stay out of this index.
    index("jobs_pending_run_at_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    // The retention finds finished jobs by when they finished (decision 048).
    index("jobs_done_at_idx")
      .on(table.doneAt)
      .where(sql`${table.doneAt} is not null`),
    index("jobs_failed_at_idx")
      .on(table.failedAt)
      .where(sql`${table.failedAt} is not null`),
  ],
);

/**
 * Hotel links resolved to the provider's hotel id. A link is analysed once per provider; the row also lets an
 * availability check name a hotel after the link it came from.
 */
export const hotelLinks = pgTable(
  "hotel_links",
  {
    provider: text("provider").notNull(),
    countryCode: text("country_code").notNull(),
    slug: text("slug").notNull(),
    hotelId: text("hotel_id").notNull(),
    url: text("url").notNull(),
    resolvedAt: instant("resolved_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.countryCode, table.slug] }),
    index("hotel_links_hotel_idx").on(table.provider, table.hotelId),
  ],
);

/**
 * Share links resolved to the hotel page they lead to, per provider (decision 052): the portal is asked once per
 * share code, and a second paste of the same link needs no request.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    provider: text("provider").notNull(),
    code: text("code").notNull(),
    targetUrl: text("target_url").notNull(),
    resolvedAt: instant("resolved_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.code] })],
);

/**
 * One availability check and the provider's answer, kept under its id so a reload, a shared link or another api
 * instance shows the same offer, and the order preview prices exactly what the visitor saw.
 */
export const availabilities = pgTable(
  "availabilities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** The shop variant it was asked for: an offer in CZK is never shown on the Polish shop. */
    product: text("product").notNull(),
    hotelId: text("hotel_id").notNull(),
    /** The stay as asked: dates, rooms, adults, children ages. */
    stay: jsonb("stay").$type<unknown>().notNull(),
    /** The provider's answer as the adapter returned it, money in minor units. */
    answer: jsonb("answer").$type<unknown>().notNull(),
    /**
     * What was asked, as one text: provider, shop, hotel, stay and language. Another visitor asking the same within
     * the reuse time gets this answer (decision 053); checks kept from before it have none.
     */
    searchKey: text("search_key"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    // The retention finds checks by their age (decision 048).
    index("availabilities_created_at_idx").on(table.createdAt),
    index("availabilities_search_key_idx").on(table.searchKey, table.createdAt),
  ],
);

/** Money columns hold integers of minor units; bigint so a large order never overflows, read back as a number. */
const minor = (name: string) => bigint(name, { mode: "number" });

/**
 * A priced choice of rooms from one availability check. Re-pricing with another payment request updates the row
 * and keeps its id, so the reservation screen's address stays the same while the visitor edits the split.
 */
export const previews = pgTable(
  "previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    product: text("product").notNull(),
    availabilityId: uuid("availability_id")
      .notNull()
      .references(() => availabilities.id),
    /** One entry per room; a product chosen twice is two rooms of it. */
    productIds: jsonb("product_ids").$type<string[]>().notNull(),
    /** The payment request it was last priced with, money in minor units. */
    paymentRequest: jsonb("payment_request").$type<unknown>().notNull(),
    cancellationInsurance: boolean("cancellation_insurance").notNull().default(false),
    /** The payment calculation of that request, which an order from this preview must reproduce. */
    calculation: jsonb("calculation").$type<unknown>().notNull(),
    /** The highest re-price revision applied (HotelOrderPreviewRequest.revision); null until a client sends one. */
    revision: bigint("revision", { mode: "number" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    // The retention finds previews by their last pricing, and keeps each check a preview was made from (decision 048).
    index("previews_updated_at_idx").on(table.updatedAt),
    index("previews_availability_idx").on(table.availabilityId),
  ],
);

/**
 * A priced voucher purchase: the amount and how it is read, the extra service, the payment request and the
 * calculation it gave, which the order must reproduce. Re-pricing updates the row and keeps its id; one order per
 * preview (`orders.voucher_preview_id`).
 */
export const voucherPreviews = pgTable(
  "voucher_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    product: text("product").notNull(),
    feeMode: text("fee_mode").notNull(),
    /** Minor units as entered: the voucher's value, or with the fees included the total. */
    amount: minor("amount").notNull(),
    extraService: boolean("extra_service").notNull(),
    paymentRequest: jsonb("payment_request").$type<unknown>().notNull(),
    calculation: jsonb("calculation").$type<unknown>().notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  // The retention finds previews by their last pricing (decision 048).
  (table) => [index("voucher_previews_updated_at_idx").on(table.updatedAt)],
);

/** Order numbers: readable, never reused, and the bank transfer's variable symbol. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1 });

/**
 * A created order. `preview_id` is unique: the same preview submitted twice (double click, two tabs, a retry)
 * can only ever make one order.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    product: text("product").notNull(),
    kind: text("kind").notNull(),
    previewId: uuid("preview_id")
      .unique()
      .references(() => previews.id),
    /** A voucher order's preview: the same preview submitted twice makes one order. */
    voucherPreviewId: uuid("voucher_preview_id")
      .unique()
      .references(() => voucherPreviews.id),
    status: text("status").notNull(),
    /** Why the shop cancelled it on its own, e.g. "price_increased"; shown again to a retry of the same preview. */
    cancelReason: text("cancel_reason"),
    email: text("email").notNull(),
    currency: text("currency").notNull(),
    total: minor("total").notNull(),
    /** The customer's form: contact, billing, consents and extras. */
    customer: jsonb("customer").$type<unknown>().notNull(),
    /** Who a gift voucher is for (names, e-mail, mobile, address): kept for support communication only. */
    presentFor: jsonb("present_for").$type<unknown>(),
    /**
     * What was ordered and at which price: hotel, stay, rooms, breakdown; or the voucher's value, fee mode, design
     * and extra service. Never changes after creation.
     */
    summary: jsonb("summary").$type<unknown>().notNull(),
    bookingStatus: text("booking_status").notNull(),
    /** The provider's id of the booking, once the provider has made it; a cancellation names it. */
    bookingRef: text("booking_ref"),
    /** The language the customer ordered in: their e-mails and documents speak it. */
    language: text("language").notNull().default("cs"),
    /** What is still owed online must be paid by then, or the order is cancelled (order-lifecycle.ts). */
    payBy: instant("pay_by"),
    /** The voucher a cancellation gave back, when it gave one. */
    refundVoucherId: uuid("refund_voucher_id"),
    /** Same e-mail, hotel, dates and rooms: a later order for it may replace an unpaid earlier one. */
    duplicateKey: text("duplicate_key").notNull(),
    /** The later order of the same stay that replaced this one, at the customer's choice. */
    replacedByOrderId: uuid("replaced_by_order_id"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [index("orders_duplicate_key_idx").on(table.duplicateKey)],
);

/** One payment of an order: a voucher's credit, a transfer, a card or a benefit provider. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Its place in the order's split. */
    position: integer("position").notNull(),
    methodId: text("method_id").notNull(),
    /** What the method is charged, service fee included. */
    value: minor("value").notNull(),
    status: text("status").notNull(),
    /** Set for a voucher's credit. */
    voucherId: uuid("voucher_id"),
    /** Set when what this payment paid became a new value voucher instead of going back where it came from. */
    refundVoucherId: uuid("refund_voucher_id"),
    /**
     * A bank transfer's QR code, rendered once when the payment became a transfer to be paid, with the text it
     * encodes: a read uses the image while the transfer's text is still the same (decision 022).
     */
    transferQrText: text("transfer_qr_text"),
    transferQrImage: text("transfer_qr_image"),
    paidAt: instant("paid_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [index("payments_order_idx").on(table.orderId)],
);

/**
 * One try to pay a payment at its gateway. A declined or cancelled try leaves the payment to be tried again, which
 * starts a new attempt; the gateway's own id (`gateway_ref`) names it in every return and status answer.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    gateway: text("gateway").notNull(),
    /** Unset until the gateway has answered the start. */
    gatewayRef: text("gateway_ref"),
    state: text("state").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("payment_attempts_payment_idx").on(table.paymentId),
    uniqueIndex("payment_attempts_gateway_ref_idx").on(table.gateway, table.gatewayRef),
  ],
);

/**
 * What the embedded sandbox gateways remember of their payments (by gateway and their own id), so that any instance
 * of the shop answers for any of them. Not used when real gateways are configured.
 */
export const sandboxGatewayRecords = pgTable(
  "sandbox_gateway_records",
  {
    gateway: text("gateway").notNull(),
    ref: text("ref").notNull(),
    record: jsonb("record").$type<unknown>().notNull(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gateway, table.ref] })],
);

/**
 * Vouchers as a means of payment. A credit voucher (8-digit code) has a balance that orders spend; a unit voucher
 * (a discount or coupon code) takes a bonus off an order and may remove fees or be limited to payment methods.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    kind: text("kind").notNull(),
    currency: text("currency").notNull(),
    value: minor("value").notNull(),
    /** Spent only under a row lock (`select … for update`), so two orders never spend the same credit. */
    balance: minor("balance").notNull(),
    /** Calendar dates, both inclusive. */
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validTo: date("valid_to", { mode: "string" }).notNull(),
    active: boolean("active").notNull().default(true),
    bonus: minor("bonus").notNull().default(0),
    /** Hundredths of a percent, so 2.5 % is exact. */
    bonusBasisPoints: integer("bonus_basis_points").notNull().default(0),
    removeBusinessFee: boolean("remove_business_fee").notNull().default(false),
    removeTransactionFee: boolean("remove_transaction_fee").notNull().default(false),
    /** The payment methods a coupon is valid for; null means any. */
    allowedMethodIds: jsonb("allowed_method_ids").$type<string[] | null>(),
    /** The voucher order that bought it, when it was bought; the cancelled order it was given for, for a refund. */
    orderId: uuid("order_id"),
    /** The shop variant it belongs to; null for a voucher or coupon made before variants were kept (its market's). */
    product: text("product"),
    /** The design a bought voucher is printed in (shared/voucher-designs.ts). */
    design: text("design"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  // A voucher order finds the voucher it bought; a customer's vouchers are found through their orders.
  (table) => [index("vouchers_order_idx").on(table.orderId)],
);

/** What happened to a voucher besides spending: issued, its e-mail sent again, cancelled with the reason. */
export const voucherEvents = pgTable(
  "voucher_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    voucherId: uuid("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    kind: text("kind").notNull(),
    /** The operator's reason for a cancellation; empty otherwise. */
    note: text("note").notNull().default(""),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [index("voucher_events_voucher_idx").on(table.voucherId)],
);

/** What each order took from a voucher; a cancelled order gives it back (`released_at`). */
export const voucherSpendings = pgTable(
  "voucher_spendings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    voucherId: uuid("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: minor("amount").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    releasedAt: instant("released_at"),
  },
  (table) => [index("voucher_spendings_voucher_idx").on(table.voucherId)],
);

/**
 * The wrong voucher codes each client tried lately (decision 015), one row per client (an IPv4 address or an IPv6
 * /64): every lookup of codes locks the client's row, so requests on any api instance count one after the other.
 */
export const wrongVoucherCodes = pgTable(
  "wrong_voucher_codes",
  {
    client: text("client").primaryKey(),
    tries: jsonb("tries").$type<WrongCodeTry[]>().notNull(),
    /** Rows unchanged for longer than the budget's window hold nothing that counts, and are removed. */
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [index("wrong_voucher_codes_updated_at_idx").on(table.updatedAt)],
);

/**
 * Messages of the contact form (ContactMessageSend), kept as sent: support is mailed each through the outbox, and
 * the client's recent messages are counted against its budget (domain/contact-messages.ts).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The shop it was sent in (a ProductKey): its support address gets it. */
    product: text("product").notNull(),
    language: text("language").notNull(),
    fullname: text("fullname").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The sending client as the api counts clients (client-address.ts). */
    client: text("client").notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [index("contact_messages_client_created_at_idx").on(table.client, table.createdAt)],
);

/**
 * Each movement of money into the shop's bank accounts that a statement or Fio's API brought, once: the bank's own
 * reference is unique on its account, so a statement imported twice (or a file and the API telling the same movement)
 * adds and changes nothing. Kept with what it paid, or why it paid nothing (domain/transfer-matching.ts): the
 * movements with money the shop did not expect are the operator's list.
 */
export const bankMovements = pgTable(
  "bank_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The shop's account, as the statement names it (an IBAN or a Czech account number). */
    account: text("account").notNull(),
    reference: text("reference").notNull(),
    bookedOn: date("booked_on", { mode: "string" }).notNull(),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    variableSymbol: text("variable_symbol"),
    message: text("message"),
    counterpartyName: text("counterparty_name"),
    counterpartyAccount: text("counterparty_account"),
    /** Where it was read: a statement file's name, or "fio" for the API. */
    source: text("source").notNull(),
    /** paid, partly_paid, overpaid, not_due (an order that owes no transfer), or why no order: no_order, … */
    outcome: text("outcome").notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    /** Minor units: what it paid of the order, and what the order did not owe (to be returned or placed). */
    applied: minor("applied").notNull(),
    surplus: minor("surplus").notNull(),
    importedAt: instant("imported_at").notNull(),
    /** Set by the operator once the surplus was returned or placed; the list shows only what is left to do. */
    resolvedAt: instant("resolved_at"),
  },
  (table) => [
    uniqueIndex("bank_movements_account_reference_idx").on(table.account, table.reference),
    index("bank_movements_order_idx").on(table.orderId),
  ],
);
