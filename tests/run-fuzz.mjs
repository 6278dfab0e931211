import { runVitest } from "./run-vitest.mjs";

/**
 * `npm run fuzz`: the fuzz suites with many more cases than the regular run gives them, FUZZ_RUNS of them (20,000
 * unless set). Each suite ends with its summary line; the exit status fails if any suite failed. A new fuzz suite is
 * one more entry below.
 */
const suites = [{ label: "api fuzz", file: "tests/integration/api-fuzz.test.ts" }];

process.env.FUZZ_RUNS ??= "20000";
let status = 0;
for (const { label, file } of suites) {
  status = runVitest(label, ["--project", "integration", file]) || status;
}
process.exit(status);
