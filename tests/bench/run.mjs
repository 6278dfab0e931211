import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

/**
 * `npm run bench`: starts the built shop on a spare port and prints figures — server-side
 * render throughput and latency of pages, and api latency. Figures, not pass/fail: compare
 * them between commits on the same machine. Bounded in count, loopback only.
 */
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

const server = spawn(process.execPath, ["build/main.js"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "dzb-bench-")), ENV: "test" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitUntilReady() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the shop did not become ready");
}

async function measure(name, call) {
  for (let i = 0; i < 20; i++) await call(); // warm-up
  const durations = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        await call();
        durations.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))].toFixed(1);
  console.log(
    `${name.padEnd(34)} ${(durations.length / elapsed).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms`,
  );
}

async function page(pathname, host = "localhost") {
  const response = await fetch(base + pathname, { headers: { host: `${host}:${port}` } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  await response.arrayBuffer();
}

async function rpc(method, body) {
  const response = await fetch(`${base}/api/dzb.shop.v1.ShopService/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "connect-protocol-version": "1" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method}: ${response.status} ${await response.text()}`);
  return response.json();
}

const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + "T00:00:00Z";

/** A hotel request the simulator has rooms for: it sells out some nights on purpose, so the first free stay is taken. */
async function availableRequest(variant, url) {
  const { hotelRequest } = await rpc("HotelParseUrl", { productVariant: variant, url });
  for (let offset = 30; offset < 90; offset++) {
    const request = { ...hotelRequest, checkIn: dayAfter(offset), checkOut: dayAfter(offset + 2), rooms: 1, adults: 2 };
    try {
      const { availabilityId } = await rpc("HotelAvailability", { productVariant: variant, hotelRequest: request });
      return { request, availabilityId };
    } catch {
      // sold out that night; try the next
    }
  }
  throw new Error(`no free stay at ${url}`);
}

try {
  await waitUntilReady();
  console.log(`${requests} requests each, ${concurrency} at a time, on ${base}`);
  await measure("SSR / (cs)", () => page("/"));
  await measure("SSR /en/order", () => page("/en/order"));
  await measure("SSR /zamowienie (pl host)", () => page("/zamowienie", "pl.localhost"));
  await measure("SSR 404", () => fetch(`${base}/no-such-page`).then((r) => r.arrayBuffer()));
  await measure("api Version", () => rpc("Version", {}));
  const variant = { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" };
  await measure("api PaymentMethods", () => rpc("PaymentMethods", { productVariant: variant }));
  const url = "https://www.booking.com/hotel/cz/hotel-paris-prague.cs.html?group_adults=2";
  await measure("api HotelParseUrl", () => rpc("HotelParseUrl", { productVariant: variant, url }));
  const { request, availabilityId } = await availableRequest(variant, url);
  await measure("api HotelAvailability (new check)", () =>
    rpc("HotelAvailability", { productVariant: variant, hotelRequest: request }),
  );
  await measure("api HotelAvailability (by id)", () => rpc("HotelAvailability", { productVariant: variant, availabilityId }));
  await measure("SSR accommodation (cs)", () => page(`/objednavka/ubytovani/${availabilityId}`));
} finally {
  server.kill("SIGTERM");
}
