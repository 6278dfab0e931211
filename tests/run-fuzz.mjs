import { spawnSync } from "node:child_process";
import { runVitest } from "./run-vitest.mjs";

/**
 * `npm run fuzz`: the fuzz suites with many more cases than the regular run gives them, FUZZ_RUNS of each (20,000
 * unless set): the api's (vitest, against a real database) and the form posts' (Playwright's request client, against
 * the built shop). Each suite ends with its summary line; the exit status fails if any suite failed.
 */
process.env.FUZZ_RUNS ??= "20000";

function run(command, args) {
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
}

function formPostFuzz() {
  const status =
    run("npm", ["run", "build"]) ||
    run("npx", ["playwright", "test", "--config", "tests/playwright.config.ts", "--project", "js", "form-fuzz"]);
  console.log(`form-post fuzz: ${status === 0 ? "passed" : "failed"}`);
  return status;
}

const statuses = [runVitest("api fuzz", ["--project", "integration", "tests/integration/api-fuzz.test.ts"]), formPostFuzz()];
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
