import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Two projects: `unit` (pure modules, next to their code) and `integration`
 * (the api over real HTTP against a real database: PGlite always, PostgreSQL
 * too when TEST_DATABASE_URL is set, as CI does).
 */
export default defineConfig({
  root,
  resolve: { alias: { "~": `${root}app` } },
  test: {
    // One test file per core. Vitest's default keeps a core for its own process, which mostly waits for the workers:
    // on a machine of 2 cores that was one file at a time.
    maxWorkers: availableParallelism(),
    // A limit catches a hung test, not a slow one: side by side on a busy machine of 2 cores, a PDF or a property test
    // takes longer than vitest's default 5 s.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/lint/**/*.test.ts", "tests/audit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          hookTimeout: 120_000,
          // Each file makes databases of its own (fixtures/database.ts), so files run side by side; a new PGlite
          // database is a copy of one the run migrates once.
          globalSetup: ["tests/fixtures/pglite-template.ts"],
        },
      },
    ],
  },
});
