import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

describe("Node's flags for the shop's process (decisions 024, 031 and 064)", () => {
  it("limit the old generation wherever pages or documents are made, and not for the api alone", () => {
    for (const role of [undefined, "all", "web", "worker"]) {
      expect(nodeFlagsFor(role)).toContain("--max-old-space-size=256");
    }
    expect(nodeFlagsFor("api")).toEqual(["--max-semi-space-size=32"]);
  });

  it("give the web tier alone Node's own young generation", () => {
    expect(nodeFlagsFor("web")).toEqual(["--max-old-space-size=256"]);
    for (const role of [undefined, "all", "worker", "api"]) {
      expect(nodeFlagsFor(role)).toContain("--max-semi-space-size=32");
    }
  });

  it("are what the container's command asks the module for, by the role it is given", () => {
    const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    expect(dockerfile).toContain("exec node $(node server/node-flags.mjs) --enable-source-maps build/main.js");
    const script = new URL("../../server/node-flags.mjs", import.meta.url).pathname;
    for (const role of ["all", "api", "web"]) {
      const env = { ...process.env, ROLE: role };
      const printed = execFileSync(process.execPath, [script], { env, encoding: "utf8" });
      expect(printed.trim().split(" ")).toEqual(nodeFlagsFor(role));
    }
  });
});
