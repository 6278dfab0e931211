import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { databaseTargets } from "../fixtures/database";
import { freePort, shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";

/**
 * Stopping a process of the shop as an orchestrator does (decision 048): SIGTERM or SIGINT, and the process first says
 * it is not ready while it still serves, for the drain, then finishes what is in flight and exits 0. The api runs from
 * its sources as production runs it, a process of its own, on each database target.
 */

/** Long enough for the test's few requests on a busy machine; the process exits once it has passed. */
const drainMs = 5_000;

describe.each(databaseTargets())("stopping a process on $name", (target) => {
  let shop: ShopProcess | undefined;
  const disposals: (() => Promise<void>)[] = [];

  afterEach(async () => {
    await shop?.stop();
    for (const dispose of disposals.splice(0).reverse()) await dispose();
  });

  /** A process of the role, on a database of its own: on PostgreSQL a new one, on PGlite a copy of the template. */
  async function start(env: Record<string, string>): Promise<{ origin: string }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), "dzb-shutdown-"));
    disposals.push(() => rm(dataDir, { recursive: true, force: true }));
    const database: Record<string, string> = { DATA_DIR: dataDir };
    if (target.name === "pglite") {
      await cp(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
    } else {
      const testDb = await target.create();
      disposals.push(() => testDb.dispose());
      database.DATABASE_URL = testDb.options.databaseUrl!;
    }
    const port = await freePort();
    shop = await startShopProcess(port, { HOST: "127.0.0.1", ...database, ...env }, { fromSources: true });
    return { origin: `http://127.0.0.1:${port}` };
  }

  const statusOf = (url: string) => fetch(url).then((answer) => answer.status);

  it(
    "answers /readyz 503 on SIGTERM while it still serves for the drain, ignores a second SIGTERM, then exits 0",
    { timeout: shopStartTimeoutMs + 60_000 },
    async () => {
      const { origin } = await start({ ROLE: "api", SHUTDOWN_DRAIN_MS: String(drainMs) });
      const client = createClient(
        ShopService,
        createConnectTransport({ baseUrl: `${origin}/api`, httpVersion: "1.1" })
      );
      expect(await statusOf(`${origin}/readyz`)).toBe(200);

      shop!.signal("SIGTERM");
      await vi.waitFor(async () => expect(await statusOf(`${origin}/readyz`)).toBe(503), { interval: 20 });
      // Draining: the load balancer is told to go, and whatever it still sends is served as before.
      expect(await statusOf(`${origin}/healthz`)).toBe(200);
      expect((await client.version({})).version).toBeTruthy();
      shop!.signal("SIGTERM");
      expect(await statusOf(`${origin}/healthz`)).toBe(200);

      expect(await shop!.exited()).toBe(0);
      expect(shop!.output()).not.toMatch(/error/i);
    }
  );

  it(
    "stops a worker on SIGINT, a second SIGINT changing nothing, and exits 0",
    { timeout: shopStartTimeoutMs + 60_000 },
    async () => {
      const { origin } = await start({ ROLE: "worker", SHUTDOWN_DRAIN_MS: String(drainMs) });
      expect(await statusOf(`${origin}/readyz`)).toBe(200);

      shop!.signal("SIGINT");
      shop!.signal("SIGINT");
      expect(await shop!.exited()).toBe(0);
      expect(shop!.output()).not.toMatch(/error/i);
    }
  );
});
