import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

async function filesUnder(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), await readFile(path, "utf8"));
  }
  return files;
}

/** gen/ is committed, so a proto edited without `npm run gen` would ship a contract the code does not speak. */
describe("generated contract", () => {
  let fresh: string;

  beforeAll(async () => {
    fresh = await mkdtemp(join(tmpdir(), "dzb-gen-"));
    // The repository's own buf.gen.yaml and local plugin, with the output redirected.
    await promisify(execFile)(join(root, "node_modules/.bin/buf"), ["generate", "--output", fresh], { cwd: root });
  }, 60_000);

  afterAll(async () => {
    await rm(fresh, { recursive: true, force: true });
  });

  it("gen/ is what `npm run gen` makes of proto/", async () => {
    const expected = await filesUnder(join(fresh, "gen"));
    const committed = await filesUnder(join(root, "gen"));
    expect([...committed.keys()].sort(), "files in gen/ (run `npm run gen`)").toEqual([...expected.keys()].sort());
    for (const [path, content] of expected) {
      expect(committed.get(path), `gen/${path} is stale (run \`npm run gen\`)`).toBe(content);
    }
  });
});
