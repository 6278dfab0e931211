import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The integration suite (api and database) against the PostgreSQL in TEST_DATABASE_URL, as CI
 * runs it after `npm test`; each file creates and drops its own database there.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.error("TEST_DATABASE_URL is not set, e.g. postgres://postgres@127.0.0.1:5432/test");
  process.exit(2);
}
const report = path.join(mkdtempSync(path.join(tmpdir(), "dzb-db-")), "vitest.json");
const result = spawnSync(
  "npx",
  ["vitest", "run", "--config", "tests/vitest.config.ts", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
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
console.log(`postgres: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(result.status ?? 1);
