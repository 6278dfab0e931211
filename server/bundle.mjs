import { build } from "esbuild";

/**
 * Bundles the server entry into build/main.js so production runs plain Node with only the
 * production dependencies (they stay external: npm installs them).
 */
await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
