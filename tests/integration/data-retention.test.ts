import { randomUUID } from "node:crypto";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { VoucherFeeMode } from "../../gen/dzb/shop/v1/voucher_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { jobs, wrongVoucherCodes } from "../../server/db/schema";
import { claimNextJob, completeJob, enqueueJob, failJob } from "../../server/jobs/queue";
import { deleteDataKeptLongEnough } from "../../server/orders/data-retention";
import { findAvailability } from "../../server/stores/availabilities";
import { findPreview } from "../../server/stores/previews";
import { findVoucherPreview } from "../../server/stores/voucher-previews";
import { lockWrongCodeTries } from "../../server/stores/wrong-voucher-codes";
import { DAY_MS } from "../../shared/calendar-date";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { customer, czVariant, failureOf, hotelOrderSteps, money, now as start } from "../fixtures/hotel-orders";

/**
 * What the shop keeps only for a while goes once it has been kept long enough (decision 048), by the api's clock,
 * which the test moves: availability checks and previews no order was made from, finished jobs, and wrong voucher code
 * budgets that count for nothing any more. What an order was made from, and whatever is recent, stays.
 */

const config = loadConfig({ ENV: "test", NODE_ENV: "test" });
const days = (count: number) => count * DAY_MS;
const later = (ms: number) => new Date(start.getTime() + ms);
/** When the retention runs: a month and a day after the first things were made. */
const runAt = later(days(31));

describe.each(databaseTargets())("data kept for a while, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let clock = start;
  const simulator = createSimulatorProvider({ now: () => start, delay: async () => {} });
  const steps = hotelOrderSteps({ client: () => client, simulator, slugPrefix: "retention" });
  const at = async <T>(when: Date, make: () => Promise<T>): Promise<T> => {
    clock = when;
    return make();
  };

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, provider: simulator, now: () => clock, config });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  });

  afterAll(async () => {
    await api?.stop();
    await database?.close();
    await testDb?.dispose();
  });

  const transfer = { lastPayment: "transfer" } as const;

  async function voucherPreview() {
    return client.voucherOrderPreview({
      productVariant: czVariant,
      voucherValue: money(300_000),
      feeMode: VoucherFeeMode.VALUE_PLUS_FEES,
      paymentRequest: transfer,
    });
  }

  async function voucherOrder() {
    const preview = await voucherPreview();
    await client.voucherOrderCreate({
      productVariant: czVariant,
      voucherValue: money(300_000),
      feeMode: VoucherFeeMode.VALUE_PLUS_FEES,
      previewId: preview.previewId,
      paymentRequest: preview.paymentRequest,
      order: customer,
      design: "mountains",
    });
    return preview;
  }

  /** A job of a kind of its own, finished at `when`: done, or dead on its only attempt. */
  async function finishedJob(when: Date, outcome: "done" | "dead"): Promise<string> {
    const kind = `retention-test-${randomUUID()}`;
    const { id } = await enqueueJob(database.db, { kind, payload: {}, runAt: when, maxAttempts: 1 });
    const claimed = await claimNextJob(database.db, { kinds: [kind], now: when, lockForMs: 1_000 });
    if (outcome === "done") await completeJob(database.db, claimed!, when);
    else await failJob(database.db, claimed!, { now: when, error: "gave up" });
    return id;
  }

  const jobExists = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id))).length > 0;

  it("deletes what is older than its retention and no order was made from, and keeps the rest", async () => {
    // A month and a day before the run: a check alone, a preview alone, an order, and a voucher preview and order.
    const lone = await at(start, () => steps.availability());
    const unordered = await at(start, () => steps.preview(transfer));
    const ordered = await at(start, () => steps.createOrder(transfer));
    const unorderedVoucher = await at(start, () => voucherPreview());
    const orderedVoucher = await at(start, () => voucherOrder());
    // Priced 29 days before the run, from a check made then: the check is past its week, but the preview needs it.
    const lastMonth = await at(later(days(2)), () => steps.preview(transfer));
    // A preview made then and priced again 21 days before the run.
    const repriced = await at(start, () => steps.preview(transfer));
    await at(later(days(10)), () =>
      client.hotelOrderPreview({
        productVariant: czVariant,
        lookup: { case: "previewId", value: repriced.previewId },
        paymentRequest: transfer,
      })
    );
    // Six days before the run.
    const recent = await at(later(days(25)), () => steps.availability());

    const jobsKept = [
      await finishedJob(new Date(runAt.getTime() - days(89)), "done"),
      await finishedJob(new Date(runAt.getTime() - days(364)), "dead"),
    ];
    const jobsGone = [
      await finishedJob(new Date(runAt.getTime() - days(91)), "done"),
      await finishedJob(new Date(runAt.getTime() - days(366)), "dead"),
    ];
    // A wrong code tried a minute ago counts; one tried a month ago does not.
    await lockWrongCodeTries(database.db, "192.0.2.1", new Date(runAt.getTime() - 60_000));
    await lockWrongCodeTries(database.db, "192.0.2.2", start);

    clock = runAt;
    const deleted = await deleteDataKeptLongEnough({ db: database.db, now: () => clock, config });
    expect(deleted).toEqual({
      previews: 1,
      voucherPreviews: 1,
      availabilities: 2,
      jobs: 2,
      wrongVoucherCodeClients: 1,
    });

    const availabilityOf = (id: string) => findAvailability(database.db, id);
    expect(await availabilityOf(lone.availabilityId)).toBeUndefined();
    expect(await findPreview(database.db, unordered.previewId)).toBeUndefined();
    expect(await availabilityOf(unordered.availabilityId)).toBeUndefined();
    expect(await findVoucherPreview(database.db, unorderedVoucher.previewId)).toBeUndefined();
    // Asked for again, what went is unknown, as any address that names nothing.
    const againUnordered = client.hotelOrderPreview({
      productVariant: czVariant,
      lookup: { case: "previewId", value: unordered.previewId },
    });
    expect((await failureOf(againUnordered)).code).toBe(Code.NotFound);

    expect(await findPreview(database.db, ordered.preview.previewId)).toBeDefined();
    expect(await availabilityOf(ordered.preview.availabilityId)).toBeDefined();
    expect(await findVoucherPreview(database.db, orderedVoucher.previewId)).toBeDefined();
    const detail = await client.orderDetail({ productVariant: czVariant, orderId: ordered.order.orderId });
    expect(detail.order.case).toBe("hotelOrder");
    expect(await findPreview(database.db, lastMonth.previewId)).toBeDefined();
    expect(await availabilityOf(lastMonth.availabilityId)).toBeDefined();
    expect(await findPreview(database.db, repriced.previewId)).toBeDefined();
    expect(await availabilityOf(recent.availabilityId)).toBeDefined();

    for (const id of jobsKept) expect(await jobExists(id)).toBe(true);
    for (const id of jobsGone) expect(await jobExists(id)).toBe(false);
    const budgets = await database.db.select({ client: wrongVoucherCodes.client }).from(wrongVoucherCodes);
    expect(budgets).toEqual([{ client: "192.0.2.1" }]);
  });

  it("deletes in statements of a bounded size, as many as it takes", async () => {
    const quiet = new Date(runAt.getTime() - days(1));
    const clients = Array.from({ length: 1_234 }, (_, i) => ({ client: `quiet-${i}`, tries: [], updatedAt: quiet }));
    await database.db.insert(wrongVoucherCodes).values(clients);

    const deleted = await deleteDataKeptLongEnough({ db: database.db, now: () => runAt, config });
    expect(deleted.wrongVoucherCodeClients).toBe(1_234);
    expect(await database.db.$count(wrongVoucherCodes, eq(wrongVoucherCodes.client, "quiet-0"))).toBe(0);
  });
});
