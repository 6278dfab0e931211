import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { systemClock } from "../../server/clock";
import { loadConfig } from "../../server/config";
import { capturedLog } from "../../server/logging/captured-log.test-helper";
import { sampleOf } from "../../server/metrics/scrape.test-helper";
import { createWebApp } from "../../server/web/app";
import { localizedPath } from "../../shared/route-table";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { customer, czVariant, failureOf, hotelOrderSteps } from "../fixtures/hotel-orders";
import { freePort, shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";
import { messageScripts, voucherCheckBuild, voucherCheckRouteId } from "../fixtures/voucher-check-build";

/**
 * What an operator sees of the api (decision 047, docs/operations.md): its metrics on a port of their own, counting
 * every call by method and code, and its log, a JSON line per call that names the request id the web tier sent, which
 * the web tier took from the load balancer, and never what a customer typed.
 */

/** How much a series grew between two scrapes; a series not there yet counts as 0. */
function growth(before: string, after: string, name: string, labels: Record<string, string>): number {
  return (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);
}

/** The JSON lines of what a process wrote; a line cut off at the start of the kept output is skipped. */
function logLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe.each(databaseTargets())("the api's log and metrics, $name", (target) => {
  let testDb: TestDatabase;
  let api: ShopProcess;
  let apiOrigin: string;
  let metricsUrl: string;
  let client: Client<typeof ShopService>;

  beforeAll(async () => {
    testDb = await target.create();
    const [apiPort, metricsPort] = [await freePort(), await freePort()];
    apiOrigin = `http://127.0.0.1:${apiPort}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const { dataDir, databaseUrl } = testDb.options;
    api = await startShopProcess(
      apiPort,
      {
        ROLE: "api",
        HOST: "127.0.0.1",
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      { fromSources: true }
    );
    client = createClient(ShopService, createConnectTransport({ baseUrl: `${apiOrigin}/api`, httpVersion: "1.1" }));
  }, shopStartTimeoutMs + 30_000);

  afterAll(async () => {
    await api?.stop();
    await testDb?.dispose();
  });

  const scrape = async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  it("counts and times every call by method and Connect code on its own port, not the one visitors reach", async () => {
    const before = await scrape();
    for (let call = 0; call < 3; call += 1) await client.paymentMethods({ productVariant: czVariant });
    expect(await failureOf(client.orderDetail({ productVariant: czVariant, orderId: "not an id" }))).toMatchObject({
      field: "order_id",
    });
    const ok = { method: "PaymentMethods", code: "ok", role: "api" };
    const refused = { method: "OrderDetail", code: "invalid_argument", role: "api" };
    // A call is counted as its answer is sent, just after the client has it.
    await vi.waitFor(async () => {
      const after = await scrape();
      expect(growth(before, after, "dzb_api_calls_total", ok)).toBe(3);
      expect(growth(before, after, "dzb_api_calls_total", refused)).toBe(1);
      expect(growth(before, after, "dzb_api_call_duration_seconds_count", ok)).toBe(3);
    });
    const after = await scrape();
    expect(sampleOf(after, "process_resident_memory_bytes", { role: "api" })).toBeGreaterThan(0);
    if (target.name === "postgres") expect(sampleOf(after, "dzb_db_pool_max_connections", { role: "api" })).toBe(10);
    // The port the load balancer forwards has no metrics.
    expect((await fetch(`${apiOrigin}/metrics`)).status).toBe(404);
  });

  it("logs a call under the request id the web tier sent, which the web tier took from the load balancer", async () => {
    const { log, lines: webLines } = capturedLog();
    const config = loadConfig({ ENV: "test", NODE_ENV: "test", TRUST_PROXY: "1", API_URL: `${apiOrigin}/api` });
    const webTier = createServer(
      createWebApp({ config, log, remixBuild: voucherCheckBuild, messageScripts, isReady: async () => true })
    );
    await new Promise<void>((resolve) => webTier.listen(0, "127.0.0.1", resolve));
    try {
      const balancersId = "lb-5f1c2a9e0b7d4c31";
      const page = localizedPath("voucherStatus", "cs", "cs", { id: "17009990" });
      const origin = `http://127.0.0.1:${(webTier.address() as AddressInfo).port}`;
      const answer = await fetch(`${origin}${page}?_data=${voucherCheckRouteId}`, {
        headers: { "X-Request-Id": balancersId },
      });
      expect(answer.headers.get("x-request-id")).toBe(balancersId);
      await vi.waitFor(() =>
        expect(webLines).toContainEqual(
          expect.objectContaining({ msg: "request", requestId: balancersId, route: "voucherStatus" })
        )
      );
      await vi.waitFor(() =>
        expect(logLines(api.output())).toContainEqual(
          expect.objectContaining({ requestId: balancersId, rpc: "VoucherDetail", variant: "DZB_CZ" })
        )
      );
    } finally {
      await closed(webTier);
    }
  });

  it("leaves nothing of an order's customer in the log: no name, e-mail, phone or owner key", async () => {
    const steps = hotelOrderSteps({
      client: () => client,
      // The api process's simulator runs on the machine's clock; so do the dates asked of it here.
      simulator: createSimulatorProvider({ now: systemClock, delay: async () => {} }),
      slugPrefix: "observability",
      today: systemClock(),
    });
    const before = await scrape();
    const { order, ownerKey } = await steps.createOrder({ lastPayment: "transfer" });
    await vi.waitFor(() =>
      expect(logLines(api.output())).toContainEqual(
        expect.objectContaining({ msg: "api call", rpc: "HotelOrderCreate", code: "ok", variant: "DZB_CZ" })
      )
    );
    const written = api.output();
    for (const typed of [customer.firstName, customer.lastName, customer.email, customer.mobile, ownerKey]) {
      expect(written).not.toContain(typed);
    }
    expect(ownerKey.length).toBeGreaterThan(0);
    expect(order.orderId).toBeTruthy();
    // The provider was asked through the watched adapter, and counted.
    const searched = { provider: "simulator", operation: "availability", outcome: "ok", role: "api" };
    expect(growth(before, await scrape(), "dzb_provider_call_duration_seconds_count", searched)).toBeGreaterThan(0);
  });
});

function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
