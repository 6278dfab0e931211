import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, loggableErrorMessage } from "./database-errors";

/** An error as pg makes one from PostgreSQL's answer, or as Node does for a socket: a message and a code. */
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) =>
  new DrizzleQueryError("select * from orders where email = $1", ["jana@example.com"], cause);

describe("database errors", () => {
  it.each([
    [
      "its connection ended by an operator or a failover",
      coded("terminating connection due to administrator command", "57P01"),
    ],
    ["a server crash", coded("terminating connection due to unexpected postmaster exit", "57P02")],
    ["a server still starting", coded("the database system is starting up", "57P03")],
    ["no connection left", coded("sorry, too many clients already", "53300")],
    ["a statement cancelled at the statement timeout", coded("canceling statement due to statement timeout", "57014")],
    ["a connection exception (class 08)", coded("connection failure", "08006")],
    ["a refused connection", coded("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED")],
    ["a reset connection", coded("read ECONNRESET", "ECONNRESET")],
    ["a connection that ended", new Error("Connection terminated unexpectedly")],
    ["no free connection within the connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a client whose connection failed", new Error("Client has encountered a connection error and is not queryable")],
    [
      "every address of a host refusing",
      new AggregateError([coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "connect failed"),
    ],
  ])("takes %s for the database being away, wrapped by drizzle or not", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it.each([
    ["a unique violation", coded('duplicate key value violates unique constraint "orders_pkey"', "23505")],
    ["a syntax error", coded('syntax error at or near "selec"', "42601")],
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])("takes %s for what it is, not for an outage", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });

  it("logs a failed query by the database's reason, never with the statement's parameters", () => {
    const message = loggableErrorMessage(
      failedQuery(coded("terminating connection due to administrator command", "57P01"))
    );
    expect(message).toBe("database: terminating connection due to administrator command");
    expect(loggableErrorMessage(new Error("provider unavailable"))).toBe("provider unavailable");
    expect(loggableErrorMessage("gateway said no")).toBe("gateway said no");
  });
});
