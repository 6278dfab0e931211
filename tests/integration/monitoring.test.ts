import { createRequire } from "node:module";
import { sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HotelProvider } from "../../server/adapters/provider/hotel-provider";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import { loadConfig } from "../../server/config";
import { captureRemixError, startMonitoring, stopMonitoring } from "../../server/monitoring/sentry.server";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { hotelUrl, now } from "../fixtures/hotel-orders";
import { startSentryIngestFake, type IngestedItem, type SentryIngestFake } from "../fixtures/sentry-ingest-fake";

/**
 * The error monitoring end to end: an api call that fails on a bug (not on an answer a handler chose) reaches a local
 * stand-in for Sentry's ingest as a real envelope, with the exception's type and nothing personal; without
 * SENTRY_DSN the SDK is not even loaded and nothing is sent.
 *
 * Sentry's state is the process's: the tests run in order, the one without a DSN first, and this file runs in a worker
 * of its own (vitest isolates test files), so no other suite sees the SDK started here.
 */

/** A bug in the hotel provider: a failure that is not the provider's kind, so the api can only answer 500. */
class HotelLedgerError extends Error {
  override name = "HotelLedgerError";
}

/** A bug in a loader, as Remix hands it to entry.server's handleError. */
class LoaderBugError extends Error {
  override name = "LoaderBugError";
}

/** What a visitor sends and the monitoring must never receive. */
const visitor = {
  email: "jana.novakova@example.cz",
  phone: "+420 603 123 456",
  address: "203.0.113.195",
  cookie: "shop_session=s3cr3t-session-value",
};

/** The simulator, but resolving a link breaks, with a message that repeats the visitor's contact, as bugs do. */
function brokenProvider(): HotelProvider {
  const inner = createSimulatorProvider({ now: () => now, delay: async () => {} });
  return {
    name: inner.name,
    resolveHotel: async (link) => {
      throw new HotelLedgerError(`ledger broken for ${link.slug}, booked by ${visitor.email} (${visitor.phone})`);
    },
    resolveShareLink: (share, signal) => inner.resolveShareLink(share, signal),
    availability: (search, signal) => inner.availability(search, signal),
    book: (request, signal) => inner.book(request, signal),
    cancelBooking: (bookingRef, signal) => inner.cancelBooking(bookingRef, signal),
  };
}

/** Whether any of the SDK's modules is in the process (they are CommonJS, so an import lands in require's cache). */
const requireCache = createRequire(import.meta.url).cache;
const sentryLoaded = () => Object.keys(requireCache).some((path) => path.includes(`${sep}@sentry${sep}`));

const isEvent = (item: IngestedItem) => item.type === "event";
const exceptionTypes = (item: IngestedItem) =>
  ((item.payload as { exception?: { values?: { type?: string }[] } }).exception?.values ?? []).map((v) => v.type);

let fake: SentryIngestFake;
let api: RunningApi;

beforeAll(async () => {
  fake = await startSentryIngestFake();
  api = await startApiServer({ provider: brokenProvider(), now: () => now });
});

afterAll(async () => {
  // Sends what is queued and stops the SDK's client, so nothing of it outlives the suite's servers.
  await stopMonitoring();
  await api?.stop();
  await fake?.close();
});

/** The visitor pastes a link to the hotel `slug`, as the web tier calls the api for them; the api fails with 500. */
async function failingCall(slug: string, requestId: string): Promise<void> {
  const response = await fetch(`${api.baseUrl}/dzb.shop.v1.ShopService/HotelParseUrl`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "monitoring-test",
      "X-Request-Id": requestId,
      "X-Forwarded-For": visitor.address,
      Cookie: visitor.cookie,
    },
    body: JSON.stringify({
      productVariant: { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" },
      url: `${hotelUrl(slug)}?email=${encodeURIComponent(visitor.email)}`,
    }),
  });
  expect(response.status).toBe(500);
  expect(await response.json()).toMatchObject({ code: "internal", message: "internal error" });
}

describe("error monitoring", () => {
  it("without SENTRY_DSN starts nothing, loads no SDK and sends nothing when the api fails", async () => {
    const started = await startMonitoring(loadConfig({ ENV: "test", NODE_ENV: "test" }));
    expect(started).toBe(false);
    await failingCall("hotel-unmonitored", "unmonitored-call");
    expect(sentryLoaded()).toBe(false);
    expect(fake.items).toEqual([]);
  });

  it("with SENTRY_DSN reports an api failure as an event carrying its type and nothing personal", async () => {
    const config = loadConfig({ ENV: "test", NODE_ENV: "test", SENTRY_DSN: fake.dsn, GIT_COMMIT: "abc1234" });
    expect(await startMonitoring(config)).toBe(true);
    expect(sentryLoaded()).toBe(true);

    await failingCall("hotel-monitored", "monitored-call");
    const item = await fake.waitForItem((i) => isEvent(i) && exceptionTypes(i).includes("HotelLedgerError"));

    const event = item.payload as {
      exception: { values: { type: string; value: string }[] };
      environment: string;
      release: string;
      tags: Record<string, string>;
      request?: { url?: string; headers?: Record<string, string> };
      user?: unknown;
    };
    expect(item.project).toBe("1");
    expect(item.publicKey).toBe("publickey");
    expect(event.environment).toBe("test");
    expect(event.release).toBe("dzb-shop@0.1.0+abc1234");
    expect(event.tags).toMatchObject({
      procedure: "dzb.shop.v1.ShopService/HotelParseUrl",
      request_id: "monitored-call",
    });
    const exception = event.exception.values.find((value) => value.type === "HotelLedgerError")!;
    expect(exception.value).toBe("ledger broken for hotel-monitored, booked by [email] ([phone])");
    // The request may be described by its URL and safe headers only.
    expect(Object.keys(event.request?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain("cookie");
    expect(event.user).toBeUndefined();

    for (const sent of fake.items.map((i) => i.raw)) {
      expect(sent).not.toContain(visitor.email);
      expect(sent).not.toContain(encodeURIComponent(visitor.email));
      expect(sent).not.toContain("603 123 456");
      expect(sent).not.toContain(visitor.address);
      expect(sent).not.toContain("s3cr3t");
      expect(sent).not.toContain("shop_session");
    }
    // The failure of the first test, before the SDK ran, was never sent: events leave in order, and only this one came.
    const events = fake.items.filter(isEvent);
    expect(events.map((i) => i.raw).filter((raw) => raw.includes("unmonitored"))).toEqual([]);
    expect(events).toHaveLength(1);
  });

  it("reports what Remix hands to handleError: the URL without its query, no cookies; a 4xx not at all", async () => {
    const request = new Request(`http://127.0.0.1/objednavka?email=${encodeURIComponent(visitor.email)}`, {
      headers: { Cookie: visitor.cookie, "X-Forwarded-For": visitor.address, "User-Agent": "monitoring-test" },
    });
    const notFound = {
      status: 404,
      statusText: "Not Found",
      internal: true,
      data: "no route",
      error: new Error("404"),
    };
    captureRemixError(notFound, request);
    captureRemixError(new LoaderBugError(`no order for ${visitor.email}`), request);

    const item = await fake.waitForItem((i) => isEvent(i) && exceptionTypes(i).includes("LoaderBugError"));
    const event = item.payload as { request: { url: string; headers?: Record<string, string> } };
    expect(event.request.url).toBe("http://127.0.0.1/objednavka");
    expect(Object.keys(event.request.headers ?? {}).map((name) => name.toLowerCase())).toEqual(["user-agent"]);
    expect(item.raw).not.toContain("jana");
    expect(item.raw).not.toContain("s3cr3t");
    expect(item.raw).not.toContain(visitor.address);
    // The 404 was handed over first and sent nothing: the api's event and this one are all there is.
    expect(fake.items.filter(isEvent)).toHaveLength(2);
  });
});
