import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, type ReactElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * React 18.3.1 streams a page in views of 2,048 bytes. When a character of two or more bytes did not fit at the end of
 * a view, it sent the whole view, unwritten zero bytes included, and the browser showed each as U+FFFD: "Nov�áková"
 * in a field a customer had filled in. The patch in server/patches sends only the bytes written; both of Node's
 * builds, the one production runs and the one development and the tests run, are held to it here.
 */
const require = createRequire(import.meta.url);
// The package exports only `react-dom/server`, which picks a build by NODE_ENV; each is loaded by its file here.
const buildsFolder = path.join(path.dirname(require.resolve("react-dom")), "cjs");
const builds = {
  production: require(path.join(buildsFolder, "react-dom-server.node.production.min.js")),
  development: require(path.join(buildsFolder, "react-dom-server.node.development.js")),
} as Record<string, typeof ReactDomServer>;

function renderedBytes(server: typeof ReactDomServer, page: ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = server.renderToPipeableStream(page, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

/** A page of many short texts (React copies a short text into its view; a long one it sends on its own). */
function namesPage(padding: number, name: string, count: number): ReactElement {
  const names = Array.from({ length: count }, (_, index) => createElement("span", { key: index }, name));
  return createElement("p", null, "x".repeat(padding), ...names);
}

describe.each(Object.entries(builds))("React's %s stream of a page", (_, server) => {
  it("keeps every character whole wherever a view of 2,048 bytes ends", async () => {
    // Shifted a byte at a time, the views' ends fall on every byte of the names: inside "á" (2 bytes), "€" (3 bytes).
    for (const name of ["Nováková", "100 €"]) {
      for (let padding = 0; padding < 24; padding++) {
        const bytes = await renderedBytes(server, namesPage(padding, name, 200));
        const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        expect(html).not.toContain("\u0000");
        expect(html.split(`<span>${name}</span>`)).toHaveLength(201);
      }
    }
  });
});
