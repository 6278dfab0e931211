import { spawnSync } from "node:child_process";
import { buildIsStale } from "./build-freshness.mjs";
import { nodeFlagsFor } from "./node-flags.mjs";

/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the
 * whole shop (web + api + worker) on the embedded defaults.
 */
if (buildIsStale()) {
  console.log("[dzb-shop] building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const flags = nodeFlagsFor(process.env.ROLE);
const server = spawnSync(process.execPath, [...flags, "--enable-source-maps", "build/main.js"], { stdio: "inherit" });
process.exit(server.status ?? 1);
