import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedBodies } from "./body-limit";

/** A route behind the bound that reads the whole body, as Remix does, and says how much it read. */
let server: Server;
let port: number;
const maxBytes = 1_000;

beforeAll(async () => {
  const app = express();
  app.use(boundedBodies(maxBytes, async (_req, res, status) => void res.status(status).send(`refused ${status}`)));
  app.all("*", (req, res) => {
    let read = 0;
    req.on("data", (chunk: Buffer) => (read += chunk.length));
    req.on("end", () => res.send(`read ${read}`));
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A post of `size` bytes, with its length declared or sent in chunks. */
function post(size: number, { chunked = false } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = Buffer.alloc(size, "a");
    const headers = chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) };
    const sent = httpRequest({ port, host: "127.0.0.1", method: "POST", path: "/objednavka", headers }, (answer) => {
      let text = "";
      answer.on("data", (chunk: Buffer) => (text += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text }));
    });
    // The server may answer and stop reading before the whole body is out.
    sent.on("error", reject);
    sent.end(body);
  });
}

describe("boundedBodies", () => {
  it("lets a body up to the bound through", async () => {
    expect(await post(maxBytes)).toEqual({ status: 200, text: `read ${maxBytes}` });
  });

  it("refuses a longer body by its declared length, before the route reads it", async () => {
    expect(await post(maxBytes + 1)).toEqual({ status: 413, text: "refused 413" });
  });

  it("answers a client still sending a large body instead of resetting it", async () => {
    expect(await post(5_000_000)).toEqual({ status: 413, text: "refused 413" });
  });

  it("refuses a body of unknown length, which only reading could bound", async () => {
    expect(await post(10, { chunked: true })).toEqual({ status: 411, text: "refused 411" });
  });
});
