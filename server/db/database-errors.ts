import { DrizzleQueryError } from "drizzle-orm";

/**
 * PostgreSQL's codes (SQLSTATE) for a database that is away or too busy for the moment, not for a statement it refuses:
 * its connections ended by an operator, a crash or a restart, a server still starting, no connection left, a statement
 * cancelled at the statement timeout. Class 08 (connection exceptions) is matched as a whole below.
 */
const unavailableStates = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

/** Node's socket and name lookup errors, on the way to a server that is not there (yet, or any more). */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What pg and its pool say, with no code, of a connection that ended, never came or is gone. */
const lostConnectionMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether an error says the database could not be reached, dropped the connection or could not answer in time, rather
 * than refusing what it was asked: the same call may succeed shortly, on a new connection. Drizzle wraps the driver's
 * error as its `cause`, and a connection to a host with several addresses fails with an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let reason = error, depth = 0; reason instanceof Error && depth < 5; reason = reason.cause, depth += 1) {
    const code = (reason as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (code.startsWith("08") || unavailableStates.has(code) || unreachableCodes.has(code))
    ) {
      return true;
    }
    if (lostConnectionMessages.some((message) => message.test(reason.message))) return true;
    if (reason instanceof AggregateError && reason.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * An error's message for a log line or a job's last error: a failed query's is the database's reason, without the
 * statement's parameters that drizzle puts in its own, which may hold personal data.
 */
export function loggableErrorMessage(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const reason = error.cause instanceof Error ? error.cause.message : "no reason given";
    return `database: ${reason}`;
  }
  return error instanceof Error ? error.message : String(error);
}
