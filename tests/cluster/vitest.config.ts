import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster` (decision 049): the built shop as production runs it, two web, two api and a worker behind
 * HAProxy on PostgreSQL, driven while parts of it are killed. Not part of `npm test`: it needs the build, HAProxy and
 * PostgreSQL's server, and takes the machine's two cores for a minute; CI runs it after `npm test`.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
