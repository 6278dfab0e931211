import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Runs vitest once with the given arguments and ends with the runner's summary as one line,
 * "LABEL: N passed, N failed, N skipped", for people and CI alike. Exits with vitest's status.
 *
 *   node tests/run-vitest.mjs LABEL [vitest arguments…]
 */
export function runVitest(label, args) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), "dzb-vitest-")), "vitest.json");
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--config", "tests/vitest.config.ts", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { stdio: "inherit" },
  );
  let passed = 0;
  let failed = 1;
  let skipped = 0;
  try {
    const counts = JSON.parse(readFileSync(report, "utf8"));
    passed = counts.numPassedTests;
    failed = counts.numFailedTests + (result.status === 0 ? 0 : counts.numFailedTests === 0 ? 1 : 0);
    skipped = counts.numPendingTests + counts.numTodoTests;
  } catch {
    // No report: the run itself failed; counted as one failure above.
  }
  console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
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
