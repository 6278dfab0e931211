import { writeFileSync } from "node:fs";
import { availableRequest, createOrderRequest, newCustomer, previewMaker, variant, hotelUrl } from "./shop-data.mjs";
import { wrk } from "./wrk.mjs";

/**
 * The api's latency at `connections` calls at a time, measured like the pages: the api alone on its core, wrk on the
 * other, each connection sending its next call as soon as the last one is answered. What a call needs (an
 * availability, previews) is made first through `rpc`, and only the measured call is timed.
 */
export async function measureApi(server, rpc, { connections, warmupSeconds, seconds, orders, bodiesFile }) {
  const url = (method) => `${server.origin}/api/dzb.shop.v1.ShopService/${method}`;
  const run = async (name, method, bodies, { warmupBodies = bodies, warmupFor = warmupSeconds } = {}) => {
    // wrk reads the file as it starts, so one file serves the warm-up and the measured run in turn.
    const load = (list) => {
      writeFileSync(bodiesFile, list.map((body) => JSON.stringify(body)).join("\n"));
      return { url: url(method), host: "localhost", connections, script: "rpc.lua", scriptArgs: [bodiesFile] };
    };
    if (warmupFor > 0) await wrk({ ...load(warmupBodies), seconds: warmupFor });
    const measured = load(bodies);
    const cpuBefore = server.cpuSeconds();
    const promotedBefore = server.promotedBytes();
    const result = await wrk({ ...measured, seconds });
    // Calls that must not repeat stop when their bodies are used up, and wrk still divides by the whole run. Its
    // connections were busy until then, each waiting its mean latency per call (Little's law), so that is the rate.
    const ranOut = bodies.length > 1 && result.requests >= bodies.length - connections;
    if (ranOut) result.requestsPerSecond = (1000 * connections) / result.meanMs;
    printCall(name, result, {
      ranOut,
      cpuMs: (1000 * (server.cpuSeconds() - cpuBefore)) / result.requests,
      promotedBytes: (server.promotedBytes() - promotedBefore) / result.requests,
    });
  };

  await run("Version", "Version", [{}]);
  await run("PaymentMethods", "PaymentMethods", [{ productVariant: variant }]);
  await run("HotelParseUrl", "HotelParseUrl", [{ productVariant: variant, url: hotelUrl }]);
  const { request, availabilityId } = await availableRequest(rpc);
  await run("HotelAvailability (new check)", "HotelAvailability", [{ productVariant: variant, hotelRequest: request }]);
  await run("HotelAvailability (by id)", "HotelAvailability", [{ productVariant: variant, availabilityId }]);

  const newPreview = await previewMaker(rpc, availabilityId);
  const previewRequest = newPreview.request;
  await run("HotelOrderPreview (new)", "HotelOrderPreview", [previewRequest]);
  const { previewId } = await newPreview();
  const split = { lastPayment: "transfer", payments: [{ methodId: "edenred_card", value: { currencyCode: "CZK", units: "500" } }] };
  await run("HotelOrderPreview (re-price)", "HotelOrderPreview", [{ productVariant: variant, previewId, paymentRequest: split }]);

  // Each order consumes a preview of its own, made beforehand; each is another customer's, as at a real shop: one
  // customer's orders for the same stay wait for each other (decision 013). Creates warm up as long as they are
  // measured, with orders of their own: for the first seconds of orders V8 is still optimising (and deoptimising) the
  // code of the longest call on the core it is measured on, which a short warm-up left in the figures (decision 037).
  const creates = [];
  const createRequest = async (n) => createOrderRequest((await newPreview()).previewId, newCustomer(n));
  for (let i = 0; i < orders; i += connections) {
    const batch = Array.from({ length: Math.min(connections, orders - i) }, (_, k) => i + k);
    creates.push(...(await Promise.all(batch.map(createRequest))));
  }
  const warmups = creates.splice(0, Math.floor(creates.length / 2));
  await run(`HotelOrderCreate (${creates.length} orders at most)`, "HotelOrderCreate", creates, {
    warmupBodies: warmups,
    warmupFor: seconds,
  });
  const orderId = (await rpc("HotelOrderCreate", await createRequest(orders))).hotelOrder.orderId;
  await run("OrderDetail (transfer QR)", "OrderDetail", [{ productVariant: variant, orderId }]);
}

/** A call's row: its CPU and what it promoted (both per call) say what its latency will do on a busier machine. */
function printCall(name, result, { ranOut, cpuMs, promotedBytes }) {
  const failed = result.failedResponses + result.socketErrors;
  const notes = [
    ...(failed > 0 ? [`${failed} of ${result.requests} failed`] : []),
    ...(ranOut ? [`all ${result.requests} sent before the end: req/s from the mean latency`] : []),
  ];
  const note = notes.length > 0 ? `   (${notes.join("; ")})` : "";
  const ms = (value) => value.toFixed(1).padStart(7);
  console.log(
    `  ${name.padEnd(40)} ${Math.round(result.requestsPerSecond).toLocaleString("en").padStart(7)} req/s   ` +
      `p50 ${ms(result.p50Ms)} ms   p99 ${ms(result.p99Ms)} ms   CPU ${cpuMs.toFixed(2).padStart(6)} ms/call   ` +
      `promoted ${Math.round(promotedBytes).toLocaleString("en").padStart(6)} B/call${note}`,
  );
}
