import { defineConfig } from "drizzle-kit";

// Paths are relative to the working directory: run through `npm run db:generate` from the project root.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
