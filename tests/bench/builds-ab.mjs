import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { benchDatabases } from "./databases.mjs";
import { header, requireTwoCores } from "./prepare.mjs";
import { startServer } from "./processes.mjs";
import { apiClient, createStayAndOrder } from "./shop-data.mjs";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

/**
 * `node tests/bench/builds-ab.mjs <A> <B> [rooms|status|step1|home|<path>]`: which of two builds of the shop serves a
 * page for less CPU. A and B are builds kept aside with `node tests/bench/builds-ab.mjs --keep <dir>` (after `npm run
 * build`), or `.` for the checkout's own: keep the build before a change, change the code, `npm run build`, then
 * compare the kept one with `.`. Both servers run at once on core 0 (ROLE=all, production's Node flags, PGlite unless
 * BENCH_DATABASE_URL), each with an order of its own; requests are sent one at a time from core 1, in blocks that take
 * turns between the two. The machine's speed drifted by half within minutes on the machines this was written on,
 * which hid every change of a few per cent between runs of `npm run bench`; taking turns every block puts the drift
 * on both sides. The same build against itself differed by half a per cent on a quiet machine and by up to 7.5 % on
 * a noisy one: run it against itself first, and judge a change only well past that.
 *
 * A server reads its pages' code (build/server/index.js), the stylesheet it inlines (public/build), the content and the
 * migrations from its working directory, not from beside build/main.js: so a kept build holds all of those, and each
 * server runs in its own.
 *
 * BENCH_AB_WARMUP (3000 requests to each; a page's CPU falls for thousands of requests while V8 optimises it),
 * BENCH_AB_BLOCKS (40) of BENCH_AB_BLOCK (50) requests each. Figures, not pass/fail.
 */
const usage = "usage: node tests/bench/builds-ab.mjs <kept build A> <kept build B or .> [rooms|status|step1|home|<path>]\n" +
  "       node tests/bench/builds-ab.mjs --keep <dir>   (keeps the checkout's build there)";
/** What the built shop reads from its working directory at run time. */
const runtimeFiles = ["build", "public", "content", "server/db/migrations"];

if (process.argv[2] === "--keep") {
  const kept = process.argv[3];
  if (!kept) {
    console.error(usage);
    process.exit(2);
  }
  rmSync(kept, { recursive: true, force: true });
  for (const file of runtimeFiles) cpSync(file, path.join(kept, file), { recursive: true });
  console.log(`kept the checkout's build in ${kept}`);
  process.exit(0);
}
const [buildA, buildB, page = "rooms"] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error(usage);
  process.exit(2);
}
for (const build of [buildA, buildB]) {
  const missing = runtimeFiles.filter((file) => !existsSync(path.join(build, file)));
  if (missing.length > 0) throw new Error(`${build} is not a kept build: it lacks ${missing.join(", ")} (--keep)`);
}
const settings = {
  port: Number(process.env.BENCH_PORT ?? 3200),
  warmup: Number(process.env.BENCH_AB_WARMUP ?? 3000),
  blocks: Number(process.env.BENCH_AB_BLOCKS ?? 40),
  block: Number(process.env.BENCH_AB_BLOCK ?? 50),
};
const pages = {
  rooms: ({ availabilityId }) => `/objednavka/ubytovani/${availabilityId}`,
  status: ({ orderId }) => `/status/${orderId}`,
  step1: () => "/objednavka",
  home: () => "/",
};
const pathOf = pages[page] ?? (() => page);
const databases = benchDatabases(process.env.BENCH_DATABASE_URL);

requireTwoCores();
console.log(header(`builds A/B: ${buildA} against ${buildB}, ${page}`));

const sides = [];
try {
  for (const [index, build] of [buildA, buildB].entries()) {
    const port = settings.port + index;
    const server = await startServer({
      name: `the shop of ${build}`,
      script: "build/main.js",
      cwd: path.resolve(build),
      nodeFlags: nodeFlagsFor("all"),
      port,
      readyPath: "/readyz",
      env: { NODE_ENV: "production", ENV: "test", ROLE: "all", ...(await databases.environment()) },
      cpu: 0,
    });
    sides.push({ build, server, cpuSeconds: 0, requests: 0 });
    const url = server.origin + pathOf(await createStayAndOrder(apiClient(server.origin)));
    // No compression, as wrk asks: compressing would be measured as if it were the page.
    Object.assign(sides.at(-1), { url, headers: { host: `localhost:${port}`, "accept-encoding": "identity" } });
  }
  for (let request = 0; request < settings.warmup; request++) for (const side of sides) await load(side);
  for (let block = 0; block < settings.blocks; block++) {
    // Every other block B goes first, so that neither side always follows the other.
    for (const side of block % 2 === 0 ? sides : [...sides].reverse()) {
      const before = side.server.cpuSeconds();
      for (let request = 0; request < settings.block; request++) await load(side);
      side.cpuSeconds += side.server.cpuSeconds() - before;
      side.requests += settings.block;
    }
  }
  const [a, b] = sides.map((side) => (1000 * side.cpuSeconds) / side.requests);
  console.log(`  A ${buildA}: ${a.toFixed(3)} ms CPU a request`);
  console.log(`  B ${buildB}: ${b.toFixed(3)} ms CPU a request (${(100 * (b / a - 1)).toFixed(1)} % against A)`);
} finally {
  for (const side of sides) await side.server.stop();
  await databases.removeAll();
}

async function load({ url, headers }) {
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
}
