import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { loggableErrorMessage } from "../db/database-errors";
import type { BackoffPolicy } from "./backoff";
import {
  claimNextJob,
  completeJob,
  enqueueJob,
  failJob,
  releaseJob,
  renewLease,
  type ClaimedJob,
  type FailJobResult,
} from "./queue";

/** What a handler learns about the job besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 on the first try; a handler with side effects outside the database uses it to stay idempotent. */
  attempt: number;
  /** The job's last try: a handler that would fail again records the failure as the job's outcome instead. */
  maxAttempts: number;
}

/**
 * Runs one job. The payload is whatever was enqueued, read back from JSON: the handler validates it.
 * Throwing fails the attempt; the job is retried after a backoff or dies when out of attempts.
 */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** One handler per job kind; the worker claims only kinds it has a handler for. */
export type JobHandlers = Record<string, JobHandler>;

/**
 * A job the workers enqueue themselves once every `everyMs` of the clock, e.g. the deletion of data kept long enough:
 * every worker enqueues it under the same dedupe key, the period's start, so however many workers run, the period has
 * one job, and one of them runs it.
 */
export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

/** Where the worker tells of its troubles: the process's logger (server/logging), as this layer may not import it. */
export interface WorkerLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/** Told of every failed attempt as it is recorded: the process's metrics count them. */
export type FailedJobObserver = (kind: string, result: FailJobResult) => void;

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  /** How long to wait before looking again once the queue is empty (or the database failed). */
  pollIntervalMs: number;
  /**
   * The lease on a claimed job, renewed by a heartbeat while its handler runs: a job whose worker died is taken over
   * by another worker once this much time has passed on `now` since the last heartbeat.
   */
  lockForMs?: number;
  /** How often the lease of the job in flight is renewed (real time); a third of the lease unless given. */
  heartbeatMs?: number;
  backoff?: BackoffPolicy;
  /** When jobs are due, leases run out and attempts are recorded. */
  now: Clock;
  /** Each needs a handler among `handlers`. */
  periodic?: readonly PeriodicJob[];
  log: WorkerLog;
  onFailedJob?: FailedJobObserver;
}

export interface StopOptions {
  /**
   * How long (real time) the job in flight may take to finish and be recorded; a job still running then is handed
   * back (releaseJob), so that another worker takes it at once rather than when its lease runs out. Without it,
   * stopping waits for the job however long it takes.
   */
  graceMs?: number;
}

export interface Worker {
  /** Stops claiming, lets the job in flight finish and be recorded or hands it back (StopOptions), then resolves. */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * Short, so a job whose worker died (a booking the customer waits for) is taken over within half a minute; a
 * handler may still run longer, since the heartbeat renews the lease. Decision 010 says why this length; the shop
 * reads it from JOB_LEASE_MS.
 */
export const defaultLockForMs = 30_000;

/** Three renewals per lease: a renewal that fails (the database away for a moment) leaves 20 s of 30 for the next. */
const heartbeatsPerLease = 3;

/** Starts polling at once and runs one job at a time until stopped. */
export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers, pollIntervalMs, lockForMs = defaultLockForMs, backoff, now, log, onFailedJob } = options;
  const heartbeatMs = options.heartbeatMs ?? lockForMs / heartbeatsPerLease;
  const kinds = Object.keys(handlers);

  let stopping = false;
  const idle = interruptibleSleep();
  /** Hands the job in flight back unfinished; set while a job runs. */
  let handBackInFlight: (() => Promise<void>) | undefined;
  /** The period each periodic job was last enqueued for, by this worker. */
  const enqueuedPeriods = new Map<string, number>();

  /**
   * Renews the claim's lease every `heartbeatMs` until released. `release()` answers the claim as last renewed: the
   * lease identifies the claim, so the job is completed or failed with that one, after any renewal in flight.
   */
  function keepLease(claimed: ClaimedJob, fields: Record<string, unknown>) {
    let job = claimed;
    let renewal: Promise<void> | undefined;
    const renew = async () => {
      try {
        const renewed = await renewLease(db, job, { now: now(), lockForMs });
        if (renewed) {
          job = renewed;
          return;
        }
        clearInterval(heartbeat);
        log.error(fields, "job lease lost while running; another worker may run it again");
      } catch (error) {
        // The next beat tries again, while the lease renewed last still holds: a short outage costs nothing.
        log.error({ ...fields, error: loggableErrorMessage(error) }, "job lease: database error while renewing");
      }
    };
    // A beat while the last renewal is still out is skipped: two renewals from one claim would race each other.
    const heartbeat = setInterval(() => {
      renewal ??= renew().finally(() => (renewal = undefined));
    }, heartbeatMs);
    return {
      async release(): Promise<ClaimedJob> {
        clearInterval(heartbeat);
        await renewal;
        return job;
      },
    };
  }

  async function runJob(claimed: ClaimedJob): Promise<void> {
    const handler = handlers[claimed.kind];
    const fields = { jobId: claimed.id, kind: claimed.kind, attempt: claimed.attempts };
    const lease = keepLease(claimed, fields);
    let handedBack = false;
    handBackInFlight = async () => {
      handedBack = true;
      if (await releaseJob(db, await lease.release())) {
        log.error(fields, "job handed back unfinished: the worker stopped; another worker takes it at once");
      }
    };
    let failure: { error: unknown } | undefined;
    try {
      await handler(claimed.payload, {
        jobId: claimed.id,
        attempt: claimed.attempts,
        maxAttempts: claimed.maxAttempts,
      });
    } catch (error) {
      failure = { error };
    } finally {
      handBackInFlight = undefined;
    }
    // Handed back, the job is another worker's to run: how this run ended is no longer this worker's to record.
    if (handedBack) return;
    if (failure) {
      const message = loggableErrorMessage(failure.error);
      const result = await failJob(db, await lease.release(), { now: now(), error: message, backoff });
      log.error({ ...fields, result, error: message }, `job failed (${result})`);
      onFailedJob?.(claimed.kind, result);
    } else if (!(await completeJob(db, await lease.release(), now()))) {
      log.error(fields, "job finished after its lease was lost; another worker may run it again");
    }
  }

  /** Enqueues each periodic job once per period of the clock; the dedupe key makes it one job among all workers. */
  async function enqueuePeriodicJobs(): Promise<void> {
    const at = now().getTime();
    for (const { kind, everyMs } of options.periodic ?? []) {
      const period = Math.floor(at / everyMs);
      if (enqueuedPeriods.get(kind) === period) continue;
      const start = new Date(period * everyMs);
      await enqueueJob(db, { kind, payload: {}, runAt: start, dedupeKey: `${kind}:${start.toISOString()}` });
      enqueuedPeriods.set(kind, period);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await enqueuePeriodicJobs();
        const job = await claimNextJob(db, { kinds, now: now(), lockForMs });
        if (job) {
          await runJob(job);
          continue; // more may be due: look again without waiting
        }
      } catch (error) {
        // The database being away must not end the worker: it retries on the next poll.
        log.error({ error: loggableErrorMessage(error) }, "job worker: database error");
      }
      // stop() may have come while claiming; checked here, before the sleep that wake() could no longer cut.
      if (!stopping) await idle.sleep(pollIntervalMs);
    }
  }

  const running = loop();
  return {
    async stop({ graceMs }: StopOptions = {}) {
      stopping = true;
      idle.wake();
      if (graceMs === undefined) return running;
      let graceOver: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (graceOver = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(graceOver);
      if (!finished) await handBackInFlight?.();
    },
  };
}

/** A pause that `wake()` cuts short, so stopping does not wait out a whole poll interval. */
function interruptibleSleep() {
  let wakeUp: (() => void) | undefined;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    wake() {
      wakeUp?.();
    },
  };
}
