import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

/**
 * The load generator: wrk (Debian's package), pinned to the core the measured server does not have, one thread.
 * It keeps a fixed number of connections busy (a closed loop), so its req/s is the server's peak throughput.
 */
const loadCpu = 1;
const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

/** Installs Debian's wrk when it is missing and we may (root), as `npm test` does for Chromium. */
export function ensureWrk() {
  if (existsSync("/usr/bin/wrk")) return;
  if (process.getuid?.() !== 0) throw new Error("wrk is missing. Install Debian's package: sudo apt-get install -y wrk");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "wrk"]]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) throw new Error("apt-get could not install wrk");
  }
}

/**
 * One wrk run against `url`, with the given Host header. `script` (a Lua file beside this one) shapes the requests,
 * with `scriptArgs` after `--`: paced.lua paces each connection instead of letting it send as fast as answers come,
 * rpc.lua posts Connect calls. Returns req/s, the mean, p50 and p99 in ms, the requests and the failed ones.
 */
export async function wrk({ url, host, connections, seconds, script, scriptArgs = [] }) {
  // wrk counts an answer slower than its timeout (2 s by default) as an error and leaves it out of the percentiles,
  // which would flatter the p99 of a saturated page: every answer within the run is counted.
  const args = ["-c", String(loadCpu), "wrk", "-t1", `-c${connections}`, `-d${seconds}s`, `--timeout=${seconds + 30}s`, "--latency"];
  args.push("-H", `Host: ${host}`);
  if (script) args.push("-s", path.join(scriptsDir, script));
  args.push(url);
  if (scriptArgs.length > 0) args.push("--", ...scriptArgs.map(String));
  const { stdout } = await run("taskset", args);
  return parseWrkOutput(stdout);
}

/**
 * Warms a page up for `seconds`, then on until it has served `requests` in all. V8 optimises a function after enough
 * calls, so a page's steady cost shows after a number of requests, not of seconds: three seconds are 4,500 requests of
 * the naive page but 300 of the rooms page, whose CPU a request was still falling by a third over its next 3,000.
 */
export async function warmUp({ url, host, connections, seconds, requests }) {
  if (seconds <= 0) return;
  const first = await wrk({ url, host, connections, seconds });
  const missing = requests - first.requests;
  if (missing <= 0 || first.requestsPerSecond <= 0) return;
  await wrk({ url, host, connections, seconds: Math.ceil(missing / first.requestsPerSecond) });
}

/** Reads the figures from wrk's `--latency` report. */
export function parseWrkOutput(text) {
  const figure = (pattern) => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`wrk's report lacks ${pattern}:\n${text}`);
    return match;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  return {
    requestsPerSecond: Number(figure(/^Requests\/sec:\s+([\d.]+)/m)[1]),
    meanMs: milliseconds(figure(/^\s+Latency\s+([\d.]+)(us|ms|s|m)\s/m)),
    p50Ms: milliseconds(figure(/^\s+50%\s+([\d.]+)(us|ms|s|m)\s*$/m)),
    p99Ms: milliseconds(figure(/^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m)),
    requests: Number(figure(/^\s+(\d+) requests in/m)[1]),
    socketErrors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    failedResponses: non2xx ? Number(non2xx[1]) : 0,
  };
}

function milliseconds([, value, unit]) {
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
}
