import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "../../server/build-freshness.mjs";

/** What `npm run bench` needs before it measures: two cores, the shop's build, the naive app's build. */
export const naiveRemixDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "naive-remix");

export function requireTwoCores() {
  if (availableParallelism() < 2) throw new Error("the bench pins servers to core 0 and wrk to core 1: it needs two cores");
}

/** The same rule as `npm start`: build when the build is missing or older than its sources. */
export function buildShopIfStale() {
  if (!buildIsStale()) return;
  console.log("building the shop (npm run build)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

/** Built on every run (a fraction of a second) with the shop's own `remix` CLI, into naive-remix/build. */
export function buildNaiveRemix() {
  const result = spawnSync("npx", ["--no-install", "remix", "build", naiveRemixDir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`the naive Remix app did not build:\n${result.stdout}${result.stderr}`);
}

/** What the figures were measured on: they compare only with figures from the same machine and commit. */
export function header(tool = "bench") {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const changed = git("status", "--porcelain", "--untracked-files=no") !== "";
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? "unknown CPU";
  return [
    `dzb-shop ${tool} — ${new Date().toISOString()}`,
    `commit ${git("rev-parse", "--short", "HEAD")}${changed ? " with uncommitted changes" : ""} (${git("log", "-1", "--format=%s").slice(0, 70)})`,
    `node ${process.version}, ${availableParallelism()} × ${cpu}, load average ${loadavg().map((load) => load.toFixed(2)).join(" ")}`,
    // Pinning gives a server its core only among the bench's own processes; anything else running takes its share.
    ...(loadavg()[0] > 1 ? ["the machine is busy: other processes share the cores, so the figures will be low and noisy"] : []),
  ].join("\n");
}
