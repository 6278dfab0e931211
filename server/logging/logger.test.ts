import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { capturedLog } from "./captured-log.test-helper";
import { createLogger, loggedError } from "./logger";

describe("the log", () => {
  it("writes one JSON object per line: the time, the level by name, the process, the message and the fields", () => {
    const written: string[] = [];
    const log = createLogger("info", { write: (line: string) => void written.push(line) });
    log.info({ requestId: "req-1" }, "request");
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith("}\n")).toBe(true);
    expect(written[0]!.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(written[0]!)).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: "info",
      pid: process.pid,
      hostname: expect.any(String),
      requestId: "req-1",
      msg: "request",
    });
  });

  it("says nothing below its level, and nothing at all when silent", () => {
    const written: string[] = [];
    const destination = { write: (line: string) => void written.push(line) };
    createLogger("warn", destination).info("not this");
    createLogger("silent", destination).fatal("nor this");
    expect(written).toEqual([]);
  });

  it("writes an error as one field, its stack and its causes inside it", () => {
    const { log, lines } = capturedLog();
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:443"), { code: "ECONNREFUSED" });
    log.error({ err: new Error("the gateway could not be reached", { cause: refused }) }, "gateway call failed");
    expect(lines).toHaveLength(1);
    const err = lines[0]!.err as Record<string, unknown>;
    expect(err).toMatchObject({
      type: "Error",
      message: "the gateway could not be reached",
      cause: { type: "Error", message: "connect ECONNREFUSED 10.0.0.5:443", code: "ECONNREFUSED" },
    });
    expect(String(err.stack)).toMatch(/^Error: the gateway could not be reached\n\s+at /);
  });

  it("never writes the statement or the parameters of a failed query, which hold customers' data", () => {
    const { log, lines } = capturedLog();
    const reason = Object.assign(new Error('duplicate key value violates unique constraint "orders_pkey"'), {
      code: "23505",
    });
    const failed = new DrizzleQueryError("insert into orders (email) values ($1)", ["jane.doe@example.com"], reason);
    log.error({ err: new Error("the order could not be saved", { cause: failed }) }, "api call failed");
    const line = JSON.stringify(lines);
    expect(line).not.toContain("jane.doe");
    expect(line).not.toContain("insert into");
    expect((lines[0]!.err as { cause: unknown }).cause).toMatchObject({
      type: "Error",
      message: 'database: duplicate key value violates unique constraint "orders_pkey"',
      cause: { code: "23505" },
    });
  });

  it("scrubs what a careless message repeats of a customer, as the error monitoring does", () => {
    const bug = new TypeError("ledger broken for hotel-x, booked by jana.novakova@example.cz (+420 603 123 456)");
    const { message, stack } = loggedError(bug);
    for (const text of [message, stack]) {
      expect(text).toContain("ledger broken for hotel-x");
      expect(text).not.toContain("jana.novakova");
      expect(text).not.toContain("603 123 456");
    }
  });

  it("writes a thrown value that is no error by its type and text", () => {
    expect(loggedError("the sandbox closed")).toEqual({ type: "string", message: "the sandbox closed" });
  });
});
