import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The tests Stryker runs against each mutant (`npm run mutate`): the unit tests of the domain and of the shared money
 * and date modules it mutates. The rest of the suite tests these rules only through them, and would make every mutant
 * wait for databases and browsers.
 */
export default defineConfig({
  root,
  test: {
    include: ["server/domain/**/*.test.ts", "shared/money.test.ts", "shared/calendar-date.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
