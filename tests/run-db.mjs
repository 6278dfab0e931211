import { runVitest } from "./run-vitest.mjs";

/**
 * The integration suite (api and database) with its database suites on the PostgreSQL in TEST_DATABASE_URL instead of
 * PGlite, as CI's second pass runs it; each file creates and drops its own databases there.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.error("TEST_DATABASE_URL is not set, e.g. postgres://postgres@127.0.0.1:5432/test");
  process.exit(2);
}
process.exit(runVitest("postgres", ["--project", "integration"]));
