import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginPosts } from "./security";

/** A shop host behind the gate, whose every route answers 204 once let through. */
let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginPosts(() => "shop.example:3000"));
  app.all("*", (_req, res) => res.status(204).end());
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status/3f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (headers: Record<string, string>, query = "") =>
  fetch(`${url}${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "intent=cancel",
  }).then((answer) => answer.status);

describe("sameOriginPosts", () => {
  it("lets this site's posts through, page and data requests alike", async () => {
    expect(await post({ origin: "http://shop.example:3000" })).toBe(204);
    expect(await post({ origin: "http://SHOP.example:3000" }, "?_data=default--orderStatus")).toBe(204);
    expect(await post({ "sec-fetch-site": "same-origin" })).toBe(204);
  });

  it.each([
    ["a foreign origin", { origin: "https://evil.example" }],
    ["the same host on another port", { origin: "http://shop.example:4000" }],
    ["the opaque origin null", { origin: "null" }],
    ["an origin that is no URL", { origin: "shop.example:3000" }],
    ["no origin, and a cross-site fetch", { "sec-fetch-site": "cross-site" }],
    ["no origin, and a sibling host's fetch", { "sec-fetch-site": "same-site" }],
  ])("refuses %s with 403, page and data requests alike", async (_, headers) => {
    expect(await post(headers)).toBe(403);
    expect(await post(headers, "?_data=default--orderStatus")).toBe(403);
  });

  it("lets through what no browser sent (no Origin, no Sec-Fetch-Site), and reads nothing it does not change", async () => {
    expect(await post({})).toBe(204);
    const read = await fetch(url, { headers: { origin: "null" } });
    expect(read.status).toBe(204);
  });
});
