import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";
import { scrubText } from "../../shared/monitoring/scrub";
import type { LogLevel } from "../config";
import { loggableErrorMessage } from "../db/database-errors";

/**
 * The process's log (decision 047): one JSON object per line on stdout, for the platform's log collector to read. Every
 * line has `time` (ISO 8601), `level` (by name), `pid` and `hostname` (a container's id: which instance wrote it), `msg`
 * and the fields its writer gives: ids, names, codes and numbers, never a request's body, query, cookies or anything a
 * customer typed. An error goes in `err` as one object, its stack a field of it, not as the many lines Node prints.
 */
export type Logger = PinoLogger;

/** A serialized error: a thrown value as the log shows it. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  /** A system call's, a driver's or a protocol's code, e.g. ECONNREFUSED or a SQLSTATE. */
  code?: string;
  cause?: LoggedError;
}

/** Causes beyond this depth are left out: a cycle of causes must not hang a log line. */
const maxCauses = 4;

/**
 * A thrown value as the log may show it. Not pino's own serializer, which copies every enumerable property of the
 * error and writes the messages of its causes into its own: drizzle's failed query carries the statement's parameters
 * there (`query`, `params`, and its message), which hold customers' names and e-mails. Here a failed query says the
 * database's reason only (`loggableErrorMessage`), any message is scrubbed as the error monitoring scrubs it (e-mail
 * addresses, phone, card and account numbers, secrets: a careless message may repeat them), and the stack keeps its
 * frames with that message in front.
 */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)) };
  const message = scrubText(loggableErrorMessage(error));
  const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line)) ?? [];
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
    ...(typeof code === "string" || typeof code === "number" ? { code: String(code) } : {}),
    ...(error.cause instanceof Error && depth < maxCauses ? { cause: loggedError(error.cause, depth + 1) } : {}),
  };
}

/** The process's logger at `level`; `destination` is stdout unless a test gives its own. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: loggedError },
    },
    destination
  );
}
