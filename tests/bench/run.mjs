import path from "node:path";
import { measureApi } from "./api-latency.mjs";
import { benchDatabases } from "./databases.mjs";
import { buildNaiveRemix, buildShopIfStale, header, naiveRemixDir, requireTwoCores } from "./prepare.mjs";
import { startServer } from "./processes.mjs";
import { apiClient, createStayAndOrder } from "./shop-data.mjs";
import { ensureWrk, warmUp, wrk } from "./wrk.mjs";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

/**
 * `npm run bench`: figures, not pass/fail (issue 14). In one run:
 *  1. pages — a bare node:http server, a naive Remix page and the shop's pages, each server alone on core 0 with wrk
 *     on core 1: req/s, p50, p99 and the share of the naive page's req/s; order step 1 again at about 70 % of its peak;
 *     step 1 and home once more rendered for every visit (the page cache off, decision 030);
 *  2. memory — ROLE=web's resident set idle and after two runs of load, ROLE=all's after the page runs;
 *  3. the api — each call's latency at 8 connections (ROLE=api on core 0, wrk on core 1), on PGlite or, with
 *     BENCH_DATABASE_URL, PostgreSQL (BENCH_ONLY=api runs this part alone).
 * BENCH_ONLY=pages runs the first part alone; BENCH_ONLY=rooms,status (any of step1, home, rooms, status) only those
 * of the shop's pages, beside the bare and naive servers they are compared with.
 * Compare figures only between commits on the same machine, measured while it is otherwise idle.
 */
const settings = {
  port: Number(process.env.BENCH_PORT ?? 3200), // the run uses this port and the next five
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  // A page's warm-up goes on until it has served this many requests (wrk.mjs's warmUp says why).
  warmupRequests: Number(process.env.BENCH_WARMUP_REQUESTS ?? 4000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  apiConnections: Number(process.env.BENCH_API_CONNECTIONS ?? 8),
  // Half warm HotelOrderCreate up; its measured run ends early when the rest are used up.
  orders: Number(process.env.BENCH_ORDERS ?? 6000),
};
const serverCpu = 0;
/** A host the shop serves without DOMAIN_* set: the Czech variant. */
const shopHost = `localhost:${settings.port}`;
const databases = benchDatabases(process.env.BENCH_DATABASE_URL);
const running = new Set();
const only = process.env.BENCH_ONLY ?? "";
const shopPageNames = ["step1", "home", "rooms", "status"];
/** The shop's pages BENCH_ONLY names, or all of them. */
const chosenPages = only.split(",").filter((name) => shopPageNames.includes(name));
const measured = (name) => chosenPages.length === 0 || chosenPages.includes(name);

async function start(options) {
  const server = await startServer(options);
  running.add(server);
  return server;
}

async function stop(server) {
  running.delete(server);
  await server.stop();
}

/** Where the shop's processes write a CPU profile when they stop (one file each), if BENCH_CPU_PROFILE_DIR says. */
const profileFlags = process.env.BENCH_CPU_PROFILE_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE_DIR)}`]
  : [];

/** The built shop as production runs it (NODE_ENV=production, its Node flags), in the role given, on a fresh database. */
async function startShop(port, role, { cpu, env = {}, tracePromotion } = {}) {
  return start({
    name: `the shop (ROLE=${role})`,
    script: "build/main.js",
    nodeFlags: [...nodeFlagsFor(role), ...profileFlags],
    port,
    readyPath: "/readyz",
    env: { NODE_ENV: "production", ENV: "test", ROLE: role, ...(await databases.environment()), ...env },
    cpu,
    tracePromotion,
  });
}

const formatRate = (rate) => Math.round(rate).toLocaleString("en").padStart(8);
const formatMs = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0)).padStart(8);

/**
 * A row of the pages table. "of naive" compares throughput; "CPU of naive" compares the CPU each request cost the
 * server (the naive page's CPU per request over this one's), the figure that holds when the machine is busy.
 */
function printRow(label, result, naive) {
  const share = (ratio) => (naive && Number.isFinite(ratio) ? `${(100 * ratio).toFixed(1)} %` : "");
  const failed = result.failedResponses + result.socketErrors;
  const note = failed > 0 ? `   (${failed} of ${result.requests} failed)` : "";
  console.log(
    `  ${label.padEnd(44)}${formatRate(result.requestsPerSecond)}${formatMs(result.p50Ms)}${formatMs(result.p99Ms)}` +
      `${share(result.requestsPerSecond / naive?.requestsPerSecond).padStart(11)}` +
      `${result.cpuMsPerRequest.toFixed(3).padStart(11)}${share(naive?.cpuMsPerRequest / result.cpuMsPerRequest).padStart(14)}${note}`,
  );
}

/** A page must answer 200 before it is loaded: a redirect or an error page would be measured as if it were the page. */
async function expectPage(url, host) {
  const response = await fetch(url, { headers: { host }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} (Host ${host}) answered ${response.status}, not 200`);
}

/** The page's peak throughput, and the server's CPU time per request while it was measured. */
async function measurePage(server, pathname, host) {
  const url = server.origin + pathname;
  await expectPage(url, host);
  const { connections, warmupSeconds, warmupRequests, seconds } = settings;
  await warmUp({ url, host, connections, seconds: warmupSeconds, requests: warmupRequests });
  const cpuBefore = server.cpuSeconds();
  const result = await wrk({ url, host, connections, seconds });
  return { ...result, cpuMsPerRequest: (1000 * (server.cpuSeconds() - cpuBefore)) / result.requests };
}

async function benchPages() {
  const { port, connections } = settings;
  console.log(
    `\nPages: each server alone on core ${serverCpu} (taskset), wrk -t1 -c${connections} on core 1, ` +
      `${settings.warmupSeconds} s warm-up (at least ${settings.warmupRequests} requests) then ${settings.seconds} s measured`,
  );
  console.log(
    `  ${"".padEnd(44)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"of naive".padStart(11)}` +
      `${"CPU ms/req".padStart(11)}${"CPU of naive".padStart(14)}`,
  );

  const hello = await start({ name: "bare node:http", script: "tests/bench/hello-server.mjs", port, cpu: serverCpu });
  const bare = await measurePage(hello, "/", "localhost");
  await stop(hello);

  const naiveServer = await start({
    name: "naive Remix",
    script: path.join(naiveRemixDir, "server.mjs"),
    port: port + 1,
    env: { NODE_ENV: "production" },
    cpu: serverCpu,
  });
  const naive = await measurePage(naiveServer, "/", "localhost");
  await stop(naiveServer);
  printRow("bare node:http hello", bare, naive);
  printRow("naive Remix page (1 route, a form)", naive, naive);

  const shop = await startShop(port + 2, "all", { cpu: serverCpu });
  const { availabilityId, orderId } = await createStayAndOrder(apiClient(shop.origin));
  const pages = [
    ["step1", "order step 1", "/objednavka"],
    ["home", "home", "/"],
    ["rooms", "rooms", `/objednavka/ubytovani/${availabilityId}`, "/objednavka/ubytovani/<id>"],
    ["status", "status", `/status/${orderId}`, "/status/<id>"],
  ];
  let stepOne;
  for (const [id, name, pathname, shown = pathname] of pages.filter(([id]) => measured(id))) {
    const result = await measurePage(shop, pathname, shopHost);
    if (id === "step1") stepOne = result;
    printRow(`shop ${name} (${shown})`, result, naive);
  }
  if (stepOne) await stepOneBelowPeak(`${shop.origin}/objednavka`, stepOne.requestsPerSecond, "");
  console.log(`  ROLE=all (${databases.kind}) resident memory after the page runs: ${shop.residentMegabytes().toFixed(0)} MB`);
  await stop(shop);
  if (chosenPages.length > 0) return;

  // Step 1 and home are the same for every visitor, so the shop serves them from a render a second (decision 030).
  // What a render of them costs, measured with that cache off:
  const rendering = await startShop(port + 2, "all", { cpu: serverCpu, env: { PAGE_CACHE_TTL_MS: "0" } });
  let renderedStepOne;
  for (const [, name, pathname] of pages.slice(0, 2)) {
    const result = await measurePage(rendering, pathname, shopHost);
    renderedStepOne ??= result;
    printRow(`shop ${name} (${pathname}), rendered every visit`, result, naive);
  }
  await stepOneBelowPeak(`${rendering.origin}/objednavka`, renderedStepOne.requestsPerSecond, ", rendered every visit");
  await stop(rendering);
}

/**
 * Order step 1's latency below saturation, at about 70 % of its peak. At the peak every request queues behind 49
 * others, so the peak's p99 says little about a loaded but healthy server. wrk cannot hold a rate (wrk2 could; Debian
 * has no package), so paced.lua makes each connection wait a random time before each request: a connection then sends
 * once per wait plus latency, and the connections together offer connections ÷ (wait + latency) req/s. The warm-up
 * run, paced for the target as if latency were nothing, tells the latency; the measured run waits that much less.
 * The rate reached is printed beside the p99, so the share of the peak is never assumed.
 */
async function stepOneBelowPeak(url, peak, how) {
  const { connections, seconds, warmupSeconds } = settings;
  const target = 0.7 * peak;
  const cycleMs = (1000 * connections) / target;
  const paced = (meanDelayMs, runSeconds) =>
    wrk({ url, host: shopHost, connections, seconds: runSeconds, script: "paced.lua", scriptArgs: [meanDelayMs] });
  const warmup = await paced(cycleMs, Math.max(warmupSeconds, 1));
  const latencyMs = Math.max(0, (1000 * connections) / warmup.requestsPerSecond - cycleMs);
  const meanDelayMs = Math.max(0, cycleMs - latencyMs);
  const result = await paced(meanDelayMs, seconds);
  console.log(
    `  shop order step 1${how} paced to ${Math.round(target)} req/s (70 % of its peak; ${connections} connections, ` +
      `each waiting ${meanDelayMs.toFixed(0)} ms on average before a request):\n` +
      `    served ${Math.round(result.requestsPerSecond)} req/s (${((100 * result.requestsPerSecond) / peak).toFixed(0)} % of peak), ` +
      `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
  );
}

/**
 * ROLE=web's memory under load, with the api in a process of its own as in production. The web tier has core 0; the
 * api shares core 1 with wrk, which may lower the req/s shown here but not what the web process holds.
 */
async function benchWebMemory() {
  const { port, connections, seconds } = settings;
  const api = await startShop(port + 3, "api", { cpu: 1 });
  const web = await startShop(port + 4, "web", { cpu: serverCpu, env: { API_URL: `${api.origin}/api` } });
  const url = `${web.origin}/objednavka`;
  await expectPage(url, shopHost);
  console.log(`\nROLE=web resident memory (api: ROLE=api, ${databases.kind}, in its own process on core 1)`);
  console.log(`  idle: ${web.residentMegabytes().toFixed(0)} MB`);
  for (const run of [1, 2]) {
    const result = await wrk({ url, host: shopHost, connections, seconds });
    console.log(
      `  after run ${run} (${seconds} s, ${connections} connections on /objednavka, ${Math.round(result.requestsPerSecond)} req/s): ` +
        `${web.residentMegabytes().toFixed(0)} MB`,
    );
  }
  await stop(web);
  await stop(api);
}

/** The api alone (ROLE=api) on core 0, wrk on core 1: each call's latency at a few connections. */
async function benchApi() {
  const { apiConnections: connections, orders, warmupSeconds, seconds } = settings;
  console.log(
    `\nApi (ROLE=api, ${databases.kind}) on core ${serverCpu}, wrk -t1 -c${connections} on core 1, ` +
      `${warmupSeconds} s warm-up (HotelOrderCreate: ${seconds} s) then ${seconds} s measured`,
  );
  const api = await startShop(settings.port + 5, "api", { cpu: serverCpu, tracePromotion: true });
  const bodiesFile = path.join(await databases.scratchDir(), "bodies.jsonl");
  await measureApi(api, apiClient(api.origin), { connections, warmupSeconds, seconds, orders, bodiesFile });
  await stop(api);
}

try {
  // BENCH_ONLY=api measures the api alone; BENCH_ONLY=pages or a list of pages, the pages alone.
  const apiOnly = only === "api";
  const pagesOnly = only === "pages" || chosenPages.length > 0;
  requireTwoCores();
  ensureWrk();
  buildShopIfStale();
  if (!apiOnly) buildNaiveRemix();
  console.log(header());
  if (!apiOnly) await benchPages();
  if (!apiOnly && !pagesOnly) await benchWebMemory();
  if (!pagesOnly) await benchApi();
} finally {
  await Promise.all([...running].map(stop));
  await databases.removeAll();
}
