import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIsStale } from "../build-freshness.mjs";
import { startCluster } from "./cluster";

/**
 * `npm run cluster`: the shop as production runs it, on this machine (decision 049): two web, two api and one worker
 * process behind HAProxy on http://localhost:8080, on a PostgreSQL database of its own. Ctrl-C stops them all.
 *
 *   npm run cluster -- [--port 8080] [--database-url postgres://postgres@127.0.0.1:5432/dzb_cluster]
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8080" },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/dzb_cluster" },
  },
});

if (buildIsStale()) {
  console.log("[cluster] building…");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const runDir = path.resolve(".cluster");
const cluster = await startCluster({
  port: Number(values.port),
  databaseUrl: values["database-url"],
  runDir,
  echo: (line) => console.log(line),
});
console.log(`
[cluster] the shop: ${cluster.url} (Czech), http://pl.localhost:${values.port} (Polish), http://pluxee.localhost:${values.port} (Pluxee)
[cluster] behind it: ${[...cluster.roles].map(([name, address]) => `${name} ${address}`).join(", ")}
[cluster] logs in ${path.join(runDir, "logs")}; Ctrl-C stops everything`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log("[cluster] stopping…");
    void cluster.stop().then(() => process.exit(0));
  });
}
