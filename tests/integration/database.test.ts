import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsFolder, type Database, type OpenDatabase } from "../../server/db/database";
import { preparedPerDatabase } from "../../server/db/prepared";
import { hotelLinks, jobs } from "../../server/db/schema";
import {
  claimNextJob,
  completeJob,
  countJobs,
  enqueueJob,
  enqueueJobs,
  failJob,
  releaseJob,
  renewLease,
  type ClaimedJob,
} from "../../server/jobs/queue";
import { startWorker, type WorkerOptions } from "../../server/jobs/worker";
import { findHotelLink, saveHotelLink } from "../../server/stores/hotel-links";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { quietLog } from "../../server/logging/captured-log.test-helper";

// A fixed clock: every due time in these tests is relative to it, so nothing depends on when they run.
const t0 = new Date("2030-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

/** Tests share one database per target; a kind of their own keeps each test's jobs out of the others' claims. */
const uniqueKind = (label: string) => `${label}-${randomUUID()}`;

/** A job handler that tells when it started (with its payload) and runs until the test lets it finish. */
function heldHandler() {
  let started!: (payload: unknown) => void;
  const handlerStarted = new Promise<unknown>((resolve) => (started = resolve));
  let finish!: () => void;
  const mayFinish = new Promise<void>((resolve) => (finish = resolve));
  const handler = async (payload: unknown) => {
    started(payload);
    await mayFinish;
  };
  return { handler, handlerStarted, finish };
}

async function jobRow(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function claimAll(db: Database, kind: string, now: Date): Promise<ClaimedJob[]> {
  const claimed: ClaimedJob[] = [];
  for (let job = await claimNextJob(db, { kinds: [kind], now, lockForMs: 60_000 }); job; ) {
    claimed.push(job);
    job = await claimNextJob(db, { kinds: [kind], now, lockForMs: 60_000 });
  }
  return claimed;
}

async function migrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(`${defaultMigrationsFolder}/meta/_journal.json`, "utf8"));
  return journal.entries.length;
}

describe.each(databaseTargets())("database on $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.dispose();
  });

  /**
   * A job of a kind of its own, due at t0, and a worker started on it whose handler holds it until `finish()`
   * (heldHandler), by the clock t0 unless `options` say otherwise; the errors the worker logs.
   */
  async function workerOnHeldJob(label: string, options: Partial<WorkerOptions> = {}, payload: unknown = {}) {
    const kind = uniqueKind(label);
    const { id } = await enqueueJob(db, { kind, payload, runAt: t0 });
    const errors: string[] = [];
    const { handler, handlerStarted, finish } = heldHandler();
    const worker = startWorker({
      db,
      handlers: { [kind]: handler },
      pollIntervalMs: 20,
      now: () => t0,
      log: { error: (_fields, message) => errors.push(message) },
      ...options,
    });
    return { kind, id, errors, worker, handlerStarted, finish };
  }

  it(`answers a ping as ${target.name}`, async () => {
    expect(database.kind).toBe(target.name);
    await expect(database.ping(10_000)).resolves.toBeUndefined();
  });

  // Its own limit: on PGlite the database is made from nothing, initdb and every migration in WebAssembly, which takes
  // a busy machine of 2 cores well over the suite's minute.
  it("applies the migrations on open, and only once however often it is opened", { timeout: 180_000 }, async () => {
    const fresh = await target.createEmpty();
    try {
      // Instances starting together on an empty database, where PostgreSQL allows it: the migration lock's case.
      const first = await Promise.all(target.multiInstance ? [fresh.open(), fresh.open()] : [fresh.open()]);
      await Promise.all(first.map((instance) => instance.close()));
      const reopened = await fresh.open();
      try {
        const applied = await reopened.db.execute(sql`select 1 from drizzle.__drizzle_migrations`);
        expect(applied.rows).toHaveLength(await migrationCount());
        expect(await reopened.db.$count(jobs)).toBe(0);
      } finally {
        await reopened.close();
      }
    } finally {
      await fresh.dispose();
    }
  });

  it("hands out a due job once, and never again after it is completed", async () => {
    const kind = uniqueKind("complete");
    const { id } = await enqueueJob(db, { kind, payload: { orderId: "o-1", lines: [1, 2] }, runAt: t0 });

    expect(await claimNextJob(db, { kinds: [kind], now: at(-1), lockForMs: 1_000 })).toBeUndefined();
    const job = await claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 1_000 });
    expect(job).toEqual({
      id,
      kind,
      payload: { orderId: "o-1", lines: [1, 2] },
      attempts: 1,
      maxAttempts: 10,
      lockedUntil: at(1_000),
    });
    expect(await claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 1_000 })).toBeUndefined();

    expect(await completeJob(db, job!, at(10))).toBe(true);
    expect(await claimNextJob(db, { kinds: [kind], now: at(3_600_000), lockForMs: 1_000 })).toBeUndefined();
    expect(await jobRow(db, id)).toMatchObject({ doneAt: at(10), lockedUntil: null, failedAt: null });
  });

  it("makes a job due by the caller's clock, not the database's", async () => {
    // Years from the database's own time either way: only the clock the caller passes may decide.
    for (const due of [t0, new Date("2001-01-01T00:00:00Z")]) {
      const kind = uniqueKind("immediate");
      const { id } = await enqueueJob(db, { kind, payload: {}, runAt: due });
      const before = new Date(due.getTime() - 1);
      expect(await claimNextJob(db, { kinds: [kind], now: before, lockForMs: 1_000 })).toBeUndefined();
      expect((await claimNextJob(db, { kinds: [kind], now: due, lockForMs: 1_000 }))?.id).toBe(id);
    }
  });

  it("enqueues inside a transaction: the job exists only if the transaction commits", async () => {
    const kind = uniqueKind("transaction");
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { kind, payload: { committed: false }, runAt: t0 });
        throw new Error("the order could not be saved");
      }),
    ).rejects.toThrow("the order could not be saved");
    const { id } = await db.transaction((tx) => enqueueJob(tx, { kind, payload: { committed: true }, runAt: t0 }));

    const claimed = await claimAll(db, kind, t0);
    expect(claimed.map((job) => [job.id, job.payload])).toEqual([[id, { committed: true }]]);
  });

  it("creates one job per dedupe key, even when enqueued concurrently or after it ran", async () => {
    const kind = uniqueKind("dedupe");
    const dedupeKey = `book-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => enqueueJob(db, { kind, payload: {}, runAt: t0, dedupeKey })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);

    const job = await claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 1_000 });
    await completeJob(db, job!, t0);
    expect(await enqueueJob(db, { kind, payload: {}, runAt: t0, dedupeKey })).toEqual({
      id: results[0].id,
      created: false,
    });
    expect(await db.$count(jobs, eq(jobs.kind, kind))).toBe(1);
  });

  it("enqueues several jobs in one statement, each made once per dedupe key", async () => {
    const kind = uniqueKind("several");
    const taken = `mail-${randomUUID()}`;
    const { id } = await enqueueJob(db, { kind, payload: { first: true }, runAt: t0, dedupeKey: taken });
    await enqueueJobs(db, [
      { kind, payload: { first: false }, runAt: t0, dedupeKey: taken },
      { kind, payload: { expiry: true }, runAt: at(1_000), dedupeKey: `expiry-${randomUUID()}` },
      { kind, payload: { plain: true }, runAt: t0 },
    ]);
    const claimed = await claimAll(db, kind, at(1_000));
    expect(claimed.map((job) => job.payload)).toEqual(
      expect.arrayContaining([{ first: true }, { expiry: true }, { plain: true }])
    );
    expect(claimed).toHaveLength(3);
    expect(claimed.find((job) => job.id === id)?.payload).toEqual({ first: true });
  });

  it("retries a failed job after a growing delay and keeps it dead once out of attempts", async () => {
    const kind = uniqueKind("backoff");
    const backoff = { baseMs: 1_000, maxMs: 60_000 };
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0, maxAttempts: 3 });
    const claim = (now: Date) => claimNextJob(db, { kinds: [kind], now, lockForMs: 500 });

    const first = await claim(t0);
    expect(await failJob(db, first!, { now: t0, error: "gateway timeout", backoff })).toBe("retry");
    expect(await claim(at(999))).toBeUndefined();

    const second = await claim(at(1_000));
    expect(second?.attempts).toBe(2);
    expect(await failJob(db, second!, { now: at(1_000), error: "gateway timeout", backoff })).toBe("retry");
    expect(await claim(at(2_999))).toBeUndefined();

    const third = await claim(at(3_000));
    expect(third?.attempts).toBe(3);
    expect(await failJob(db, third!, { now: at(3_000), error: "gateway said no", backoff })).toBe("dead");

    expect(await claim(at(86_400_000))).toBeUndefined();
    expect(await jobRow(db, id)).toMatchObject({
      attempts: 3,
      failedAt: at(3_000),
      doneAt: null,
      lastError: "gateway said no",
    });
  });

  it("takes a job again once its lease has expired, and ignores the late first worker", async () => {
    const kind = uniqueKind("lease");
    await enqueueJob(db, { kind, payload: {}, runAt: t0 });
    const claim = (now: Date) => claimNextJob(db, { kinds: [kind], now, lockForMs: 1_000 });

    const crashed = await claim(t0);
    expect(await claim(at(999))).toBeUndefined();
    const retaken = await claim(at(1_000));
    expect(retaken).toMatchObject({ id: crashed!.id, attempts: 2, lockedUntil: at(2_000) });

    expect(await completeJob(db, crashed!, at(1_500))).toBe(false);
    expect(await failJob(db, crashed!, { now: at(1_500), error: "late" })).toBe("lease-lost");
    expect(await completeJob(db, retaken!, at(1_500))).toBe(true);
  });

  it("keeps a job with its worker while the lease is renewed, and completes it under the renewed lease", async () => {
    const kind = uniqueKind("renew");
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0 });
    const claim = (now: Date) => claimNextJob(db, { kinds: [kind], now, lockForMs: 1_000 });

    const claimed = await claim(t0);
    const renewed = await renewLease(db, claimed!, { now: at(800), lockForMs: 1_000 });
    expect(renewed).toEqual({ ...claimed, lockedUntil: at(1_800) });
    // Past the first lease, but not the renewed one: nobody else may take the job.
    expect(await claim(at(1_000))).toBeUndefined();
    expect(await claim(at(1_799))).toBeUndefined();

    // The renewed lease is the claim now: the first one no longer matches.
    expect(await completeJob(db, claimed!, at(1_500))).toBe(false);
    expect(await completeJob(db, renewed!, at(1_500))).toBe(true);
    expect(await jobRow(db, id)).toMatchObject({ doneAt: at(1_500), lockedUntil: null, attempts: 1 });
    expect(await renewLease(db, renewed!, { now: at(1_600), lockForMs: 1_000 })).toBeUndefined();
  });

  it("refuses to renew a lease another worker took over, and leaves that worker's lease alone", async () => {
    const kind = uniqueKind("renew-lost");
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0 });
    const claim = (now: Date) => claimNextJob(db, { kinds: [kind], now, lockForMs: 1_000 });

    const stalled = await claim(t0);
    const retaken = await claim(at(1_000));
    expect(retaken).toMatchObject({ id, attempts: 2, lockedUntil: at(2_000) });

    expect(await renewLease(db, stalled!, { now: at(1_100), lockForMs: 1_000 })).toBeUndefined();
    expect(await jobRow(db, id)).toMatchObject({ lockedUntil: at(2_000) });
    expect(await failJob(db, stalled!, { now: at(1_100), error: "late" })).toBe("lease-lost");
    const renewed = await renewLease(db, retaken!, { now: at(1_500), lockForMs: 1_000 });
    expect(await completeJob(db, renewed!, at(2_200))).toBe(true);
  });

  it("declares a job dead when its lease expires on the last attempt", async () => {
    const kind = uniqueKind("abandoned");
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0, maxAttempts: 1 });
    await claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 1_000 });

    expect(await claimNextJob(db, { kinds: [kind], now: at(1_000), lockForMs: 1_000 })).toBeUndefined();
    expect(await jobRow(db, id)).toMatchObject({ failedAt: at(1_000), lockedUntil: null });
  });

  it("counts the queue by kind and state, as the metrics show its depth, leaving the jobs done out", async () => {
    const kind = uniqueKind("queue-depth");
    const enqueue = (runAt: Date, maxAttempts?: number) => enqueueJob(db, { kind, payload: {}, runAt, maxAttempts });
    // Claimed in the order they are due: the first dies of its one attempt, the second is done, the third runs.
    await enqueue(at(-3_000), 1);
    await enqueue(at(-2_000));
    await enqueue(at(-1_000));
    await enqueue(t0);
    await enqueue(t0);
    await enqueue(at(60_000));
    const claim = () => claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 60_000 });
    expect(await failJob(db, (await claim())!, { now: t0, error: "the provider refused" })).toBe("dead");
    expect(await completeJob(db, (await claim())!, t0)).toBe(true);
    await claim();

    const counted = (await countJobs(db, t0)).filter((row) => row.kind === kind);
    expect(counted).toHaveLength(4);
    expect(counted).toEqual(
      expect.arrayContaining([
        { kind, state: "dead", jobs: 1 },
        { kind, state: "running", jobs: 1 },
        { kind, state: "due", jobs: 2 },
        { kind, state: "scheduled", jobs: 1 },
      ])
    );
    // Once the lease has run out, the job that ran is due again, and the scheduled one has come due.
    const later = (await countJobs(db, at(60_000))).filter((row) => row.kind === kind);
    expect(later).toEqual(expect.arrayContaining([{ kind, state: "due", jobs: 4 }]));
  });

  it("never hands one job to two concurrent claimers", async () => {
    const kind = uniqueKind("concurrent");
    const claimers = 4;
    const jobsPerClaimer = 15;
    await Promise.all(
      Array.from({ length: claimers * jobsPerClaimer }, (_, index) =>
        enqueueJob(db, { kind, payload: { index }, runAt: t0 }),
      ),
    );
    // On PostgreSQL a second pool stands in for a second process.
    const second = target.multiInstance ? await testDb.open() : undefined;
    try {
      const pools = second ? [db, second.db] : [db];
      const claimed = await Promise.all(
        Array.from({ length: claimers }, (_, index) => claimAll(pools[index % pools.length], kind, t0)),
      );
      const ids = claimed.flat().map((job) => job.id);
      expect(ids).toHaveLength(claimers * jobsPerClaimer);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await second?.close();
    }
  });

  it("reads a hotel's link once it is found, and asks again for a hotel that had none", async () => {
    const hotelId = `hotel-${randomUUID()}`;
    const link = { countryCode: "cz", slug: hotelId, url: `https://www.booking.com/hotel/cz/${hotelId}.html` };
    expect(await findHotelLink(db, "simulator", hotelId)).toBeUndefined();
    await saveHotelLink(db, "simulator", link, hotelId);
    expect(await findHotelLink(db, "simulator", hotelId)).toEqual(link);
    // Links are never changed or deleted; one deleted behind the store's back shows that the found one is kept.
    await db.delete(hotelLinks).where(eq(hotelLinks.hotelId, hotelId));
    expect(await findHotelLink(db, "simulator", hotelId)).toEqual(link);
  });

  it("prepares a statement once, and runs it in a transaction on the transaction's connection, seeing its writes", async () => {
    const hotelBySlug = preparedPerDatabase((db) =>
      db
        .select({ hotelId: hotelLinks.hotelId })
        .from(hotelLinks)
        .where(eq(hotelLinks.slug, sql.placeholder("slug")))
        .prepare("test_hotel_by_slug")
    );
    expect(hotelBySlug(db)).toBe(hotelBySlug(db));
    const hotelId = `hotel-${randomUUID()}`;
    const link = { countryCode: "cz", slug: hotelId, url: `https://www.booking.com/hotel/cz/${hotelId}.html` };
    const rolledBack = new Error("rolled back");
    const inTransaction = db.transaction(async (tx) => {
      await saveHotelLink(tx, "simulator", link, hotelId);
      // The statement built for the database, sent to the transaction's connection.
      expect(hotelBySlug(tx)).not.toBe(hotelBySlug(db));
      expect(Object.getPrototypeOf(hotelBySlug(tx))).toBe(Object.getPrototypeOf(hotelBySlug(db)));
      expect(await hotelBySlug(tx).execute({ slug: hotelId })).toEqual([{ hotelId }]);
      throw rolledBack;
    });
    await expect(inTransaction).rejects.toBe(rolledBack);
    expect(await hotelBySlug(db).execute({ slug: hotelId })).toEqual([]);
  });

  it("runs a job in a worker, and stop() waits for the job in flight", async () => {
    const { id, worker, handlerStarted, finish } = await workerOnHeldJob("worker", {}, { greeting: "ahoj" });

    expect(await handlerStarted).toEqual({ greeting: "ahoj" });
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);

    finish();
    await stopping;
    expect(await jobRow(db, id)).toMatchObject({ doneAt: t0, attempts: 1 });
  });

  it("hands the job in flight back when it outlasts the stop's grace: taken again at once, the attempt not counted", async () => {
    const { kind, id, errors, worker, handlerStarted, finish } = await workerOnHeldJob("worker-hand-back");
    await handlerStarted;
    await worker.stop({ graceMs: 50 });
    expect(await jobRow(db, id)).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null, failedAt: null });
    expect(errors).toEqual(["job handed back unfinished: the worker stopped; another worker takes it at once"]);
    // By the same clock: its lease of 30 s has not run out, yet another worker takes the job now.
    const retaken = await claimNextJob(db, { kinds: [kind], now: t0, lockForMs: 1_000 });
    expect(retaken).toMatchObject({ id, attempts: 1 });

    // The first run ends after all: the stopped worker records nothing, the job stays the second worker's.
    finish();
    await worker.stop();
    expect(await jobRow(db, id)).toMatchObject({ lockedUntil: at(1_000), doneAt: null });
    expect(errors).toHaveLength(1);
    expect(await completeJob(db, retaken!, at(500))).toBe(true);
  });

  it("records the job in flight as usual when it finishes within the stop's grace", async () => {
    const { id, worker, handlerStarted, finish } = await workerOnHeldJob("worker-grace");
    await handlerStarted;
    const stopping = worker.stop({ graceMs: 60_000 });
    finish();
    await stopping;
    expect(await jobRow(db, id)).toMatchObject({ doneAt: t0, attempts: 1, lockedUntil: null });
  });

  it("releases a job only under the claim's own lease", async () => {
    const kind = uniqueKind("release");
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0 });
    const claim = (now: Date) => claimNextJob(db, { kinds: [kind], now, lockForMs: 1_000 });
    const stalled = await claim(t0);
    const retaken = await claim(at(1_000));

    expect(await releaseJob(db, stalled!)).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ attempts: 2, lockedUntil: at(2_000) });
    expect(await releaseJob(db, retaken!)).toBe(true);
    expect(await claim(at(1_000))).toMatchObject({ id, attempts: 2 });
  });

  it("enqueues a periodic job once per period, however many workers run", async () => {
    const kind = uniqueKind("periodic");
    const hour = 3_600_000;
    let clock = at(hour / 2);
    const ran: Date[] = [];
    const start = () =>
      startWorker({
        db,
        handlers: { [kind]: async () => void ran.push(clock) },
        pollIntervalMs: 20,
        periodic: [{ kind, everyMs: hour }],
        now: () => clock,
        log: quietLog,
      });
    const workers = [start(), start()];
    try {
      await expect.poll(() => ran).toHaveLength(1);
      clock = at(hour + 1);
      await expect.poll(() => ran).toHaveLength(2);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const periodic = await db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.runAt);
    expect(periodic.map((job) => [job.dedupeKey, job.runAt, job.doneAt !== null])).toEqual([
      [`${kind}:${t0.toISOString()}`, t0, true],
      [`${kind}:${at(hour).toISOString()}`, at(hour), true],
    ]);
  });

  it("renews the lease of a long job in a worker, so no other worker takes it", async () => {
    let clock = t0;
    const { kind, id, worker, handlerStarted, finish } = await workerOnHeldJob("worker-heartbeat", {
      lockForMs: 1_000,
      heartbeatMs: 10,
      now: () => clock,
    });

    try {
      await handlerStarted;
      // Far past the lease it was claimed with: the heartbeat renews it from the clock's "now".
      clock = at(60_000);
      await expect.poll(async () => (await jobRow(db, id)).lockedUntil).toEqual(at(61_000));
      expect(await claimNextJob(db, { kinds: [kind], now: clock, lockForMs: 1_000 })).toBeUndefined();
    } finally {
      finish();
      await worker.stop();
    }
    expect(await jobRow(db, id)).toMatchObject({ doneAt: at(60_000), attempts: 1, lockedUntil: null });
  });

  it("gives up a lease another worker took over: it stops renewing and its late result is refused", async () => {
    // Its clock stands still, so its renewals never move the lease past t0 + 1 s: a worker stalled in time.
    const {
      kind,
      id,
      errors,
      worker: stalled,
      handlerStarted,
      finish,
    } = await workerOnHeldJob("worker-lease-lost", { lockForMs: 1_000, heartbeatMs: 10 });

    let retaken: ClaimedJob | undefined;
    try {
      await handlerStarted;
      retaken = await claimNextJob(db, { kinds: [kind], now: at(1_000), lockForMs: 1_000 });
      expect(retaken).toMatchObject({ id, attempts: 2 });
      await expect.poll(() => errors).toContain("job lease lost while running; another worker may run it again");
      expect(await jobRow(db, id)).toMatchObject({ lockedUntil: at(2_000), doneAt: null });
    } finally {
      finish();
      await stalled.stop();
    }
    expect(errors).toContain("job finished after its lease was lost; another worker may run it again");
    expect(await completeJob(db, retaken!, at(1_500))).toBe(true);
  });

  it("records a handler's error on the job and schedules the retry", async () => {
    const kind = uniqueKind("worker-failure");
    const { id } = await enqueueJob(db, { kind, payload: {}, runAt: t0 });
    const errors: string[] = [];
    let ran!: () => void;
    const handlerRan = new Promise<void>((resolve) => (ran = resolve));
    const worker = startWorker({
      db,
      handlers: {
        [kind]: async () => {
          ran();
          throw new Error("provider unavailable");
        },
      },
      pollIntervalMs: 20,
      backoff: { baseMs: 5_000, maxMs: 60_000 },
      now: () => t0,
      log: { error: (_fields, message) => errors.push(message) },
    });

    await handlerRan;
    await worker.stop();
    expect(await jobRow(db, id)).toMatchObject({
      attempts: 1,
      lastError: "provider unavailable",
      runAt: at(5_000),
      lockedUntil: null,
    });
    expect(errors).toEqual(["job failed (retry)"]);
  });
});
