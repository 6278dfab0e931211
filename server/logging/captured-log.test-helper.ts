import { createLogger, type Logger } from "./logger";

/** The logger of a test that reads no log: it writes nothing, as LOG_LEVEL=silent. */
export const quietLog: Logger = createLogger("silent");

/** A line of the log as the process writes it: one JSON object. */
export type LogLine = Record<string, unknown> & { level: string; msg: string };

/** A logger at `info` that keeps its lines for the test to read instead of writing them to stdout. */
export function capturedLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { log, lines };
}
