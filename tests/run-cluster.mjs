import { spawnSync } from "node:child_process";
import { buildIsStale } from "../server/build-freshness.mjs";
import { runVitest } from "./run-vitest.mjs";

/**
 * `npm run test:cluster`: builds when the build is stale (the cluster runs the built shop), then the cluster's failure
 * test (tests/cluster), ending with its summary line. Needs PostgreSQL's server on 127.0.0.1:5432 and HAProxy, which
 * it installs from Debian's package when missing.
 */
if (buildIsStale()) {
  const built = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.exit(runVitest("cluster", ["--config", "tests/cluster/vitest.config.ts"]));
