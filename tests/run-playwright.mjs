import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** What a Playwright run's JSON report counts, or null when there is no report (the run itself failed). */
export function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

/**
 * Runs Playwright once with the given arguments and ends with the runner's summary as one line,
 * "LABEL: N passed, N failed, N skipped". Fails when Playwright fails and when no test ran: arguments that select
 * nothing (a misspelt project or file) must not pass as a suite that passed.
 */
export function runPlaywright(label, args) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), "dzb-playwright-")), "playwright.json");
  const result = spawnSync(
    "npx",
    ["playwright", "test", "--config", "tests/playwright.config.ts", ...args, "--reporter=list,json"],
    { stdio: "inherit", env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report } },
  );
  const counts = playwrightCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (counts.passed + counts.failed === 0) {
    console.log(`${label}: no test ran`);
    return 1;
  }
  return result.status ?? 1;
}
