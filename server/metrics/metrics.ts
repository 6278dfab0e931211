import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Role } from "../config";
import type { PoolUse } from "../db/database";
import { jobStates, type FailJobResult, type JobState } from "../jobs/queue";

/**
 * The process's metrics in Prometheus's terms (decision 047), served on METRICS_PORT (metrics-server.ts): what its
 * roles count and time, the database pool and the job queue as they stand at each scrape, and prom-client's process
 * metrics (CPU, memory, heap, event loop lag, garbage collections). Labels are names from short fixed lists (a route
 * of the route table, an RPC method, a Connect code, a job kind), never a path, an id or anything a visitor sent: each
 * value is a time series of its own. docs/operations.md says what each metric means and what to alert on.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** From a quick answer to the web tier's own 60 s limit. */
const requestSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Calls to other systems take longer: the provider's search up to its 20 s, a booking up to its 60 s. */
const outboundSeconds = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

export function createMetrics(role: Role) {
  const registry = new Registry();
  // Every series says which role's process it came from: ROLE=all's are the same process's.
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram({ name, help, labelNames, buckets, registers });
  const failedJobs = counter(
    "dzb_jobs_failed_total",
    "Attempts of jobs that failed, by kind; each is tried again after its backoff until it is out of attempts.",
    ["kind"]
  );
  const deadJobs = counter(
    "dzb_jobs_dead_total",
    "Jobs that failed their last attempt, by kind: nothing will run them again without an operator.",
    ["kind"]
  );

  return {
    registry,
    web: {
      requests: counter(
        "dzb_web_requests_total",
        "Requests the web tier answered, by route (the route table's screen or endpoint, static, healthz, …) and HTTP status.",
        ["route", "status"]
      ),
      duration: histogram(
        "dzb_web_request_duration_seconds",
        "How long the web tier took to answer a request, by route and status class (2xx, 3xx, 4xx, 5xx).",
        ["route", "status_class"],
        requestSeconds
      ),
    },
    api: {
      calls: counter(
        "dzb_api_calls_total",
        "Calls the api answered, by RPC method and Connect code (ok when it succeeded).",
        ["method", "code"]
      ),
      duration: histogram(
        "dzb_api_call_duration_seconds",
        "How long the api took to answer a call, by RPC method and Connect code.",
        ["method", "code"],
        requestSeconds
      ),
    },
    provider: histogram(
      "dzb_provider_call_duration_seconds",
      "Calls to the hotel provider by operation and outcome (ok, or the provider error's kind), and how long they took.",
      ["provider", "operation", "outcome"],
      outboundSeconds
    ),
    gateways: histogram(
      "dzb_gateway_call_duration_seconds",
      "Calls to the payment gateways by gateway, operation and outcome (ok, unavailable, return_refused, error), and how long they took.",
      ["gateway", "operation", "outcome"],
      outboundSeconds
    ),
    mail: {
      sent: counter("dzb_mails_sent_total", "E-mails the mail transport took."),
      failed: counter(
        "dzb_mails_failed_total",
        "E-mails the mail transport refused or could not take, by kind of failure; their jobs try again.",
        ["failure"]
      ),
    },

    /** Counts a failed attempt as the worker records it (worker.ts's FailedJobObserver), and the job if it died. */
    countFailedJob(kind: string, result: FailJobResult): void {
      failedJobs.inc({ kind });
      if (result === "dead") deadJobs.inc({ kind });
    },
    /** The PostgreSQL pool's connections, read at each scrape. */
    watchPool(use: () => PoolUse): void {
      const gauges = [
        ["dzb_db_pool_connections", "Connections the pool holds open, in use or idle.", "open"],
        ["dzb_db_pool_idle_connections", "Open connections no query uses at the moment.", "idle"],
        ["dzb_db_pool_waiting_queries", "Queries waiting for a connection: the pool is exhausted.", "waiting"],
        ["dzb_db_pool_max_connections", "The most connections the pool opens (DATABASE_POOL_SIZE).", "max"],
      ] as const;
      for (const [name, help, field] of gauges) {
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(use()[field]);
          },
        });
      }
    },

    /**
     * The job queue's depth by kind and state, counted by one statement at each scrape. Every kind the worker runs is
     * shown in every state, 0 included, so that a rule over them never meets a series that is missing. Should the
     * count fail (the database away), the gauge shows nothing rather than old numbers, and the scrape still answers.
     */
    watchJobQueue(kinds: readonly string[], count: () => Promise<{ kind: string; state: JobState; jobs: number }[]>) {
      new Gauge({
        name: "dzb_job_queue_jobs",
        help: "Jobs by kind and state: due (waiting for a worker), scheduled (a retry after its backoff, or later), running, dead (out of attempts).",
        labelNames: ["kind", "state"] as const,
        registers,
        async collect() {
          this.reset();
          let counted: Awaited<ReturnType<typeof count>>;
          try {
            counted = await count();
          } catch {
            return;
          }
          for (const kind of kinds) for (const state of jobStates) this.set({ kind, state }, 0);
          for (const { kind, state, jobs } of counted) this.set({ kind, state }, jobs);
        },
      });
    },
  };
}
