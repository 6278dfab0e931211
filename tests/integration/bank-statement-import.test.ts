import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookingStatus, OrderStatus, type HotelOrder } from "../../gen/dzb/shop/v1/order_pb";
import { PaymentStatus } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { readBankStatement } from "../../server/adapters/bank-statements";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import type { Config } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { marketDate } from "../../server/domain/stay";
import { createJobHandlers, periodicJobs } from "../../server/job-handlers";
import type { JobHandlers } from "../../server/jobs/worker";
import { importBankStatement, type ImportedMovement } from "../../server/orders/bank-statement-import";
import { bankImportJobKind } from "../../server/orders/bank-statement-sources";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { runOps } from "../../server/ops/commands";
import { movementsToResolve } from "../../server/stores/bank-movements";
import { findOrder } from "../../server/stores/orders";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { camt053File, gpcFile, mt940File, type WrittenMovement } from "../fixtures/bank-statement-files";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { fixtureFioAnswer, startFioFake, type FioFake } from "../fixtures/fio-api-fake";
import { hotelOrderSteps, minorOf, now, variants } from "../fixtures/hotel-orders";
import { drainJobs } from "../fixtures/jobs";

/**
 * Issue 33: the bank's statement pays the orders. Transfer orders are made through the api; statements in each
 * format the shop reads bring their money; what each movement did is read back as the customer sees the order (the
 * api's OrderDetail) and as the operator sees the movements the shop did not expect.
 */

const transferOnly = { lastPayment: "transfer" } as const;
const FIO_TOKEN = "t0KeN".repeat(12) + "abcd";

describe.each(databaseTargets())("bank statement import, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let handlers: JobHandlers;
  let mailDir: string;
  let references = 0;
  const clock = now;
  const today = marketDate(clock);
  const simulator = createSimulatorProvider({ now: () => clock, delay: async () => {} });
  const { createOrder } = hotelOrderSteps({ client: () => client, simulator, slugPrefix: "bank-import-test" });

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, provider: simulator, now: () => clock });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    mailDir = await mkdtemp(join(tmpdir(), "dzb-bank-mail-"));
    handlers = jobHandlers(api.deps.config);
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  const db = () => database.db;

  function jobHandlers(config: Config): JobHandlers {
    const mailer = createFileMailer(mailDir);
    return createJobHandlers({ ...api.deps, db: db(), config, provider: simulator, mailer, now: () => clock });
  }

  /** A new order of a stay paid by one transfer, with what the transfer asks. */
  async function transferOrder(product: "DZB_CZ" | "DZB_PL" = "DZB_CZ") {
    const { order } = await createOrder(transferOnly, product);
    const [transfer] = order.payments;
    return { number: order.orderNumber, id: order.orderId, due: minorOf(transfer!.value) };
  }

  async function orderOf(orderId: string, product: "DZB_CZ" | "DZB_PL" = "DZB_CZ"): Promise<HotelOrder> {
    const detail = await client.orderDetail({ productVariant: variants[product], orderId });
    if (detail.order.case !== "hotelOrder") throw new Error(`order ${orderId} is not a hotel order`);
    return detail.order.value;
  }

  /** The order's payments as its status page lists them: how much, and whether paid. */
  async function paymentsOf(orderId: string, product: "DZB_CZ" | "DZB_PL" = "DZB_CZ") {
    const order = await orderOf(orderId, product);
    return order.payments.map((payment) => [minorOf(payment.value), PaymentStatus[payment.status]]);
  }

  /** A movement received today, with a reference of its own. */
  const received = (amount: number, said: Omit<WrittenMovement, "reference" | "amount" | "bookedOn">) => ({
    reference: String(7_000_000 + ++references),
    amount,
    bookedOn: today,
    ...said,
  });

  const outcomes = (movements: readonly ImportedMovement[]) =>
    movements.map(({ outcome, orderNumber, applied, surplus }) => ({ outcome, orderNumber, applied, surplus }));

  it("camt.053: pays an order in full, part of one, one and more, none that owed nothing, and lists the rest", async () => {
    const exact = await transferOrder();
    const part = await transferOrder();
    const over = await transferOrder();
    const paidBefore = await transferOrder();
    await markTransferPaid(db(), paidBefore.number, clock);
    const half = Math.floor(part.due / 2);

    const file = camt053File([
      received(exact.due, { variableSymbol: exact.number, message: `Objednavka ${exact.number}` }),
      received(half, { variableSymbol: part.number }),
      received(over.due + 10_000, { variableSymbol: over.number }),
      received(paidBefore.due, { variableSymbol: paidBefore.number }),
      received(50_000, { message: "Dar" }),
      { reference: String(7_000_000 + ++references), amount: -25_000, bookedOn: today, message: "Poplatek" },
    ]);
    const first = await importBankStatement(db(), readBankStatement(file), "day.xml", clock);
    expect(outcomes(first)).toEqual([
      { outcome: "paid", orderNumber: exact.number, applied: exact.due, surplus: 0 },
      { outcome: "partly_paid", orderNumber: part.number, applied: half, surplus: 0 },
      { outcome: "overpaid", orderNumber: over.number, applied: over.due, surplus: 10_000 },
      { outcome: "not_due", orderNumber: paidBefore.number, applied: 0, surplus: paidBefore.due },
      { outcome: "no_order", orderNumber: undefined, applied: 0, surplus: 50_000 },
      { outcome: "outgoing", orderNumber: undefined, applied: 0, surplus: 0 },
    ]);
    expect(first[1]).toMatchObject({ orderStatus: "partially_paid", stillDue: part.due - half });

    // The customer's order: paid, booked as any paid order is; the part paid one owes the rest by transfer.
    expect((await orderOf(exact.id)).status).toBe(OrderStatus.PAID);
    expect((await orderOf(over.id)).status).toBe(OrderStatus.PAID);
    expect((await orderOf(part.id)).status).toBe(OrderStatus.PARTIALLY_PAID);
    expect(await paymentsOf(part.id)).toEqual([
      [half, "PAID"],
      [part.due - half, "WAITING"],
    ]);
    const waitingRest = (await orderOf(part.id)).payments[1]!;
    expect(waitingRest.bankTransfer?.variableSymbol).toBe(part.number);
    await drainJobs(db(), handlers, clock);
    expect((await orderOf(exact.id)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    expect((await orderOf(part.id)).booking?.bookingStatus).toBe(BookingStatus.NOT_ORDERED);

    // The same statement again changes nothing.
    const stored = await Promise.all([exact, part, over, paidBefore].map(({ id }) => findOrder(db(), id)));
    const again = await importBankStatement(db(), readBankStatement(file), "day-again.xml", clock);
    expect(again.map(({ outcome }) => outcome)).toEqual([...Array(5).fill("already_imported"), "outgoing"]);
    expect(await Promise.all([exact, part, over, paidBefore].map(({ id }) => findOrder(db(), id)))).toEqual(stored);

    // What the operator has to return or place, oldest first, until resolved.
    const toResolve = (await movementsToResolve(db())).filter((m) => m.bookedOn === today);
    expect(toResolve.map(({ outcome, orderNumber, surplus }) => ({ outcome, orderNumber, surplus }))).toEqual(
      expect.arrayContaining([
        { outcome: "overpaid", orderNumber: over.number, surplus: 10_000 },
        { outcome: "not_due", orderNumber: paidBefore.number, surplus: paidBefore.due },
        { outcome: "no_order", orderNumber: null, surplus: 50_000 },
      ])
    );
    const lines: string[] = [];
    const context = { db: db(), now: clock, print: (line: string) => lines.push(line) };
    const gift = toResolve.find((m) => m.outcome === "no_order")!;
    await runOps(["bank-resolved", gift.id], context);
    await runOps(["bank-movements"], context);
    expect(lines[0]).toBe(`movement ${gift.id} resolved`);
    expect(lines.some((line) => line.startsWith(`${gift.id} `))).toBe(false);
    expect(lines.some((line) => line.includes(`order ${over.number}`) && line.includes("overpaid"))).toBe(true);
    await expect(runOps(["bank-resolved", gift.id], context)).rejects.toThrow(`no movement ${gift.id} waits`);
  });

  it("GPC, by the operator's command: the rest of a part paid order pays it, and the stay is booked", async () => {
    const order = await transferOrder();
    const first = 100_000;
    const dir = await mkdtemp(join(tmpdir(), "dzb-bank-gpc-"));
    const files = [join(dir, "part.gpc"), join(dir, "rest.gpc")];
    const rest = received(order.due - first, { variableSymbol: order.number, message: "doplatek" });
    await writeFile(files[0]!, gpcFile([received(first, { variableSymbol: order.number })]));
    await writeFile(files[1]!, gpcFile([rest]));

    const lines: string[] = [];
    await runOps(["bank-import", ...files], { db: db(), now: clock, print: (line) => lines.push(line) });
    expect(lines).toEqual([
      "part.gpc: gpc, account 19-2000145399, 1 movement(s)",
      expect.stringMatching(new RegExp(`^  ${today} \\d+ VS ${order.number} .*: paid part of order ${order.number}, `)),
      "rest.gpc: gpc, account 19-2000145399, 1 movement(s)",
      expect.stringMatching(new RegExp(`: paid order ${order.number}; status paid$`)),
    ]);
    expect(await paymentsOf(order.id)).toEqual([
      [first, "PAID"],
      [order.due - first, "PAID"],
    ]);
    await drainJobs(db(), handlers, clock);
    expect((await orderOf(order.id)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);

    lines.length = 0;
    await runOps(["bank-import", files[1]!], { db: db(), now: clock, print: (line) => lines.push(line) });
    expect(lines[1]).toMatch(new RegExp(`: imported before \\(order ${order.number}\\): nothing changed$`));
    await expect(
      runOps(["bank-import", join(dir, "missing.gpc")], { db: db(), now: clock, print: () => {} })
    ).rejects.toThrow("no such file");
  });

  it("MT940: a Polish transfer pays the order its title names; one naming two orders or a koruna order does not", async () => {
    const order = await transferOrder("DZB_PL");
    const other = await transferOrder("DZB_PL");
    const czech = await transferOrder("DZB_CZ");
    const statement = readBankStatement(
      mt940File([
        received(order.due, { message: `ZAMOWIENIE ${order.number}` }),
        received(other.due, { message: `${order.number} ${other.number}` }),
        received(czech.due, { message: czech.number }),
      ])
    );
    expect(outcomes(await importBankStatement(db(), statement, "pko.sta", clock))).toEqual([
      { outcome: "paid", orderNumber: order.number, applied: order.due, surplus: 0 },
      { outcome: "several_orders", orderNumber: undefined, applied: 0, surplus: other.due },
      { outcome: "other_currency", orderNumber: undefined, applied: 0, surplus: czech.due },
    ]);
    expect((await orderOf(order.id, "DZB_PL")).status).toBe(OrderStatus.PAID);
    expect((await orderOf(other.id, "DZB_PL")).status).toBe(OrderStatus.WAITING);
    expect((await orderOf(czech.id)).status).toBe(OrderStatus.WAITING);
  });

  it("pays an order once when the same statement is imported twice at the same time", async () => {
    const order = await transferOrder();
    const statement = readBankStatement(camt053File([received(order.due, { variableSymbol: order.number })]));
    const both = await Promise.all([
      importBankStatement(db(), statement, "a.xml", clock),
      importBankStatement(db(), statement, "b.xml", clock),
    ]);
    expect(both.map(([movement]) => movement!.outcome).sort()).toEqual(["already_imported", "paid"]);
    expect(await paymentsOf(order.id)).toEqual([[order.due, "PAID"]]);
  });

  describe("the worker", () => {
    let fio: FioFake;
    let dir: string;
    let config: Config;

    beforeAll(async () => {
      fio = await startFioFake(FIO_TOKEN, { accountStatement: { info: fixtureFioAnswer().accountStatement.info } });
      dir = await mkdtemp(join(tmpdir(), "dzb-bank-folder-"));
      const fioSettings = { token: FIO_TOKEN, baseUrl: fio.baseUrl, days: 14 };
      config = { ...api.deps.config, bankImport: { statementDir: dir, fio: fioSettings, everyMs: 60_000 } };
    });

    afterAll(async () => {
      await fio.close();
    });

    /** The job's handler, as the worker runs it. */
    const runImport = (worker: JobHandlers) =>
      worker[bankImportJobKind]!(undefined, { jobId: "bank-import", attempt: 1, maxAttempts: 3 });

    /** A movement as Fio's JSON has it, each column `{ value, name, id }`. */
    function fioMovement(id: string, amount: number, variableSymbol: string): Record<string, unknown> {
      const columns: Record<number, unknown> = {
        22: Number(id),
        0: `${today}+0100`,
        1: amount / 100,
        14: "CZK",
        5: variableSymbol,
        10: "Jana Novakova",
      };
      return Object.fromEntries(
        Object.entries(columns).map(([column, value]) => [`column${column}`, { value, name: "", id: Number(column) }])
      );
    }

    it("is told to look every period only where the shop has statements to take", () => {
      expect(periodicJobs(api.deps.config).map((job) => job.kind)).not.toContain(bankImportJobKind);
      expect(periodicJobs(config)).toContainEqual({ kind: bankImportJobKind, everyMs: 60_000 });
    });

    it("imports the files dropped in the folder and Fio's movements, and moves each file aside", async () => {
      const byFile = await transferOrder();
      const byFio = await transferOrder();
      await writeFile(join(dir, "vypis.gpc"), gpcFile([received(byFile.due, { variableSymbol: byFile.number })]));
      await writeFile(join(dir, "notes.txt"), "Nothing a bank wrote");
      fio.movements.push(fioMovement(String(8_000_000 + ++references), byFio.due, byFio.number));

      const worker = jobHandlers(config);
      await runImport(worker);
      expect((await orderOf(byFile.id)).status).toBe(OrderStatus.PAID);
      expect((await orderOf(byFio.id)).status).toBe(OrderStatus.PAID);
      expect(await readdir(dir)).toEqual(["imported", "unreadable"]);
      expect(await readdir(join(dir, "imported"))).toEqual([expect.stringMatching(/-vypis\.gpc$/)]);
      expect(await readdir(join(dir, "unreadable"))).toEqual([expect.stringMatching(/-notes\.txt$/)]);
      // Fio is asked for the last 14 days, today included.
      const firstDay = marketDate(new Date(clock.getTime() - 13 * 86_400_000));
      expect(fio.paths).toEqual([`/v1/rest/periods/${FIO_TOKEN}/${firstDay}/${today}/transactions.json`]);

      // The next period asks Fio again for the same days: what it answered before changes nothing.
      fio.advance(30_000);
      const before = await Promise.all([byFile, byFio].map(({ id }) => findOrder(db(), id)));
      await runImport(worker);
      expect(await Promise.all([byFile, byFio].map(({ id }) => findOrder(db(), id)))).toEqual(before);
      expect(fio.paths).toHaveLength(2);
      // A shop told of neither looks nowhere.
      await runImport(handlers);
      expect(fio.paths).toHaveLength(2);
    });

    it("fails the job when Fio refuses, after the folder's files are imported", async () => {
      const order = await transferOrder();
      await writeFile(join(dir, "later.gpc"), gpcFile([received(order.due, { variableSymbol: order.number })]));
      // Within Fio's 30 seconds of the last call.
      await expect(runImport(jobHandlers(config))).rejects.toThrow("one call per token in 30 seconds");
      expect((await orderOf(order.id)).status).toBe(OrderStatus.PAID);
    });
  });
});
