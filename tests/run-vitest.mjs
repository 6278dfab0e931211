import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** What a vitest run's JSON report counts, or null when there is no report (the run itself failed). */
export function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/**
 * Runs vitest once with the given arguments and ends with the runner's summary as one line,
 * "LABEL: N passed, N failed, N skipped", for people and CI alike, with the suites' config unless the arguments name
 * another. Exits with vitest's status, or fails when no test ran: arguments that select nothing (a misspelt file or
 * project) must not pass as a suite that passed.
 *
 *   node tests/run-vitest.mjs LABEL [vitest arguments…]
 */
export function runVitest(label, args) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), "dzb-vitest-")), "vitest.json");
  const result = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      ...(args.includes("--config") ? [] : ["--config", "tests/vitest.config.ts"]),
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    { stdio: "inherit" },
  );
  const { passed, failed, skipped } = vitestCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  // A run that failed without a failed test (a file that did not load) counts as one failure.
  const failures = result.status !== 0 && failed === 0 ? 1 : failed;
  console.log(`${label}: ${passed} passed, ${failures} failed, ${skipped} skipped`);
  if (passed + failures === 0) {
    console.log(`${label}: no test ran`);
    return 1;
  }
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [label, ...args] = process.argv.slice(2);
  if (!label) {
    console.error("usage: node tests/run-vitest.mjs LABEL [vitest arguments…]");
    process.exit(2);
  }
  process.exit(runVitest(label, args));
}
