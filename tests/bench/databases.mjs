import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where each shop process of the run keeps its data: a fresh DATA_DIR (PGlite's files, the e-mails) and, with
 * BENCH_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test), a database of its own made
 * there. `removeAll` drops and deletes them after the run.
 */
export function benchDatabases(serverUrl) {
  const made = [];
  return {
    kind: serverUrl ? "PostgreSQL" : "PGlite",
    /** A fresh folder, removed with the rest. */
    async scratchDir() {
      const dir = mkdtempSync(path.join(tmpdir(), "dzb-bench-"));
      made.push(async () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    /** The environment of one more shop process. */
    async environment() {
      const dataDir = await this.scratchDir();
      if (!serverUrl) return { DATA_DIR: dataDir };
      const database = await createDatabase(serverUrl);
      made.push(database.drop);
      return { DATA_DIR: dataDir, DATABASE_URL: database.url };
    },
    async removeAll() {
      for (const remove of made.splice(0)) await remove();
    },
  };
}

let databasesMade = 0;

async function createDatabase(serverUrl) {
  const { default: pg } = await import("pg");
  const name = `dzb_bench_${process.pid}_${Date.now()}_${++databasesMade}`;
  const query = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}
