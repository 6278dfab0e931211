import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { playwrightCounts } from "./run-playwright.mjs";
import { vitestCounts } from "./run-vitest.mjs";

/**
 * `npm test`: every test, in the order that fails fastest — types, the route-string, layer and Dockerfile checks,
 * unit and integration (vitest), then the built shop in Chromium (Playwright). Makes sure a Chromium is
 * there first (Debian's package: browsers cannot be downloaded here). Ends with one summary line per runner
 * and a total, "N passed, N failed", for people and CI alike.
 */
const reports = mkdtempSync(path.join(tmpdir(), "dzb-test-"));
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Runs one step and says how long it took: where CI's minutes go is read off its log (decision 044). */
function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${title}: ${Math.round((performance.now() - started) / 1000)} s`);
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`);
    return false;
  }
  return (
    run("install chromium", "apt-get", ["update", "-qq"]) &&
    run("install chromium", "apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" })
  );
}

const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
const steps = [];

const ok =
  ensureChromium() &&
  run("types", "npx", ["tsc", "--noEmit"]) &&
  run("route strings", "node", ["tests/lint/route-strings.mjs"]) &&
  run("layers", "npx", ["depcruise", "app", "shared", "server", "--config", ".dependency-cruiser.cjs"]) &&
  run("Dockerfile", "npx", ["dockerfile-utils", "lint", "Dockerfile"]) &&
  (steps.push("vitest"),
  run("unit and integration", "npx", [
    "vitest",
    "run",
    "--config",
    "tests/vitest.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ])) &&
  run("build", "npm", ["run", "build", "--silent"]) &&
  (steps.push("playwright"),
  run("end to end", "npx", ["playwright", "test", "--config", "tests/playwright.config.ts", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  }));

const counts = { vitest: vitestCounts(vitestReport), playwright: playwrightCounts(playwrightReport) };
const total = { passed: 0, failed: 0, skipped: 0 };
console.log("");
for (const step of steps) {
  const count = counts[step] ?? { passed: 0, failed: 1, skipped: 0 };
  for (const key of Object.keys(total)) total[key] += count[key];
  console.log(`${step}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
}
if (!ok && total.failed === 0) total.failed = 1;
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
