import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Whether `npm run build` has to run again: the build is missing or older than a source it is made from.
 * `npm start` and `npm run bench` ask the same question, so they answer it here.
 */
const builtFiles = ["build/main.js", "build/server/index.js", "build/messages.json"];
const sources = ["app", "server", "shared", "gen", "content", "remix.config.js", "package.json"];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestModification(path.join(entry, name))), 0);
}

/** Paths are relative to the working directory, the project's root for every npm script. */
export function buildIsStale() {
  const builtAt = Math.min(...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  return builtAt < Math.max(...sources.map(newestModification));
}
