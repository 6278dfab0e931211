import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { issueCreditVoucher } from "../../server/stores/vouchers";
import { createWebApp } from "../../server/web/app";
import { localizedPath } from "../../shared/route-table";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { now } from "../fixtures/hotel-orders";
import { requestWithHost } from "../fixtures/host-request";
import { messageScripts, voucherCheckBuild, voucherCheckRouteId } from "../fixtures/voucher-check-build";

/**
 * The web tier behind a load balancer (issue 26, decision 039). The balancer appends the address it took a request
 * from to X-Forwarded-For, after whatever the client wrote there itself; TRUST_PROXY tells the web tier how many such
 * proxies stand in front of it, and it believes the header only as far as they wrote it. A client that writes a new
 * address into each request is still one client to the api's budgets, and a Host no URL can be made of is a bad
 * request, not a failure.
 */

describe.each(databaseTargets())("forwarded addresses and hosts, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  const webTiers: Server[] = [];

  /** A web tier of ROLE=web behind `trustProxy`, calling the api over HTTP as from another container. */
  async function startWebTier(trustProxy: string): Promise<string> {
    const config = loadConfig({ ENV: "test", NODE_ENV: "test", TRUST_PROXY: trustProxy, API_URL: api.baseUrl });
    const listener = createWebApp({
      config,
      log: api.deps.log,
      remixBuild: voucherCheckBuild,
      messageScripts,
      isReady: async () => true,
    });
    const server = await new Promise<Server>((resolve) => {
      const listening = createServer(listener).listen(0, "127.0.0.1", () => resolve(listening));
    });
    webTiers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** One proxy in front (TRUST_PROXY=1), as behind a load balancer; the test is that balancer. */
  let behindBalancer: string;
  /** Proxies at another address only: the test's requests come from no proxy this web tier trusts. */
  let behindOtherProxy: string;

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    // The api trusts the loopback as its forwarder (the default): the web tiers' X-Forwarded-For names the visitor.
    api = await startApiServer({ db: database.db, now: () => now });
    behindBalancer = await startWebTier("1");
    behindOtherProxy = await startWebTier("192.0.2.1");
  });

  afterAll(async () => {
    for (const server of webTiers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  /** The Czech shop's voucher check page for `code`. */
  const checkPage = (code: string) => localizedPath("voucherStatus", "cs", "cs", { id: code });

  /** The voucher check page's data for `code`, as the page's own navigation asks for it. */
  const checkCode = (origin: string, code: string, headers: Record<string, string>) =>
    fetch(`${origin}${checkPage(code)}?_data=${voucherCheckRouteId}`, { headers });

  /** A voucher of the Czech shop, which the Polish shop does not know. */
  const czechVoucher = () =>
    issueCreditVoucher(database.db, { currency: "CZK", value: 1_000, validFrom: "2026-11-01", validTo: "2027-10-31" });

  /** As a balancer forwards a request: after what the client wrote, the address it took the request from. */
  const forwardedBy = (written: string, client: string) => ({ "X-Forwarded-For": `${written}, ${client}` });

  it("holds a client to its budget of wrong voucher codes whatever it writes on the left of X-Forwarded-For", async () => {
    const client = "203.0.113.80";
    for (let i = 0; i < 10; i += 1) {
      const answer = await checkCode(behindBalancer, `170000${i}0`, forwardedBy(`198.51.100.${i}`, client));
      expect(answer.status, `wrong code ${i + 1}`).toBe(404);
    }
    const eleventh = await checkCode(behindBalancer, "17000100", forwardedBy("198.51.100.10", client));
    expect(eleventh.status).toBe(429);
    // Another client behind the same balancer keeps a budget of its own.
    const other = await checkCode(behindBalancer, "17000100", forwardedBy("198.51.100.10", "203.0.113.81"));
    expect(other.status).toBe(404);
  });

  it("shows the shop of the host the balancer was asked for, not one the client wrote before it", async () => {
    const voucher = await czechVoucher();
    // The client wrote the Polish shop's host; the balancer appended the Czech one it was asked for.
    const answer = await checkCode(behindBalancer, voucher.code, {
      ...forwardedBy("198.51.100.20", "203.0.113.82"),
      "X-Forwarded-Host": "pl.localhost, localhost",
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ typed: voucher.code, check: { voucher: { code: voucher.code } } });
  });

  it("believes no forwarded host or request id from a peer that is not one of its proxies", async () => {
    const voucher = await czechVoucher();
    const answer = await checkCode(behindOtherProxy, voucher.code, {
      "X-Forwarded-Host": "pl.localhost",
      "X-Request-Id": "request-of-a-stranger",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).not.toBe("request-of-a-stranger");
    const trusted = await checkCode(behindBalancer, voucher.code, { "X-Request-Id": "request-of-the-balancer" });
    expect(trusted.headers.get("x-request-id")).toBe("request-of-the-balancer");
  });

  it.each([["a b"], ["<x>"], ["shop.example/evil"], ["localhost:99999"]])(
    "answers a Host %j no URL can be made of with the 400 error page, not a failure",
    async (host) => {
      const answer = await requestWithHost(`${behindOtherProxy}${checkPage("17000000")}`, host);
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await answer.text()).toContain("<h1>Chyba</h1>");
    }
  );

  it.each([
    ["X-Forwarded-Host", "a b"],
    ["X-Forwarded-Host", "localhost, <x>"],
    ["X-Forwarded-Proto", "a b"],
  ])("answers a trusted proxy's %s %j with the 400 error page too", async (name, value) => {
    const answer = await fetch(`${behindBalancer}${checkPage("17000000")}`, { headers: { [name]: value } });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("<h1>Chyba</h1>");
  });
});
