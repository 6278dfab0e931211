import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { catalogueScript } from "../../shared/i18n/catalogue-script";
import { messages } from "../../shared/i18n/messages";
import type { MessageTree } from "../../shared/i18n/translator";
import type { Language } from "../../shared/route-table";

/**
 * The browser's message catalogues as static files, one per language, named by their content (decision 020). They are
 * written beside the server build, not into public/build: `remix dev` empties that folder on every rebuild.
 */
export const messageAssetsFolder = path.resolve("build/messages");
/** Where the web server serves the catalogue files: under /build, with the fingerprinted assets' caching. */
export const messageAssetsUrlPath = "/build/messages";
/** Which file holds which language, for the web server to read at start. */
const manifestFile = path.resolve("build/messages.json");

/** Each language's catalogue script, as the URL path a page loads it from. */
export type MessageScripts = Record<Language, string>;

/** What of a screen's messages only the server uses: the page's title and description come with its data. */
const serverOnlyScreenMessages = new Set(["title", "description"]);

/**
 * The messages the browser renders: all but each screen's title and description (app/screen.server.ts puts them into
 * the page's data, which the browser's `meta` reads), some 0.4 KB (gzip) less of every page's first load.
 */
export function browserMessages(catalogue: MessageTree): MessageTree {
  const screens = catalogue.screens;
  if (typeof screens !== "object") return catalogue;
  const shown = Object.fromEntries(
    Object.entries(screens).map(([screen, texts]) => [
      screen,
      typeof texts === "string"
        ? texts
        : Object.fromEntries(Object.entries(texts).filter(([name]) => !serverOnlyScreenMessages.has(name))),
    ])
  );
  return { ...catalogue, screens: shown };
}

/** Writes every language's catalogue file and the manifest (the build's last step; in development, each start). */
export async function writeMessageAssets(): Promise<MessageScripts> {
  // Only this build's files stay: an old page asking for an old catalogue gets a 404 and stays the plain HTML page.
  await rm(messageAssetsFolder, { recursive: true, force: true });
  await mkdir(messageAssetsFolder, { recursive: true });
  const scripts: Partial<MessageScripts> = {};
  for (const [lang, catalogue] of Object.entries(messages) as [Language, (typeof messages)[Language]][]) {
    const source = catalogueScript({ lang, messages: browserMessages(catalogue) });
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
    const fileName = `${lang}.${hash}.js`;
    await writeFile(path.join(messageAssetsFolder, fileName), source);
    scripts[lang] = `${messageAssetsUrlPath}/${fileName}`;
  }
  await writeFile(manifestFile, `${JSON.stringify(scripts, null, 2)}\n`);
  return scripts as MessageScripts;
}

/** The catalogue files of the build this server runs, from the manifest `npm run build` wrote. */
export async function readMessageAssets(): Promise<MessageScripts> {
  const manifest = await readFile(manifestFile, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new Error(`${manifestFile} is missing: run \`npm run build\``);
    throw error;
  });
  return JSON.parse(manifest) as MessageScripts;
}
