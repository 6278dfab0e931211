import { execFileSync } from "node:child_process";
import path from "node:path";
import { benchDatabases } from "./databases.mjs";
import { header, requireTwoCores } from "./prepare.mjs";
import { startServer } from "./processes.mjs";
import { apiClient, createStayAndOrder } from "./shop-data.mjs";
import { ensureWrk, warmUp, wrk } from "./wrk.mjs";
import { buildIsStale } from "../../server/build-freshness.mjs";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

/**
 * `BENCH_AB=<group> node tests/bench/patch-ab.mjs`: what a patch of server/patches does for the goal it was made for,
 * measured with and without it in one run, interleaved (pairs, every other one unpatched first; BENCH_AB_PAIRS, 3
 * by default), each server alone on core 0 with wrk on core 1, as `npm run bench` does. The patch is taken out of
 * node_modules with `git apply -R` between runs and always put back at the end. Prints each run's figures and, per
 * figure, the median and range of each side: the CPU per request holds on a busy machine, req/s and p99 only within
 * a pair. The patches change node_modules, not the build, so the build is measured as it is (run
 * `npm run build` first). The browser's bundle is weighed without a server: tests/bench/bundle-weight.mjs.
 */
const patch = (name, ...include) => ({ file: `server/patches/${name}.patch`, include });
/** The patches measured, as groups; all of them are the page's (decision 021), so a page's CPU is their goal. */
const groups = {
  // Measured as one: the router's cache is kept per route tree, which the other two keep the same across renders.
  "route-matching": [
    patch("@remix-run+router+1.23.3"),
    patch("react-router-dom+6.30.4"),
    patch("@remix-run+react+2.17.5", "node_modules/@remix-run/react/dist/server.js"),
  ],
  router: [patch("@remix-run+router+1.23.3")],
  "static-router": [patch("react-router-dom+6.30.4")],
  "remix-server": [patch("@remix-run+react+2.17.5", "node_modules/@remix-run/react/dist/server.js")],
};

const group = groups[process.env.BENCH_AB];
if (!group) throw new Error(`BENCH_AB names one of: ${Object.keys(groups).join(", ")}`);
const settings = {
  port: Number(process.env.BENCH_PORT ?? 3200),
  pairs: Number(process.env.BENCH_AB_PAIRS ?? 3),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  warmupRequests: Number(process.env.BENCH_WARMUP_REQUESTS ?? 4000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const databases = benchDatabases(process.env.BENCH_DATABASE_URL);
const shopHost = `localhost:${settings.port}`;

/** `git apply` of a group's patches in node_modules, from the repository's root; with `-R`, taken out. */
function gitApply(patches, ...flags) {
  for (const { file, include } of patches) {
    execFileSync("git", ["apply", ...flags, ...include.map((only) => `--include=${only}`), file], { stdio: "pipe" });
  }
}

/** How a group's patches are taken out of node_modules and put back. */
function changeOf(patches) {
  return {
    name: patches.map(({ file }) => path.basename(file)).join(", "),
    takeOut: () => gitApply(patches, "-R"),
    putBack: () => gitApply(patches),
    /** Whether they are in node_modules now: their reverse applies. */
    ready() {
      try {
        gitApply(patches, "-R", "--check");
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Order step 1 and a status page, rendered for every visit (no page cache): the CPU a render costs. */
async function measurePages(port) {
  const database = await databases.environment();
  const shop = await startServer({
    name: "the shop (ROLE=all)",
    script: "build/main.js",
    nodeFlags: nodeFlagsFor("all"),
    port,
    readyPath: "/readyz",
    env: { NODE_ENV: "production", ENV: "test", ROLE: "all", PAGE_CACHE_TTL_MS: "0", ...database },
    cpu: 0,
  });
  try {
    const { orderId } = await createStayAndOrder(apiClient(shop.origin));
    const figures = new Map();
    for (const [name, pathname] of [["order step 1", "/objednavka"], ["status", `/status/${orderId}`]]) {
      const url = shop.origin + pathname;
      const answer = await fetch(url, { headers: { host: shopHost }, redirect: "manual" });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}, not 200`);
      const { connections, warmupSeconds, warmupRequests, seconds } = settings;
      await warmUp({ url, host: shopHost, connections, seconds: warmupSeconds, requests: warmupRequests });
      const cpuBefore = shop.cpuSeconds();
      const result = await wrk({ url, host: shopHost, connections, seconds });
      const failed = result.failedResponses + result.socketErrors;
      if (failed > 0 || result.requests === 0) throw new Error(`${pathname}: ${failed} of ${result.requests} failed`);
      figures.set(name, { ...result, cpuMs: (1000 * (shop.cpuSeconds() - cpuBefore)) / result.requests });
      console.log(
        `  ${name.padEnd(16)} ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, ` +
          `CPU ${figures.get(name).cpuMs.toFixed(3)} ms/req`,
      );
    }
    return figures;
  } finally {
    await shop.stop();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summarise(runs) {
  const shown = [
    ["CPU ms", (f) => f.cpuMs, 3],
    ["req/s", (f) => f.requestsPerSecond, 0],
    ["p50 ms", (f) => f.p50Ms, 1],
    ["p99 ms", (f) => f.p99Ms, 1],
  ];
  console.log(
    "\nSummary: median [range] patched | unpatched | unpatched ÷ patched: of the medians, the median of the pairs' " +
      "ratios, each pair's",
  );
  for (const name of runs[0].figures.keys()) {
    console.log(`  ${name}`);
    for (const [label, of, digits] of shown) {
      const side = (patched) => runs.filter((run) => run.patched === patched).map((run) => of(run.figures.get(name)));
      const fixed = (value) => value.toFixed(digits);
      const text = (values) => `${fixed(median(values))} [${fixed(Math.min(...values))}–${fixed(Math.max(...values))}]`;
      const [withIt, without] = [side(true), side(false)];
      const ratios = withIt.map((value, pair) => without[pair] / value);
      console.log(
        `    ${label.padEnd(11)} ${text(withIt).padEnd(24)} | ${text(without).padEnd(24)} | ` +
          `${(median(without) / median(withIt)).toFixed(2)}, ${median(ratios).toFixed(2)} ` +
          `(${ratios.map((ratio) => ratio.toFixed(2)).join(", ")})`,
      );
    }
  }
}

const runs = [];
try {
  requireTwoCores();
  ensureWrk();
  console.log(header());
  if (buildIsStale()) console.log("build/ is older than its sources: measured as it is");
  const change = changeOf(group);
  if (!change.ready()) throw new Error(`${change.name} not applied in node_modules: run npm install first`);
  console.log(`A/B of ${change.name}, ${settings.pairs} pairs`);
  for (let pair = 0; pair < settings.pairs; pair++) {
    // Every other pair runs unpatched first, so that neither side is always the later one (A B, B A, A B, …).
    for (const patched of pair % 2 === 0 ? [true, false] : [false, true]) {
      if (!patched) change.takeOut();
      try {
        console.log(`\npair ${pair + 1}, ${patched ? "patched" : "unpatched"}:`);
        runs.push({ patched, figures: await measurePages(settings.port) });
      } finally {
        if (!patched) change.putBack();
      }
    }
  }
  summarise(runs);
} finally {
  await databases.removeAll();
}
