import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the
 * whole shop (web + api + worker) on the embedded defaults.
 */
const builtFiles = ["build/main.js", "build/server/index.js", "build/messages.json"];
const sources = ["app", "server", "shared", "gen", "content", "remix.config.js", "package.json"];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestModification(path.join(entry, name))), 0);
}

const builtAt = Math.min(...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...sources.map(newestModification))) {
  console.log("[dzb-shop] building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ["--enable-source-maps", "build/main.js"], { stdio: "inherit" });
process.exit(server.status ?? 1);
