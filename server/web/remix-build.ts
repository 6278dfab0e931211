import { stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";

const buildFile = path.resolve("build/server/index.js");

async function importBuild(): Promise<ServerBuild> {
  // The modification time in the URL makes Node load a rebuilt file instead of its cached module.
  const { mtimeMs } = await stat(buildFile);
  return import(`${pathToFileURL(buildFile).href}?t=${mtimeMs}`);
}

/**
 * Hands the Remix build to the request handler. In production it is the build itself, loaded once: Remix then derives
 * its routes and request handler from it once, where a function would make it derive them again on every request. In
 * development (`npm run dev`) every request gets the newest build and `remix dev` is told when a new one is live.
 */
export async function remixBuildProvider(development: boolean): Promise<ServerBuild | (() => Promise<ServerBuild>)> {
  let current = await importBuild();
  if (!development) return current;
  await broadcastDevReady(current);
  return async () => {
    const next = await importBuild();
    if (next !== current) {
      current = next;
      await broadcastDevReady(current);
    }
    return current;
  };
}
