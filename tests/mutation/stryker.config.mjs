/**
 * `npm run mutate` (issue 34): Stryker changes the rules of `server/domain` and of the shared money and date modules
 * one small change at a time (a `<` for a `<=`, a `+` for a `-`, a branch taken away) and runs their unit tests
 * against each change; a change no test notices is a rule the tests do not state. It prints the score per file; the
 * HTML report and what the incremental mode remembers stay in `.cache/mutation`, out of the repository.
 *
 * `npm run mutate -- --mutate server/domain/pricing.ts` measures one file; `npm run mutate -- --incremental` measures
 * again only the mutants whose code or tests changed since the last run. docs/testing.md keeps the scores and the
 * mutants that are equivalent (no test can tell them from the code).
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "tests/mutation/vitest.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["server/domain/**/*.ts", "!server/domain/**/*.test.ts", "shared/money.ts", "shared/calendar-date.ts"],
  coverageAnalysis: "perTest",
  // Two cores: one test process a core.
  concurrency: 2,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: ".cache/mutation/report.html" },
  incrementalFile: ".cache/mutation/incremental.json",
  tempDirName: ".cache/stryker-tmp",
  // Not copied into each sandbox: the builds and caches the domain's tests never read (another run's sandboxes among
  // them, which change while they are copied).
  ignorePatterns: ["/.cache", "/build", "/public/build", "/test-results", "/playwright-report"],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  // A mutant that loops for ever (a loop's bound taken away) is killed by a timeout.
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: null },
};
