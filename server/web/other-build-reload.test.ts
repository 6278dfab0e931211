import express from "express";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadOtherBuilds } from "./other-build-reload";

describe("a data request from a page of another build", () => {
  let origin: string;
  const server = createServer(
    express()
      .use(reloadOtherBuilds("build-2"))
      .all("*", (_req, res) => res.json({ remix: "ran" }))
  );
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, build?: string, method = "GET") =>
    fetch(origin + path, { method, headers: build ? { "X-Shop-Build": build } : {}, redirect: "manual" });

  it("is told to load the same address as a whole document", async () => {
    const response = await get("/kontakt?tab=1&_data=routes%2Fcontact", "build-1");
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe("/kontakt?tab=1");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("reaches Remix when it is of this build, names none, is a document or is a post", async () => {
    for (const response of [
      await get("/kontakt?_data=routes%2Fcontact", "build-2"),
      await get("/kontakt?_data=routes%2Fcontact"),
      await get("/kontakt", "build-1"),
      await get("/kontakt?_data=routes%2Fcontact", "build-1", "POST"),
    ]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ remix: "ran" });
    }
  });
});
