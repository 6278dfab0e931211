import { spawnSync } from "node:child_process";
import { runPlaywright } from "./run-playwright.mjs";
import { runVitest } from "./run-vitest.mjs";

/**
 * `npm run fuzz`: the fuzz suites with many more cases than the regular run gives them, FUZZ_RUNS of each (20,000
 * unless set): the api's (vitest, against a real database) and the form posts' (Playwright's request client, against
 * the built shop). Each suite ends with its summary line; the exit status fails if any suite failed or ran no test.
 */
process.env.FUZZ_RUNS ??= "20000";

function formPostFuzz() {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status ?? 1;
  if (build !== 0) {
    console.log("form-post fuzz: the build failed");
    return build;
  }
  // `--project=js`: with a space, Playwright reads every word after `--project` as another project's name.
  return runPlaywright("form-post fuzz", ["--project=js", "tests/e2e/form-fuzz.spec.ts"]);
}

const statuses = [runVitest("api fuzz", ["--project", "integration", "tests/integration/api-fuzz.test.ts"]), formPostFuzz()];
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
