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
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; files in parallel would fight over the 2 cores and PostgreSQL.
          fileParallelism: false,
        },
      },
    ],
  },
});
