import path from "node:path";
import { benchDatabases } from "./databases.mjs";
import { header, requireTwoCores } from "./prepare.mjs";
import { startServer } from "./processes.mjs";
import { apiClient, createStayAndOrder } from "./shop-data.mjs";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

/**
 * `node tests/bench/builds-ab.mjs <build A> <build B> [rooms|status|step1|home|<path>]`: which of two builds of the shop
 * serves a page for less CPU. Copy `build/` aside (`cp -r build .cache/build-a`), change the code, `npm run build`,
 * then compare `.cache/build-a` with `build`. Both servers run at once on core 0 (ROLE=all, production's Node flags,
 * PGlite unless BENCH_DATABASE_URL), each with an order of its own; requests are sent one at a time from core 1, in
 * blocks that take turns between the two. The machine's speed drifted by half within minutes on the machines this was
 * written on, which hid every change of a few per cent between runs of `npm run bench`; taking turns every block puts
 * the drift on both sides, and the same build against itself differs by about half a per cent.
 *
 * BENCH_AB_WARMUP (3000 requests to each; a page's CPU falls for thousands of requests while V8 optimises it),
 * BENCH_AB_BLOCKS (40) of BENCH_AB_BLOCK (50) requests each. Figures, not pass/fail.
 */
const [buildA, buildB, page = "rooms"] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error("usage: node tests/bench/builds-ab.mjs <build dir A> <build dir B> [rooms|status|step1|home|<path>]");
  process.exit(2);
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
      script: path.join(build, "main.js"),
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
