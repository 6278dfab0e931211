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

/**
 * With BENCH_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test) the shop runs on a
 * database of its own made there for the run and dropped after it; otherwise on the embedded PGlite.
 */
const benchDatabase = process.env.BENCH_DATABASE_URL ? await createBenchDatabase(process.env.BENCH_DATABASE_URL) : undefined;

const server = spawn(process.execPath, ["build/main.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "dzb-bench-")),
    ENV: "test",
    ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}),
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function createBenchDatabase(serverUrl) {
  const { default: pg } = await import("pg");
  const name = `dzb_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

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

/** A room paid online that the bench's party (two adults) fits. */
function orderableProduct(availability) {
  for (const room of availability.rooms) {
    for (const product of room.products) {
      const online = product.paymentTimings.some((timing) => timing !== "TIMING_TYPE_AT_PROPERTY");
      if (product.orderability?.isAvailable && product.fitsOccupancy && online) return product.productId;
    }
  }
  throw new Error("no orderable room in the bench's availability");
}

const benchCustomer = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "bench@example.com",
  mobile: "+420 123 456 789",
  contactAddress: { streetAddress: "Dlouhá 12", city: "Praha", country: "CZ", postalCode: "110 00" },
  agreeCp: true,
  agreeTac: true,
};

try {
  await waitUntilReady();
  console.log(`database: ${benchDatabase ? "PostgreSQL" : "PGlite"}`);
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

  const { hotelAvailability } = await rpc("HotelAvailability", { productVariant: variant, availabilityId });
  const productIds = [orderableProduct(hotelAvailability)];
  const paymentRequest = { lastPayment: "transfer" };
  const newPreview = () =>
    rpc("HotelOrderPreview", { productVariant: variant, specification: { availabilityId, productIds }, paymentRequest });
  await measure("api HotelOrderPreview (new)", newPreview);
  const { previewId } = await newPreview();
  const split = { lastPayment: "transfer", payments: [{ methodId: "edenred_card", value: { currencyCode: "CZK", units: "500" } }] };
  await measure("api HotelOrderPreview (re-price)", () =>
    rpc("HotelOrderPreview", { productVariant: variant, previewId, paymentRequest: split }),
  );
  await measure("SSR reservation (cs)", () => page(`/objednavka/rezervace/${previewId}`));
  // Each create needs a preview of its own; they are made first so only the create is timed.
  const previews = [];
  for (let i = 0; i < requests + 20; i++) previews.push((await newPreview()).previewId);
  let orderId;
  await measure("api HotelOrderCreate", async () => {
    const { hotelOrder } = await rpc("HotelOrderCreate", {
      productVariant: variant,
      previewId: previews.pop(),
      paymentRequest,
      order: benchCustomer,
    });
    orderId = hotelOrder.orderId;
  });
  await measure("api OrderDetail (transfer QR)", () => rpc("OrderDetail", { productVariant: variant, orderId }));
  await measure("SSR status (cs)", () => page(`/status/${orderId}`));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await benchDatabase?.drop();
}
