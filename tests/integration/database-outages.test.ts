import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { systemClock } from "../../server/clock";
import { openDatabase, type OpenDatabase } from "../../server/db/database";
import { jobs, orders } from "../../server/db/schema";
import { enqueueJob } from "../../server/jobs/queue";
import { bookingJob } from "../../server/orders/order-jobs";
import { startApiServer } from "../fixtures/api-server";
import { quietLog } from "../../server/logging/captured-log.test-helper";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { startDatabaseProxy, type DatabaseProxy } from "../fixtures/database-proxy";
import { customer, czVariant, failureOf, hotelOrderSteps } from "../fixtures/hotel-orders";
import { freePort, shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";

/**
 * The database going away under a running shop (issue 26): PostgreSQL ending the shop's connections (a failover, a
 * restart, an operator), refusing new ones, going silent, or too slow to answer. The api and the worker run as
 * production runs them, each a process of its own on a database of their own, and outlive it all: a call that lost its
 * connection is answered `unavailable` with TEMPORARILY_UNAVAILABLE, a job's attempt fails and is retried, and the next
 * call or poll gets a new connection. PostgreSQL only: PGlite lives inside the process and has no connection to lose.
 */

const postgres = databaseTargets().find((target) => target.name === "postgres");
const transferOnly = { lastPayment: "transfer" } as const;
const unavailable = { code: Code.Unavailable, errorCode: ErrorCode.TEMPORARILY_UNAVAILABLE };
/** Each process names its connections, so the test ends only that process's. */
const apiConnections = "dzb-outage-api";
const workerConnections = "dzb-outage-worker";
/** Long enough for a loaded machine to get the condition right, the test's own timeout notwithstanding. */
const conditionTimeout = { timeout: 30_000, interval: 20 };

async function connectTo(testDb: TestDatabase): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDb.options.databaseUrl });
  await client.connect();
  return client;
}

/**
 * Ends every connection that was named so, as PostgreSQL does in a failover or a restart, and waits until their server
 * processes are gone, so that what they said last is on its way.
 */
async function endConnectionsOf(admin: pg.Client, applicationName: string): Promise<number> {
  const ended = await admin.query(
    `select pg_terminate_backend(pid, 10000) from pg_stat_activity
     where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [applicationName]
  );
  return ended.rowCount ?? 0;
}

const withApplicationName = (databaseUrl: string, name: string) => {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", name);
  return url.toString();
};

describe.skipIf(!postgres)("database outages, postgres", () => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  /**
   * The test's own connections: one watches the shop's and ends them, the other holds the locks the shop's statements
   * wait on (a transaction would see pg_stat_activity as it was at its first look).
   */
  let admin: pg.Client;
  let locker: pg.Client;
  let proxy: DatabaseProxy;
  let api: ShopProcess;
  let worker: ShopProcess;
  let apiOrigin: string;
  let client: Client<typeof ShopService>;
  const simulator = createSimulatorProvider({ now: systemClock, delay: async () => {} });
  // The processes run on the real clock, so the stays are looked for from today.
  const steps = hotelOrderSteps({ client: () => client, simulator, slugPrefix: "outage", today: new Date() });

  beforeAll(async () => {
    testDb = await postgres!.create();
    database = await testDb.open();
    [admin, locker] = await Promise.all([connectTo(testDb), connectTo(testDb)]);
    // The api reaches the database through a relay the test can silence or close; the worker directly.
    proxy = await startDatabaseProxy(testDb.options.databaseUrl!);
    const apiPort = await freePort();
    apiOrigin = `http://127.0.0.1:${apiPort}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), "dzb-outages-"));
    [api, worker] = await Promise.all([
      startShopProcess(
        apiPort,
        {
          ROLE: "api",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: withApplicationName(proxy.url, apiConnections),
        },
        { fromSources: true }
      ),
      startShopProcess(
        await freePort(),
        {
          ROLE: "worker",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: withApplicationName(testDb.options.databaseUrl!, workerConnections),
        },
        { fromSources: true }
      ),
    ]);
    client = createClient(ShopService, createConnectTransport({ baseUrl: `${apiOrigin}/api`, httpVersion: "1.1" }));
  }, shopStartTimeoutMs + 30_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await proxy?.close();
    await Promise.all([admin?.end(), locker?.end()]);
    await database?.close();
    await testDb?.dispose();
  });

  const endConnections = (applicationName: string) => endConnectionsOf(admin, applicationName);

  /** How many of the process's connections are in a statement or a transaction, or waiting for a lock. */
  async function connectionsOf(applicationName: string, which: "busy" | "waiting for a lock"): Promise<number> {
    const condition = which === "busy" ? "state <> 'idle'" : "wait_event_type = 'Lock'";
    const found = await admin.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = $1 and ${condition}`,
      [applicationName]
    );
    return found.rows[0].n;
  }

  const readiness = () => fetch(`${apiOrigin}/readyz`).then((answer) => answer.status);

  const createFrom = (previewId: string) =>
    client.hotelOrderCreate({ productVariant: czVariant, previewId, paymentRequest: transferOnly, order: customer });

  it("answers unavailable for the calls whose connections were ended in their transactions, then orders anew", async () => {
    const previews = await Promise.all([1, 2, 3, 4].map(() => steps.preview(transferOnly)));
    // Held by the test, the orders table makes every create wait inside its transaction, at its insert.
    await locker.query("begin");
    await locker.query("lock table orders in exclusive mode");
    const creates = previews.map((preview) => failureOf(createFrom(preview.previewId)));
    await vi.waitFor(
      async () => expect(await connectionsOf(apiConnections, "waiting for a lock")).toBe(previews.length),
      conditionTimeout
    );
    expect(await endConnections(apiConnections)).toBeGreaterThanOrEqual(previews.length);
    await locker.query("rollback");

    for (const failure of await Promise.all(creates)) expect(failure).toMatchObject(unavailable);
    // Nothing of the failed attempts was kept: the same previews order now, on new connections.
    for (const preview of previews) {
      const { hotelOrder } = await createFrom(preview.previewId);
      expect(hotelOrder?.orderNumber).toBeTruthy();
    }
    expect(api.running()).toBe(true);
    expect(await readiness()).toBe(200);
  });

  it("keeps placing orders while its connections are ended again and again under load", async () => {
    const flows = Array.from({ length: 24 }, () =>
      steps.createOrder(transferOnly).then(
        () => "ordered" as const,
        (error: unknown) => failureOf(Promise.reject(error))
      )
    );
    let settled = false;
    const outcomes = Promise.all(flows).finally(() => (settled = true));
    // Three times, each time some of the flows are at work in a statement or a transaction.
    let ended = 0;
    for (let rounds = 0; rounds < 3 && !settled; ) {
      if ((await connectionsOf(apiConnections, "busy")) > 0) {
        ended += await endConnections(apiConnections);
        rounds += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const outcome of await outcomes) if (outcome !== "ordered") expect(outcome).toMatchObject(unavailable);

    expect(ended).toBeGreaterThan(0);
    expect(api.running()).toBe(true);
    expect((await steps.createOrder(transferOnly)).order.orderNumber).toBeTruthy();
  });

  it("answers unavailable and not ready while PostgreSQL refuses connections, and serves again once it accepts", async () => {
    await proxy.refuse();
    try {
      expect(await failureOf(steps.preview(transferOnly))).toMatchObject(unavailable);
      expect(await readiness()).toBe(503);
      expect(api.running()).toBe(true);
    } finally {
      await proxy.accept();
    }
    expect((await steps.createOrder(transferOnly)).order.orderNumber).toBeTruthy();
    expect(await readiness()).toBe(200);
  });

  it("says it is not ready while the database does not answer, and finishes the call held meanwhile", async () => {
    const previewed = await steps.preview(transferOnly);
    proxy.stall();
    const create = createFrom(previewed.previewId).then(
      ({ hotelOrder }) => hotelOrder?.orderNumber,
      (error: unknown) => failureOf(Promise.reject(error))
    );
    try {
      // The readiness check has a deadline of its own: it answers while the database still does not.
      expect(await readiness()).toBe(503);
      expect(api.running()).toBe(true);
    } finally {
      proxy.resume();
    }
    // Held until the database answered again, or given up on (no connection within the connect timeout).
    const outcome = await create;
    if (typeof outcome !== "string") expect(outcome).toMatchObject(unavailable);
    await vi.waitFor(async () => expect(await readiness()).toBe(200), conditionTimeout);
  });

  it("the worker outlives its connections ended while it polls and in a job's transaction, and runs the job again", async () => {
    // Polling: its connection, taken for a poll, ended each time it shows.
    for (let round = 0; round < 3; round += 1) {
      await vi.waitFor(
        async () => expect(await endConnections(workerConnections)).toBeGreaterThan(0),
        conditionTimeout
      );
    }

    // Ordered through an api of the test's own, so that this test does not depend on the api process above.
    const ownApi = await startApiServer({ db: database.db, now: systemClock });
    const ownClient = createClient(
      ShopService,
      createConnectTransport({ baseUrl: ownApi.baseUrl, httpVersion: "1.1" })
    );
    const ownSteps = hotelOrderSteps({
      client: () => ownClient,
      simulator,
      slugPrefix: "outage-job",
      today: new Date(),
    });
    const { order } = await ownSteps.createOrder(transferOnly).finally(() => ownApi.stop());
    // The order held by the test, the booking job waits inside its first transaction.
    await locker.query("begin");
    await locker.query("select 1 from orders where id = $1 for update", [order.orderId]);
    const { id: jobId } = await enqueueJob(database.db, bookingJob(order.orderId, new Date()));
    await vi.waitFor(
      async () => expect(await connectionsOf(workerConnections, "waiting for a lock")).toBe(1),
      conditionTimeout
    );
    await endConnections(workerConnections);
    await locker.query("rollback");

    const jobRow = async () => (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
    // The failed attempt is recorded by a worker that lives on, for a retry after its backoff.
    await vi.waitFor(async () => {
      expect(worker.running(), worker.output()).toBe(true);
      expect((await jobRow()).lastError).toBeTruthy();
    }, conditionTimeout);
    const failed = await jobRow();
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lockedUntil: null });
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(worker.output()).toMatch(/job failed \(retry\)/);

    // Its backoff over (moved to now here), the worker books the order.
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, jobId));
    await vi.waitFor(async () => expect((await jobRow()).doneAt).not.toBeNull(), conditionTimeout);
    const [booked] = await database.db
      .select({ bookingStatus: orders.bookingStatus })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    expect(booked?.bookingStatus).toBe("active");
    expect(worker.running()).toBe(true);
  });
});

describe.skipIf(!postgres)("the connection pool, postgres", () => {
  let testDb: TestDatabase;
  let admin: pg.Client;
  let locker: pg.Client;

  beforeAll(async () => {
    testDb = await postgres!.create();
    [admin, locker] = await Promise.all([connectTo(testDb), connectTo(testDb)]);
  });

  afterAll(async () => {
    await Promise.all([admin?.end(), locker?.end()]);
    await testDb?.dispose();
  });

  it("has a statement past the statement timeout cancelled, and its call answered unavailable", async () => {
    const database = await openDatabase(
      { ...testDb.options, postgres: { poolSize: 2, connectTimeoutMs: 5_000, statementTimeoutMs: 200 } },
      quietLog
    );
    const now = () => new Date();
    const api = await startApiServer({ db: database.db, now });
    try {
      const client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
      const steps = hotelOrderSteps({
        client: () => client,
        simulator: createSimulatorProvider({ now, delay: async () => {} }),
        slugPrefix: "statement-timeout",
        today: now(),
      });
      const previewed = await steps.preview(transferOnly);
      await locker.query("begin");
      await locker.query("lock table orders in exclusive mode");
      try {
        const create = client.hotelOrderCreate({
          productVariant: czVariant,
          previewId: previewed.previewId,
          paymentRequest: transferOnly,
          order: customer,
        });
        expect(await failureOf(create)).toMatchObject(unavailable);
      } finally {
        await locker.query("rollback");
      }
    } finally {
      await api.stop();
      await database.close();
    }
  });

  it("migrates on the direct connection it is given, not through the pooled one", async () => {
    // The pooled way refuses connections while the database opens: only the direct one can have migrated it.
    const fresh = await postgres!.createEmpty();
    const pooled = await startDatabaseProxy(fresh.options.databaseUrl!);
    await pooled.refuse();
    const direct = fresh.options.databaseUrl!;
    const database = await openDatabase({ ...fresh.options, databaseUrl: pooled.url, migrationUrl: direct }, quietLog);
    try {
      await pooled.accept();
      const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
      await pooled.close();
      await fresh.dispose();
    }
  });

  it("takes back a connection lost as a transaction began, so the next transaction gets a new one", async () => {
    // One connection, reached through a relay that holds the server's goodbye until the transaction has taken it.
    const proxy = await startDatabaseProxy(testDb.options.databaseUrl!);
    const name = "dzb-outage-pool";
    const database = await openDatabase(
      {
        ...testDb.options,
        databaseUrl: withApplicationName(proxy.url, name),
        postgres: { poolSize: 1, connectTimeoutMs: 2_000, statementTimeoutMs: 15_000 },
      },
      quietLog
    );
    const transactionAnswer = () => database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
    try {
      await transactionAnswer();
      proxy.stall();
      expect(await endConnectionsOf(admin, name)).toBe(1);
      const lost = transactionAnswer();
      // The pool hands its one connection out at once; only then does the client learn that it is gone.
      await new Promise((resolve) => setImmediate(resolve));
      proxy.resume();
      await expect(lost).rejects.toThrow();
      expect((await transactionAnswer()).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
