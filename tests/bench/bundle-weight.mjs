import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * `node tests/bench/bundle-weight.mjs` (after `npm run build`): the browser build's JavaScript in bytes, gzipped as
 * sent, without a browser. Per screen, the modules a first visit loads by the build's manifest (the entry, the root
 * route and the screen's route, each with its imports); the page-weight guard (tests/e2e/page-weight.spec.ts) adds
 * Remix's inline scripts to this. Exact and free of noise, so a change to the bundle is compared by one build each.
 */
const buildDir = "public/build";
const manifestFile = readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`no manifest in ${buildDir}: run npm run build first`);
const manifest = JSON.parse(
  readFileSync(path.join(buildDir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""),
);

const gzipped = new Map();
/** A module's gzipped size; `url` is as the manifest names it (/build/…). */
function gzipBytes(url) {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(readFileSync(path.join("public", url))).byteLength);
  return gzipped.get(url);
}

const entry = [manifest.entry.module, ...manifest.entry.imports];
const root = manifest.routes.root;
const firstLoad = (route) =>
  new Set([...entry, root.module, ...(root.imports ?? []), route.module, ...(route.imports ?? [])]);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

console.log(`entry and its imports: ${kb(entry.reduce((sum, url) => sum + gzipBytes(url), 0))} gzip`);
for (const url of entry) console.log(`  ${url}: ${kb(gzipBytes(url))}`);
console.log("first load per screen (the cs routes), gzip:");
for (const route of Object.values(manifest.routes)) {
  if (!route.id.startsWith("cs--")) continue;
  const bytes = [...firstLoad(route)].reduce((sum, url) => sum + gzipBytes(url), 0);
  console.log(`  ${route.id.slice(4).padEnd(20)} ${kb(bytes)}`);
}
