import { describe, expect, it } from "vitest";
import { GatewayReturnError, GatewayUnavailableError, type PaymentGateway } from "../adapters/gateways/payment-gateway";
import type { Mailer } from "../adapters/mailer/mailer";
import { ProviderError, type BookingRequest, type HotelProvider } from "../adapters/provider/hotel-provider";
import { loadConfig } from "../config";
import { capturedLog } from "../logging/captured-log.test-helper";
import { createMetrics } from "./metrics";
import { observedGateways, observedMailer, observedProvider } from "./outbound-calls";

/** What a customer typed, which no log line may repeat. */
const booker = { firstName: "Jana", lastName: "Nováková", email: "jana.novakova@example.com", mobile: "+420777123456" };

const booking: BookingRequest = {
  reference: "6f1d7a52-3c1e-4c5e-9a51-0b7e4b1c2d3e",
  hotelId: "10507360",
  checkIn: "2027-03-01",
  checkOut: "2027-03-03",
  adults: 2,
  childrenAges: [],
  productIds: ["1050736001_1"],
  currency: "CZK",
  language: "cs",
  expectedPrice: 420_000,
  booker: { ...booker, countryCode: "cz" },
  remarks: "",
};

const bookingConfig = loadConfig({
  ENV: "test",
  BOOKING_API_TOKEN: "secret-token",
  BOOKING_AFFILIATE_ID: "1234567",
  BOOKING_API_URL: "https://demandapi.booking.com/3.1",
  SMTP_URL: "smtp://mailer:pa55word@smtp.example.net:587",
});

/** A provider that answers a search and refuses every booking as `refusal` says. */
function providerRefusing(refusal: Error): HotelProvider {
  return {
    name: "booking-demand-api",
    resolveHotel: async () => "10507360",
    resolveShareLink: async () => "https://www.booking.com/hotel/cz/hotel-paris-prague.html",
    availability: async () => ({ hotel: { hotelId: "10507360" } } as never),
    book: async () => Promise.reject(refusal),
    cancelBooking: async () => {},
  };
}

/** The samples of a histogram's `_count` series, by their labels. */
async function callCounts(histogram: {
  get(): Promise<{ values: { metricName?: string; labels: object; value: number }[] }>;
}) {
  const { values } = await histogram.get();
  return values
    .filter((sample) => sample.metricName?.endsWith("_count"))
    .map(({ labels, value }) => ({ ...labels, value }));
}

describe("the hotel provider, watched", () => {
  it("logs a failed booking by where it went and how it failed, never by what the booker typed", async () => {
    const { log, lines } = capturedLog();
    const metrics = createMetrics("worker");
    // Booking.com's error may echo what it was sent; the adapter's message repeats it.
    const refusal = new ProviderError("failed", `Booking.com /orders/create answered HTTP 502 (${booker.email})`, {
      httpStatus: 502,
    });
    const provider = observedProvider(providerRefusing(refusal), bookingConfig, { log, metrics });

    await expect(provider.book(booking, AbortSignal.timeout(1_000))).rejects.toBe(refusal);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "provider call failed",
        provider: "booking-demand-api",
        operation: "book",
        host: "demandapi.booking.com",
        outcome: "failed",
        failure: "http_status",
        status: 502,
        durationMs: expect.any(Number),
      }),
    ]);
    const written = JSON.stringify(lines);
    for (const typed of Object.values(booker)) expect(written).not.toContain(typed);
    expect(written).not.toContain("secret-token");
  });

  it("counts each call by operation and outcome, and logs only trouble, not the provider's answers", async () => {
    const { log, lines } = capturedLog();
    const metrics = createMetrics("api");
    const soldOut = new ProviderError("booking_refused", "sold out");
    const provider = observedProvider(providerRefusing(soldOut), bookingConfig, { log, metrics });
    await provider.availability({} as never, AbortSignal.timeout(1_000));
    await provider.book(booking, AbortSignal.timeout(1_000)).catch(() => {});
    expect(provider.name).toBe("booking-demand-api");
    expect(lines).toEqual([]);
    expect(await callCounts(metrics.provider)).toEqual(
      expect.arrayContaining([
        { provider: "booking-demand-api", operation: "availability", outcome: "ok", value: 1 },
        { provider: "booking-demand-api", operation: "book", outcome: "booking_refused", value: 1 },
      ])
    );
  });

  it("names the simulator as its own host, and works without metrics", async () => {
    const { log, lines } = capturedLog();
    const provider = observedProvider(
      providerRefusing(new ProviderError("timeout", "did not answer")),
      loadConfig({ ENV: "test" }),
      { log }
    );
    await provider.book(booking, AbortSignal.timeout(1_000)).catch(() => {});
    expect(lines[0]).toMatchObject({ host: "simulator", failure: "timeout" });
  });
});

describe("the payment gateways, watched", () => {
  const gateway = (failure: Error): PaymentGateway => ({
    type: "CSOB",
    start: () => Promise.reject(failure),
    verifyReturn: () => Promise.reject(failure),
    status: async () => "paid",
    refund: async () => "refunded",
  });
  const config = loadConfig({ ENV: "test", SANDBOX_GATEWAY_URL: "http://127.0.0.1:3000/sandbox-gateway" });

  it("logs an unreachable gateway by host and kind, and counts every call by outcome", async () => {
    const { log, lines } = capturedLog();
    const metrics = createMetrics("api");
    const unreachable = new GatewayUnavailableError("ČSOB payment/init could not be reached", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:3000"), { code: "ECONNREFUSED" }),
    });
    const { CSOB } = observedGateways(
      { CSOB: gateway(unreachable), PLUXEE: gateway(unreachable), EDENRED: gateway(unreachable) },
      config,
      { log, metrics }
    );
    const init = {
      paymentId: "p",
      orderNumber: "26000042",
      amount: 100,
      currency: "CZK",
      description: "stay",
      returnUrl: "/",
      language: "cs",
      email: booker.email,
    } as const;
    await expect(CSOB.start(init)).rejects.toBe(unreachable);
    expect(await CSOB.status("ref")).toBe("paid");
    expect(CSOB.type).toBe("CSOB");
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "gateway call failed",
        gateway: "CSOB",
        operation: "start",
        host: "127.0.0.1:3000",
        outcome: "unavailable",
        failure: "connection_refused",
        code: "ECONNREFUSED",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(booker.email);
    expect(await callCounts(metrics.gateways)).toEqual(
      expect.arrayContaining([
        { gateway: "CSOB", operation: "start", outcome: "unavailable", value: 1 },
        { gateway: "CSOB", operation: "status", outcome: "ok", value: 1 },
      ])
    );
  });

  it("tells of a return it did not believe by its problem only", async () => {
    const { log, lines } = capturedLog();
    const forged = new GatewayReturnError("invalid_signature", "the ČSOB return is not signed by the gateway");
    const { CSOB } = observedGateways(
      { CSOB: gateway(forged), PLUXEE: gateway(forged), EDENRED: gateway(forged) },
      config,
      { log }
    );
    const expected = { gatewayRef: "ref", orderNumber: "26000042", amount: 100, currency: "CZK" } as const;
    await expect(CSOB.verifyReturn({ payId: "ref" }, expected)).rejects.toBe(forged);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "payment return refused",
        outcome: "return_refused",
        problem: "invalid_signature",
      }),
    ]);
  });
});

describe("the mail transport, watched", () => {
  const message = { from: "shop@example.cz", to: booker.email, subject: "Objednávka", text: "…", html: "…" };

  it("counts the mails it took and those it did not, and logs why not without the recipient or the password", async () => {
    const { log, lines } = capturedLog();
    const metrics = createMetrics("worker");
    let refuse = false;
    const rejected = Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${booker.email}>`), {
      code: "EENVELOPE",
      responseCode: 550,
    });
    const transport: Mailer = {
      send: async () => (refuse ? Promise.reject(rejected) : { messageId: "<1@example.cz>" }),
    };
    const mailer = observedMailer(transport, bookingConfig, { log, metrics });

    await mailer.send(message);
    refuse = true;
    await expect(mailer.send(message)).rejects.toBe(rejected);
    expect((await metrics.mail.sent.get()).values[0]?.value).toBe(1);
    expect((await metrics.mail.failed.get()).values).toEqual([{ labels: { failure: "smtp_status" }, value: 1 }]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "mail not sent",
        host: "smtp.example.net:587",
        failure: "smtp_status",
        status: 550,
        code: "EENVELOPE",
      }),
    ]);
    const written = JSON.stringify(lines);
    expect(written).not.toContain(booker.email);
    expect(written).not.toContain("pa55word");
  });
});
