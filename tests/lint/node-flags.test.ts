import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeFlags } from "../../server/node-flags.mjs";

describe("Node's flags for the shop's process (decision 024)", () => {
  it("are the same in the container as for npm start and the bench", () => {
    const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    const nodeOptions = /NODE_OPTIONS="([^"]*)"/.exec(dockerfile)?.[1];
    expect(nodeOptions?.split(" ")).toEqual(nodeFlags);
  });
});
