import { pathToFileURL } from "node:url";

/**
 * Node's own flags for the shop's server process, by the role it plays (decisions 024 and 031), for `npm start`, the
 * container (its command asks this module) and the bench, which measures what production runs.
 *
 * A page allocates much and keeps little: after a full collection the web tier holds about 32 MB. With Node's
 * defaults V8 nonetheless grew the heap under load until the web process held 280 MB. A young generation twice
 * the default (32 MB semi-spaces) lets a page's garbage die young instead of being promoted while its request is in
 * flight, and a limit on the old generation makes V8 size its heap by what is alive: 180 MB after load, at the same
 * throughput. 256 MB leaves the worker (documents, QR codes) eight times what it keeps.
 *
 * The api alone runs without the limit: under it V8 grows the old generation in small steps and collected it four to
 * five times a second under load, pauses that made the api's slowest calls twice as slow (decision 031).
 *
 * The web tier alone keeps Node's 16 MB semi-spaces: with the old generation's limit it serves as many pages a second
 * as with 32 MB ones, and holds 160–175 MB after load instead of 200–205 MB (decision 064).
 */
const youngGeneration = "--max-semi-space-size=32";
const oldGenerationLimit = "--max-old-space-size=256";

/** @param {string | undefined} role ROLE as the process reads it; unset is "all". */
export function nodeFlagsFor(role) {
  if (role === "api") return [youngGeneration];
  if (role === "web") return [oldGenerationLimit];
  return [youngGeneration, oldGenerationLimit];
}

// The container's command: `node $(node server/node-flags.mjs) build/main.js` starts the role it was given.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(nodeFlagsFor(process.env.ROLE).join(" "));
}
