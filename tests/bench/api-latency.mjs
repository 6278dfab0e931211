import { performance } from "node:perf_hooks";
import { apiClient, availableRequest, createOrder, previewMaker, variant, hotelUrl } from "./shop-data.mjs";

/**
 * The api's latency as the web tier sees it: each call `requests` times, `concurrency` at a time, over HTTP from
 * this process (unpinned, beside the shop: both cores are shared). fetch, not wrk: most calls need a body of their
 * own, and HotelOrderCreate a fresh preview each time.
 */
export async function measureApi(origin, { requests, concurrency }) {
  const rpc = apiClient(origin);
  const measure = (name, call) => measureCall(name, call, { requests, concurrency });

  await measure("Version", () => rpc("Version", {}));
  await measure("PaymentMethods", () => rpc("PaymentMethods", { productVariant: variant }));
  await measure("HotelParseUrl", () => rpc("HotelParseUrl", { productVariant: variant, url: hotelUrl }));
  const { request, availabilityId } = await availableRequest(rpc);
  await measure("HotelAvailability (new check)", () =>
    rpc("HotelAvailability", { productVariant: variant, hotelRequest: request }),
  );
  await measure("HotelAvailability (by id)", () => rpc("HotelAvailability", { productVariant: variant, availabilityId }));

  const newPreview = await previewMaker(rpc, availabilityId);
  await measure("HotelOrderPreview (new)", newPreview);
  const { previewId } = await newPreview();
  const split = { lastPayment: "transfer", payments: [{ methodId: "edenred_card", value: { currencyCode: "CZK", units: "500" } }] };
  await measure("HotelOrderPreview (re-price)", () =>
    rpc("HotelOrderPreview", { productVariant: variant, previewId, paymentRequest: split }),
  );
  // Each create needs a preview of its own; they are made first so only the create is timed.
  const previews = [];
  for (let i = 0; i < requests + warmupCalls; i++) previews.push((await newPreview()).previewId);
  let orderId;
  await measure("HotelOrderCreate", async () => {
    orderId = await createOrder(rpc, previews.pop());
  });
  await measure("OrderDetail (transfer QR)", () => rpc("OrderDetail", { productVariant: variant, orderId }));
}

const warmupCalls = 20;

async function measureCall(name, call, { requests, concurrency }) {
  for (let i = 0; i < warmupCalls; i++) await call();
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
    `  ${name.padEnd(32)} ${(durations.length / elapsed).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms`,
  );
}
