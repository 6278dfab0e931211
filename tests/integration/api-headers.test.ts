import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api";
import { createWebApp } from "../../server/web/app";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { now } from "../fixtures/hotel-orders";

/**
 * The headers of the api's answers as a process of ROLE=api serves them (the web server without Remix): orders,
 * documents and payments are one customer's, so no cache may keep any answer, and no other site may embed one.
 */

let api: RunningApi;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  api = await startApiServer({ now: () => now });
  const { config } = api.deps;
  const listener = createWebApp({
    config,
    log: api.deps.log,
    api: createApi(api.deps).middleware,
    isReady: async () => true,
  });
  server = await new Promise<Server>((resolve) => {
    const listening = createServer(listener).listen(0, "127.0.0.1", () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/dzb.shop.v1.ShopService`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.stop();
});

const czVariant = { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" };

describe("every api answer", () => {
  it.each([
    ["an answer", "Version", {}, 200],
    ["a refusal", "OrderDetail", { productVariant: czVariant, orderId: "00000000-0000-4000-8000-000000000000" }, 404],
    ["an invalid request", "PaymentStart", { productVariant: czVariant, orderId: "x", returnUrl: "x" }, 400],
    ["an unknown procedure", "NoSuchMethod", {}, 404],
  ])("is kept by no cache and embedded by no other site: %s", async (_, method, body, status) => {
    const answer = await fetch(`${baseUrl}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(status);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });
});

describe("the api's place on the server", () => {
  const origin = () => new URL(baseUrl).origin;

  it("is its mount point only: a path that merely begins like it is a page's", async () => {
    // Both have a request id (every answer has); only the api's is a Connect error.
    const page = await fetch(`${origin()}/apiary`);
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const call = await fetch(`${origin()}/api`, { method: "POST" });
    expect(call.status).toBe(404);
    expect(call.headers.get("content-type")).toBe("application/json");
    expect(call.headers.get("x-request-id")).toBeTruthy();
  });

  it("compresses a large answer for a client that accepts it, as the pages' server did before it", async () => {
    const answer = await fetch(`${baseUrl}/PaymentMethods`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "gzip" },
      body: JSON.stringify({ productVariant: czVariant }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect((await answer.json()).hotelMethods.length).toBeGreaterThan(0);
  });
});
