import { and, count, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { deleteSome } from "../db/bounded-delete";
import type { Database } from "../db/database";
import { preparedPerDatabase, preparedPerShape } from "../db/prepared";
import { jobs } from "../db/schema";
import { afterFailure, type BackoffPolicy } from "./backoff";

/**
 * The durable job queue over the `jobs` table. Safe for any number of workers in any number of
 * processes: a job is handed to one worker at a time under a lease (`locked_until`) that the worker renews
 * while the job runs; when the lease runs out (the worker crashed or was killed), another worker takes the job again.
 * Every function takes `now` from the caller, so the rules run the same under a test clock.
 * Finished jobs are deleted after a while (deleteFinishedJobs, decision 048).
 */

export const defaultMaxAttempts = 10;

export interface EnqueueJobInput {
  kind: string;
  payload: unknown;
  /** Not before this instant: the caller's clock for "at once", so the job is due by the same clock that claims it. */
  runAt: Date;
  /**
   * A second enqueue with the same key creates nothing and returns the first job, even after it ran, for as long as
   * the finished job is kept (deleteFinishedJobs): the work a key names must be safe to ask for again after that.
   */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Accepts a transaction as `db`, so a job can be enqueued atomically with the change that calls for it. */
export async function enqueueJob(db: Database, input: EnqueueJobInput): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(jobs)
    .values(jobRow(input))
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (inserted) return { id: inserted.id, created: true };

  // Nothing inserted means the dedupe key is taken: answer with the job that holds it.
  const [existing] =
    input.dedupeKey === undefined
      ? []
      : await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, input.dedupeKey));
  if (!existing) throw new Error(`enqueueJob: no job inserted and none holds dedupe key ${input.dedupeKey}`);
  return { id: existing.id, created: false };
}

/**
 * Several jobs in one statement, as `enqueueJob` would each (a job whose dedupe key is taken is not made again), for
 * a caller that needs no job's id: one round trip where a transaction enqueues several.
 */
export async function enqueueJobs(db: Database, inputs: readonly EnqueueJobInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const values: Record<string, unknown> = {};
  inputs.forEach((input, index) => {
    const row = jobRow(input);
    values[`kind${index}`] = row.kind;
    values[`payload${index}`] = row.payload;
    values[`runAt${index}`] = row.runAt;
    values[`dedupeKey${index}`] = row.dedupeKey ?? null;
    values[`maxAttempts${index}`] = row.maxAttempts;
  });
  await jobsInsert(inputs.length)(db).execute(values);
}

/** An order's creation and settlement enqueue a few jobs at once: one statement for each number of them. */
const jobsInsert = preparedPerShape((count: number) =>
  preparedPerDatabase((db) =>
    db
      .insert(jobs)
      .values(
        Array.from({ length: count }, (_, index) => ({
          kind: sql.placeholder(`kind${index}`),
          payload: sql.placeholder(`payload${index}`),
          runAt: sql.placeholder(`runAt${index}`),
          dedupeKey: sql.placeholder(`dedupeKey${index}`),
          maxAttempts: sql.placeholder(`maxAttempts${index}`),
        }))
      )
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .prepare(`insert_jobs_${count}`)
  )
);

function jobRow(input: EnqueueJobInput) {
  return {
    kind: input.kind,
    payload: input.payload,
    runAt: input.runAt,
    dedupeKey: input.dedupeKey,
    maxAttempts: input.maxAttempts ?? defaultMaxAttempts,
  };
}

/** A job handed to one worker until `lockedUntil`. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** Including the attempt just started. */
  attempts: number;
  maxAttempts: number;
  /** The lease; it also identifies this claim when the job is renewed, completed or failed. */
  lockedUntil: Date;
}

export interface ClaimOptions {
  kinds: readonly string[];
  now: Date;
  lockForMs: number;
}

const pending = and(isNull(jobs.doneAt), isNull(jobs.failedAt));
const unleased = (now: Date) => or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now));

/**
 * Takes the job of one of `kinds` that has been due longest, or returns undefined when none is.
 * `FOR UPDATE SKIP LOCKED` in the sub-select makes concurrent claimers pass over a row another one is
 * taking; select and lease are one UPDATE statement, so the claim is atomic without a wrapping transaction.
 */
export async function claimNextJob(db: Database, options: ClaimOptions): Promise<ClaimedJob | undefined> {
  const { kinds, now } = options;
  await buryAbandonedJobs(db, kinds, now);

  const lockedUntil = new Date(now.getTime() + options.lockForMs);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        pending,
        inArray(jobs.kind, [...kinds]),
        lte(jobs.runAt, now),
        lt(jobs.attempts, jobs.maxAttempts),
        unleased(now),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil })
    .where(eq(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return claimed && { ...claimed, lockedUntil };
}

/**
 * A job whose lease ran out on its last allowed attempt would otherwise stay pending forever:
 * its worker died before it could record the failure. It is dead, like any job out of attempts.
 */
async function buryAbandonedJobs(db: Database, kinds: readonly string[], now: Date): Promise<void> {
  const abandoned = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(pending, inArray(jobs.kind, [...kinds]), lte(jobs.lockedUntil, now), gte(jobs.attempts, jobs.maxAttempts)),
    )
    // Skipping rows another claimer is burying keeps two claimers from waiting on each other.
    .for("update", { skipLocked: true });
  await db
    .update(jobs)
    .set({ failedAt: now, lockedUntil: null, lastError: "lease expired on the last attempt: the worker stopped" })
    .where(inArray(jobs.id, abandoned));
}

/** Matches only while this claim's lease is still the job's lease, so a late worker cannot undo a newer claim. */
const holdsLease = (job: Pick<ClaimedJob, "id" | "lockedUntil">) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedUntil, job.lockedUntil), pending);

export interface RenewLeaseOptions {
  now: Date;
  lockForMs: number;
}

/**
 * Extends a running job's lease to `lockForMs` from `now`, the worker's heartbeat. Only while this claim still holds
 * the lease: once it ran out and another worker took the job, the late worker gets undefined and must not renew it
 * back. The answer is the claim with its new lease, the one to renew, complete or fail the job with from now on.
 */
export async function renewLease(
  db: Database,
  job: ClaimedJob,
  options: RenewLeaseOptions,
): Promise<ClaimedJob | undefined> {
  const lockedUntil = new Date(options.now.getTime() + options.lockForMs);
  const updated = await db.update(jobs).set({ lockedUntil }).where(holdsLease(job)).returning({ id: jobs.id });
  return updated.length > 0 ? { ...job, lockedUntil } : undefined;
}

/** Marks the job done. False when the lease was lost (expired and taken by another worker) meanwhile. */
export async function completeJob(db: Database, job: ClaimedJob, now: Date): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null })
    .where(holdsLease(job))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/**
 * Gives a claimed job back unfinished, as a worker that is stopping does with the job it could not finish in time: the
 * job is claimable again at once, by any worker, instead of after its lease, and the attempt is not counted, since the
 * job did not fail. Only while this claim still holds the lease; false when it no longer did.
 */
export async function releaseJob(db: Database, job: ClaimedJob): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} - 1`, lockedUntil: null })
    .where(holdsLease(job))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

export type FailJobResult = "retry" | "dead" | "lease-lost";

export interface FailJobOptions {
  now: Date;
  /** Kept on the job for an operator; never personal data. */
  error: string;
  backoff?: BackoffPolicy;
}

/** Records a failed attempt: the job runs again after a backoff, or is dead once out of attempts. */
export async function failJob(db: Database, job: ClaimedJob, options: FailJobOptions): Promise<FailJobResult> {
  const outcome = afterFailure(job, options.now, options.backoff);
  const updated = await db
    .update(jobs)
    .set({
      lastError: options.error,
      lockedUntil: null,
      ...(outcome.status === "retry" ? { runAt: outcome.runAt } : { failedAt: options.now }),
    })
    .where(holdsLease(job))
    .returning({ id: jobs.id });
  return updated.length > 0 ? outcome.status : "lease-lost";
}

/**
 * Where an unfinished job stands at a moment: `due` to be claimed, `scheduled` for later (a retry after its backoff,
 * or not yet due), `running` under a worker's lease; `dead` out of attempts and kept for an operator.
 */
export const jobStates = ["due", "scheduled", "running", "dead"] as const;
export type JobState = (typeof jobStates)[number];

/**
 * How many jobs of each kind stand in each state at `now`: the queue's depth, as the metrics show it. One statement;
 * the jobs done are no part of the queue and are left out.
 */
export async function countJobs(db: Database, now: Date): Promise<{ kind: string; state: JobState; jobs: number }[]> {
  const state = sql<JobState>`case
    when ${jobs.failedAt} is not null then 'dead'
    when ${gt(jobs.lockedUntil, now)} then 'running'
    when ${lte(jobs.runAt, now)} then 'due'
    else 'scheduled' end`;
  const unfinished = db
    .select({ kind: jobs.kind, state: state.as("state") })
    .from(jobs)
    .where(isNull(jobs.doneAt))
    .as("unfinished");
  return db
    .select({ kind: unfinished.kind, state: unfinished.state, jobs: count() })
    .from(unfinished)
    .groupBy(unfinished.kind, unfinished.state);
}

export interface DeleteFinishedJobsOptions {
  /** Jobs done before this instant go. */
  doneBefore: Date;
  /** Dead jobs (out of attempts) that died before this instant go; kept longer, for an operator to look into. */
  deadBefore: Date;
  /** The most rows one call deletes. */
  limit: number;
}

/**
 * Deletes up to `limit` finished jobs, done or dead long enough ago, and answers how many it deleted (deleteSome).
 * A deleted job's dedupe key may be enqueued anew.
 */
export async function deleteFinishedJobs(db: Database, options: DeleteFinishedJobsOptions): Promise<number> {
  const finishedLongAgo = or(lt(jobs.doneAt, options.doneBefore), lt(jobs.failedAt, options.deadBefore));
  return deleteSome(db, jobs, jobs.id, finishedLongAgo, options.limit);
}
