import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics";
import { sampleOf } from "./scrape.test-helper";

describe("the metrics registry", () => {
  it("names the shop's metrics dzb_…, counters …_total and durations …_seconds, beside Node's process metrics", async () => {
    const { registry } = createMetrics("web");
    const metrics = await registry.getMetricsAsJSON();
    const ours = metrics.filter((metric) => metric.name.startsWith("dzb_"));
    expect(ours.length).toBeGreaterThanOrEqual(9);
    // prom-client's typings call `type` an enum; the JSON it gives has the type's name.
    for (const { name, type } of ours as unknown as { name: string; type: string }[]) {
      if (type === "counter") expect(name).toMatch(/_total$/);
      if (type === "histogram") expect(name).toMatch(/_seconds$/);
    }
    const names = metrics.map((metric) => metric.name);
    expect(names).toEqual(expect.arrayContaining(["process_cpu_user_seconds_total", "nodejs_eventloop_lag_seconds"]));
  });

  it("labels every series with the process's role, in Prometheus's text format", async () => {
    const metrics = createMetrics("api");
    metrics.web.requests.inc({ route: "orderStatus", status: "200" });
    const text = await metrics.registry.metrics();
    expect(metrics.registry.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleOf(text, "dzb_web_requests_total", { route: "orderStatus", status: "200", role: "api" })).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total\{role="api"\} /m);
  });

  it("counts a failed attempt of a job, and the job again when it died of it", async () => {
    const metrics = createMetrics("worker");
    metrics.countFailedJob("order-mail", "retry");
    metrics.countFailedJob("order-mail", "dead");
    metrics.countFailedJob("booking", "lease-lost");
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, "dzb_jobs_failed_total", { kind: "order-mail", role: "worker" })).toBe(2);
    expect(sampleOf(text, "dzb_jobs_failed_total", { kind: "booking", role: "worker" })).toBe(1);
    expect(sampleOf(text, "dzb_jobs_dead_total", { kind: "order-mail", role: "worker" })).toBe(1);
    expect(sampleOf(text, "dzb_jobs_dead_total", { kind: "booking", role: "worker" })).toBeUndefined();
  });

  it("reads the database pool's use at each scrape", async () => {
    const metrics = createMetrics("api");
    let use = { open: 3, idle: 1, waiting: 0, max: 10 };
    metrics.watchPool(() => use);
    expect(sampleOf(await metrics.registry.metrics(), "dzb_db_pool_connections", { role: "api" })).toBe(3);
    use = { open: 10, idle: 0, waiting: 4, max: 10 };
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, "dzb_db_pool_connections", { role: "api" })).toBe(10);
    expect(sampleOf(text, "dzb_db_pool_idle_connections", { role: "api" })).toBe(0);
    expect(sampleOf(text, "dzb_db_pool_waiting_queries", { role: "api" })).toBe(4);
    expect(sampleOf(text, "dzb_db_pool_max_connections", { role: "api" })).toBe(10);
  });

  it("counts the job queue at each scrape, every kind in every state, and still answers when it cannot", async () => {
    const metrics = createMetrics("worker");
    let counted: () => Promise<
      { kind: string; state: "due" | "scheduled" | "running" | "dead"; jobs: number }[]
    > = async () => [
      { kind: "order-mail", state: "due", jobs: 4 },
      { kind: "booking", state: "dead", jobs: 1 },
    ];
    metrics.watchJobQueue(["order-mail", "booking"], () => counted());
    let text = await metrics.registry.metrics();
    expect(sampleOf(text, "dzb_job_queue_jobs", { kind: "order-mail", state: "due", role: "worker" })).toBe(4);
    expect(sampleOf(text, "dzb_job_queue_jobs", { kind: "booking", state: "dead", role: "worker" })).toBe(1);
    expect(sampleOf(text, "dzb_job_queue_jobs", { kind: "booking", state: "due", role: "worker" })).toBe(0);
    expect(sampleOf(text, "dzb_job_queue_jobs", { kind: "order-mail", state: "running", role: "worker" })).toBe(0);

    // The database away: the queue's series are missing rather than stale, and the process's metrics still come.
    counted = () => Promise.reject(new Error("connect ECONNREFUSED"));
    text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^dzb_job_queue_jobs\{/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total/m);
  });
});
