import { Code } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { capturedLog } from "../logging/captured-log.test-helper";
import { createMetrics } from "../metrics/metrics";
import { callEnding, startCallRecord, variantOf } from "./call-record";

describe("startCallRecord", () => {
  it("keeps the caller's request and session ids when they are sane tokens", () => {
    expect(startCallRecord({ "x-request-id": "web-7f3a.1", "x-session-id": "s_42" }, "198.51.100.7")).toMatchObject({
      requestId: "web-7f3a.1",
      sessionId: "s_42",
      client: "198.51.100.7",
    });
  });

  it("replaces a missing or odd request id by a fresh UUID, and drops an odd session id", () => {
    for (const odd of [undefined, "", "a b", "line\nbreak", "x".repeat(129), ["a", "b"]]) {
      const record = startCallRecord({ "x-request-id": odd, "x-session-id": odd }, "198.51.100.7");
      expect(record.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(record.sessionId).toBeUndefined();
    }
  });
});

describe("the end of a call", () => {
  const procedure = "/dzb.shop.v1.ShopService/HotelOrderCreate";
  const record = () => startCallRecord({ "x-request-id": "req-1234567", "x-session-id": "session-9" }, "203.0.113.9");

  it("is one line of ids, method, codes and numbers, and nothing else", () => {
    const { log, lines } = capturedLog();
    const call = record();
    call.variant = variantOf({ productVariant: { product: 1 } });
    callEnding(log)(call, procedure, 200);
    expect(lines).toHaveLength(1);
    const { time, pid, hostname, durationMs, ...line } = lines[0]!;
    expect({ time, pid, hostname }).toEqual({
      time: expect.any(String),
      pid: process.pid,
      hostname: expect.any(String),
    });
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(line).toEqual({
      level: "info",
      msg: "api call",
      requestId: "req-1234567",
      sessionId: "session-9",
      variant: "DZB_CZ",
      rpc: "HotelOrderCreate",
      httpStatus: 200,
      code: "ok",
      client: "203.0.113.9",
    });
  });

  it("says what was refused, by its codes and field, as a warning", () => {
    const { log, lines } = capturedLog();
    const call = record();
    call.failure = { code: Code.InvalidArgument, errorCode: ErrorCode.INVALID_UUID, field: "order_id" };
    callEnding(log)(call, procedure, 400);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "api call failed",
        httpStatus: 400,
        code: "invalid_argument",
        errorCode: "INVALID_UUID",
        field: "order_id",
      }),
    ]);
    expect(lines[0]).not.toHaveProperty("err");
  });

  it("logs an internal error's exception in the same one line, its stack a field of it", () => {
    const { log, lines } = capturedLog();
    const call = record();
    const bug = new TypeError("cannot read properties of undefined");
    call.failure = { code: Code.Internal, errorCode: ErrorCode.INTERNAL, field: "", cause: bug };
    callEnding(log)(call, procedure, 500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", requestId: "req-1234567", code: "internal" });
    const err = lines[0]!.err as { type: string; message: string; stack: string };
    expect(err).toMatchObject({ type: "TypeError", message: "cannot read properties of undefined" });
    expect(err.stack.split("\n")[1]).toMatch(/^\s+at /);
  });

  it("names a procedure the api does not have 'unknown', never by the path a stranger sent", () => {
    const { log, lines } = capturedLog();
    const call = record();
    call.failure = { code: Code.Unimplemented, errorCode: ErrorCode.NOT_IMPLEMENTED, field: "" };
    callEnding(log)(call, "/dzb.shop.v1.ShopService/jane.doe@example.com", 404);
    expect(lines[0]).toMatchObject({ rpc: "unknown", httpStatus: 404 });
    expect(JSON.stringify(lines)).not.toContain("jane.doe");
  });

  it("is counted and timed in the metrics by method and Connect code", async () => {
    const metrics = createMetrics("api");
    const ended = callEnding(capturedLog().log, metrics.api);
    ended(record(), procedure, 200);
    ended(record(), procedure, 200);
    const refused = record();
    refused.failure = { code: Code.NotFound, errorCode: ErrorCode.PAGE_NOT_FOUND, field: "" };
    ended(refused, procedure, 404);
    const calls = await metrics.api.calls.get();
    expect(calls.values).toEqual(
      expect.arrayContaining([
        { labels: { method: "HotelOrderCreate", code: "ok" }, value: 2 },
        { labels: { method: "HotelOrderCreate", code: "not_found" }, value: 1 },
      ])
    );
    const durations = (await metrics.api.duration.get()).values.filter(
      (sample) => sample.metricName === "dzb_api_call_duration_seconds_count"
    );
    expect(durations.map((sample) => [sample.labels.code, sample.value])).toEqual(
      expect.arrayContaining([
        ["ok", 2],
        ["not_found", 1],
      ])
    );
  });
});
