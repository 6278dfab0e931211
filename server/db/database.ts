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
import type { Logger } from "../logging/logger";
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

/** How a PostgreSQL pool's connections are used at a moment. */
export interface PoolUse {
  /** Connections open, in use or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /** The pool's use now, on PostgreSQL; PGlite is one connection in the process and has no pool. */
  poolUse?: () => PoolUse;
  /**
   * Fails when the database does not answer within `timeoutMs`; for readiness checks, which must answer even while
   * the database hangs.
   */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** How this process uses PostgreSQL's connections (server/config.ts says why these defaults). */
export interface PostgresPoolSettings {
  /** The most connections the pool opens. */
  poolSize: number;
  /** How long a query waits for a connection, a free one of the pool or a new one, before it fails. */
  connectTimeoutMs: number;
  /** How long PostgreSQL lets one statement run before it cancels it. */
  statementTimeoutMs: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** The same PostgreSQL database reached directly, for the migrations; without it `databaseUrl`. */
  migrationUrl?: string;
  /** PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /**
   * Where drizzle-kit wrote the migrations. Resolved from the working directory, not from this module's
   * location, because the bundled server runs from `build/` where no migrations live next to it.
   */
  migrationsFolder?: string;
  /** Without them, pg's own: 10 connections and no timeouts, as the tests' databases use. */
  postgres?: PostgresPoolSettings;
}

export const defaultMigrationsFolder = "server/db/migrations";

/**
 * Opens the database and brings its schema up to date before anyone queries it; `log` is told of a connection lost
 * to PostgreSQL.
 */
export async function openDatabase(options: OpenDatabaseOptions, log: Logger): Promise<OpenDatabase> {
  const migrationsFolder = path.resolve(options.migrationsFolder ?? defaultMigrationsFolder);
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.migrationUrl ?? options.databaseUrl,
        migrationsFolder,
        log,
        options.postgres
      )
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
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => client.close(),
  };
}

async function openPostgres(
  connectionString: string,
  migrationConnectionString: string,
  migrationsFolder: string,
  log: Logger,
  settings?: PostgresPoolSettings
): Promise<OpenDatabase> {
  const lostConnection = lostConnectionLog(log);
  await migratePostgres(migrationConnectionString, migrationsFolder, lostConnection, settings);
  const pool = new pg.Pool({
    connectionString,
    max: settings?.poolSize,
    connectionTimeoutMillis: settings?.connectTimeoutMs,
    statement_timeout: settings?.statementTimeoutMs,
  });
  // A connection the server ends (a failover, a restart, an operator) reports it on its client, also while the client
  // is checked out, in a transaction between two statements: without a listener that would end the process. The
  // statement in flight fails on its own, the transaction with it, and the pool opens a new connection for the next.
  pool.on("connect", (client) => client.on("error", lostConnection));
  // The pool repeats the loss of an idle connection here, once the listener above has logged it.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    poolUse: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => pool.end(),
  };
}

/** The server's reason only: never a statement or its parameters, which may hold personal data. */
function lostConnectionLog(log: Logger) {
  return (error: Error & { code?: string }) =>
    log.error({ reason: error.message, code: error.code }, "database: connection lost");
}

/** Arbitrary but fixed: every instance of the shop must agree on it. */
const migrationLockKey = 7_331_001;

/**
 * Instances starting together would each try to apply the same migrations. A session-level advisory
 * lock lets one apply them while the others wait, then find nothing left to do. The lock belongs to a
 * connection, so the migrator runs on the one connection that holds it, a connection of its own: without the pool's
 * statement timeout, since waiting for another instance's migrations, or a long one, is no sign of trouble. Behind a
 * pooler in transaction mode the session is not the server's, so this connection goes directly (`migrationUrl`).
 */
async function migratePostgres(
  connectionString: string,
  migrationsFolder: string,
  lostConnection: (error: Error) => void,
  settings?: PostgresPoolSettings
): Promise<void> {
  const connection = new pg.Client({ connectionString, connectionTimeoutMillis: settings?.connectTimeoutMs });
  // A lost connection fails the statement in flight, and the start with it; it must not end the process first.
  connection.on("error", lostConnection);
  await connection.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when migrating failed.
    await connection.end();
  }
}

async function ping(db: Database, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database: no answer to a ping within ${timeoutMs} ms`)), timeoutMs);
  });
  // Made a promise once: drizzle runs its query again for every `then`.
  const answer = Promise.resolve(db.execute(sql`select 1`));
  // A ping given up on may still fail later, when nobody waits for it any more.
  answer.catch(() => {});
  try {
    await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
