import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type Assume } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/**
 * What `db.execute(sql)` returns, narrowed to what both drivers' results have in common: the rows.
 * Drizzle's base `PgQueryResultHKT` would leave the result `unknown`.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this["row"], Record<string, unknown>>>;
}

interface QueryRows<TRow> {
  rows: TRow[];
}

/**
 * What query code receives, whichever driver is behind it. A transaction (`db.transaction(tx => ...)`)
 * is a `Database` too, so a query function works the same inside and outside one.
 */
export type Database = PgDatabase<QueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /** Fails when the database does not answer; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /**
   * Where drizzle-kit wrote the migrations. Resolved from the working directory, not from this module's
   * location, because the bundled server runs from `build/` where no migrations live next to it.
   */
  migrationsFolder?: string;
}

export const defaultMigrationsFolder = "server/db/migrations";

/** Opens the database and brings its schema up to date before anyone queries it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const migrationsFolder = path.resolve(options.migrationsFolder ?? defaultMigrationsFolder);
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder)
    : openPglite(path.join(options.dataDir, "pglite"), migrationsFolder);
}

/** PGlite does not lock its folder: only one process may open a given folder at a time. */
async function openPglite(folder: string, migrationsFolder: string): Promise<OpenDatabase> {
  await mkdir(folder, { recursive: true });
  const client = await PGlite.create(folder);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: "pglite",
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, migrationsFolder: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString });
  // An idle connection dropped by the server is reported here; without a listener it would crash the process.
  // The pool has already discarded that connection and opens a new one on demand.
  pool.on("error", (error) => console.error("database: idle connection lost:", error.message));
  try {
    await migratePostgres(pool, migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

/** Arbitrary but fixed: every instance of the shop must agree on it. */
const migrationLockKey = 7_331_001;

/**
 * Instances starting together would each try to apply the same migrations. A session-level advisory
 * lock lets one apply them while the others wait, then find nothing left to do. The lock belongs to a
 * connection, so the migrator runs on the one connection that holds it.
 */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
  } finally {
    // Closed rather than returned to the pool: ending the session releases the lock, also when migrating failed.
    connection.release(true);
  }
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
