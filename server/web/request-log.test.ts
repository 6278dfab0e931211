import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { capturedLog } from "../logging/captured-log.test-helper";
import { createMetrics } from "../metrics/metrics";
import { healthChecks } from "./health-checks";
import { pageRouteOf, requestIdOfAnswer, requestLog } from "./request-log";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A web tier of the request log, the health checks and a page that answers its request id, behind `trustProxy`. */
async function webTier(trustProxy = "0") {
  const config = loadConfig({ ENV: "test", TRUST_PROXY: trustProxy });
  const { log, lines } = capturedLog();
  const metrics = createMetrics("web");
  const app = express();
  app.set("trust proxy", config.trustProxy);
  app.use(requestLog({ config, log, metrics: metrics.web, servesPages: true }));
  app.use(healthChecks(async () => true));
  app.use((_req, res) => void res.send(requestIdOfAnswer(res)));
  const server = await new Promise<Server>((resolve) => {
    const listening = createServer(app).listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, lines, metrics };
}

describe("the web tier's line per request", () => {
  it("names the request by its route, never by its path, query or cookies", async () => {
    const { origin, lines, metrics } = await webTier();
    const orderId = "6f1d7a52-3c1e-4c5e-9a51-0b7e4b1c2d3e";
    const ownerKey = "k3y-0f-the-0rder-0wner";
    const answer = await fetch(`${origin}/status/${orderId}?key=${ownerKey}`, {
      headers: { cookie: "sid=4d2c9b7e-1111-2222-3333-444455556666; ownerKeys=secret" },
    });
    const requestId = await answer.text();
    expect(answer.headers.get("x-request-id")).toBe(requestId);
    await expect.poll(() => lines.length).toBe(1);
    const { time, pid, hostname, durationMs, ...line } = lines[0]!;
    expect([time, pid, hostname, durationMs]).not.toContain(undefined);
    expect(line).toEqual({
      level: "info",
      msg: "request",
      requestId,
      variant: "DZB_CZ",
      route: "orderStatus",
      method: "GET",
      status: 200,
      client: "127.0.0.1",
    });
    const written = JSON.stringify(lines);
    for (const secret of [orderId, ownerKey, "4d2c9b7e", "secret"]) expect(written).not.toContain(secret);
    const counted = (await metrics.web.requests.get()).values;
    expect(counted).toEqual([{ labels: { route: "orderStatus", status: "200" }, value: 1 }]);
  });

  it("adopts the X-Request-Id of a proxy it trusts, when the id is sane, and of no one else", async () => {
    const behindBalancer = await webTier("1");
    const balancersId = "0a1b2c3d-lb-7f3a";
    const adopted = await fetch(`${behindBalancer.origin}/`, { headers: { "X-Request-Id": balancersId } });
    expect(adopted.headers.get("x-request-id")).toBe(balancersId);
    await expect.poll(() => behindBalancer.lines[0]?.requestId).toBe(balancersId);
    const insane = await fetch(`${behindBalancer.origin}/`, { headers: { "X-Request-Id": "two words" } });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const trustingNoOne = await webTier("0");
    const own = await fetch(`${trustingNoOne.origin}/`, { headers: { "X-Request-Id": balancersId } });
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the health checks at debug only, and counts them", async () => {
    const { origin, lines, metrics } = await webTier();
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    await expect.poll(async () => (await metrics.web.requests.get()).values.length).toBe(2);
    expect(lines).toEqual([]);
    expect((await metrics.web.requests.get()).values).toEqual(
      expect.arrayContaining([{ labels: { route: "healthz", status: "200" }, value: 1 }])
    );
  });
});

describe("a page's route", () => {
  it("is the route table's screen or endpoint, in any language and with any ids", () => {
    expect(pageRouteOf("/")).toBe("home");
    expect(pageRouteOf("/en/order/accommodation/6f1d7a52-3c1e-4c5e-9a51-0b7e4b1c2d3e")).toBe("orderAccommodation");
    expect(pageRouteOf("/zamowienie/rezerwacja/abc")).toBe("orderReservation");
    expect(pageRouteOf("/status/abc/dokument/invoice")).toBe("orderDocument");
    expect(pageRouteOf("/robots.txt")).toBe("robots");
    expect(pageRouteOf("/language")).toBe("languageSwitch");
    expect(pageRouteOf("/__manifest")).toBe("remix-manifest");
    expect(pageRouteOf("/pl/jak-zamowic/krok-2")).toBe("contentPage");
  });
});
