import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { failureCauseOf } from "./failure-cause";
import { GatewayUnavailableError } from "./gateways/payment-gateway";
import { ProviderError } from "./provider/hotel-provider";

/** What fetch throws, for real, when nobody listens on the port it calls. */
async function refusedFetch(): Promise<unknown> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
}

/** What fetch throws, for real, when the server does not answer before the signal's timeout. */
async function timedOutFetch(): Promise<unknown> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(50) }).catch(
      (error: unknown) => error
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the kind of a failed call to another system", () => {
  it("is a refused connection, through the adapter's error and fetch's, by the socket's code", async () => {
    const wrapped = new GatewayUnavailableError("ČSOB payment/init could not be reached", {
      cause: await refusedFetch(),
    });
    expect(failureCauseOf(wrapped)).toEqual({ failure: "connection_refused", code: "ECONNREFUSED" });
  });

  it("is a timeout when the call's signal ran out, or the provider says it waited too long", async () => {
    expect(failureCauseOf(new GatewayUnavailableError("failed", { cause: await timedOutFetch() }))).toEqual({
      failure: "timeout",
    });
    expect(failureCauseOf(new ProviderError("timeout", "Booking.com /orders/create did not answer in time"))).toEqual({
      failure: "timeout",
    });
  });

  it("is the HTTP status an error answer had", () => {
    const refused = new ProviderError("failed", "Booking.com /orders/preview answered HTTP 503", { httpStatus: 503 });
    expect(failureCauseOf(refused)).toEqual({ failure: "http_status", status: 503 });
    // Wrapped by the adapter as the cause of its own error, still found.
    expect(failureCauseOf(new ProviderError("failed", "lookup failed", { cause: refused }))).toEqual({
      failure: "http_status",
      status: 503,
    });
  });

  it("is a protocol error when the other side answered, but not as its protocol promises", () => {
    const unsigned = new GatewayUnavailableError("PLUXEE GET /transactions/1 got HTTP 200 without a valid signature", {
      httpStatus: 200,
    });
    expect(failureCauseOf(unsigned)).toEqual({ failure: "protocol", status: 200 });
    expect(failureCauseOf(new ProviderError("failed", "answered something that is not JSON"))).toEqual({
      failure: "protocol",
    });
  });

  it("is the SMTP server's reply code, and the step nodemailer names, when it refused the mail", () => {
    const rejected = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <jane@example.com>"),
      {
        code: "EENVELOPE",
        responseCode: 550,
      }
    );
    expect(failureCauseOf(rejected)).toEqual({ failure: "smtp_status", status: 550, code: "EENVELOPE" });
  });

  it("reads the socket's code that nodemailer writes its own over", () => {
    const socket = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET", errno: -111 });
    expect(failureCauseOf(socket)).toEqual({ failure: "connection_refused", code: "ECONNREFUSED" });
    const greeting = Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" });
    expect(failureCauseOf(greeting)).toEqual({ failure: "timeout", code: "ETIMEDOUT" });
  });

  it("is unexpected when nothing says it came from the other side", () => {
    expect(failureCauseOf(new TypeError("cannot read properties of undefined"))).toEqual({ failure: "unexpected" });
    expect(failureCauseOf("a string")).toEqual({ failure: "unexpected" });
  });
});
