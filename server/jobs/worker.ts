import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { BackoffPolicy } from "./backoff";
import { claimNextJob, completeJob, failJob, type ClaimedJob } from "./queue";

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

export interface WorkerLog {
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  /** How long to wait before looking again once the queue is empty (or the database failed). */
  pollIntervalMs: number;
  /** The lease on a claimed job: a handler must finish within it, or another worker may run the job again. */
  lockForMs?: number;
  backoff?: BackoffPolicy;
  /** When jobs are due, leases run out and attempts are recorded. */
  now: Clock;
  log?: WorkerLog;
}

export interface Worker {
  /** Stops claiming, lets the job in flight finish and be recorded, then resolves. */
  stop(): Promise<void>;
}

export const defaultLockForMs = 5 * 60_000;

/** Starts polling at once and runs one job at a time until stopped. */
export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers, pollIntervalMs, lockForMs = defaultLockForMs, backoff, now } = options;
  const log = options.log ?? console;
  const kinds = Object.keys(handlers);

  let stopping = false;
  const idle = interruptibleSleep();

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const result = await failJob(db, job, { now: now(), error: message, backoff });
      log.error(`job failed (${result})`, { ...fields, error: message });
      return;
    }
    if (!(await completeJob(db, job, now()))) {
      log.error("job finished after its lease was lost; another worker may run it again", fields);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        const job = await claimNextJob(db, { kinds, now: now(), lockForMs });
        if (job) {
          await runJob(job);
          continue; // more may be due: look again without waiting
        }
      } catch (error) {
        // The database being away must not end the worker: it retries on the next poll.
        log.error("job worker: database error", { error: error instanceof Error ? error.message : String(error) });
      }
      // stop() may have come while claiming; checked here, before the sleep that wake() could no longer cut.
      if (!stopping) await idle.sleep(pollIntervalMs);
    }
  }

  const running = loop();
  return {
    async stop() {
      stopping = true;
      idle.wake();
      await running;
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
