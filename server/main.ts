import { createServer, type Server } from "node:http";
import { createPaymentGateways } from "./adapters/gateways";
import { systemClock } from "./clock";
import { createHotelProvider } from "./adapters/provider";
import { createApi } from "./api";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type OpenDatabase } from "./db/database";
import { countJobs } from "./jobs/queue";
import { startWorker, type Worker } from "./jobs/worker";
import { createJobHandlers, periodicJobs } from "./job-handlers";
import { createLogger, type Logger } from "./logging/logger";
import { createMailer } from "./adapters/mailer/create-mailer";
import { createMetrics } from "./metrics/metrics";
import { serveMetrics } from "./metrics/metrics-server";
import { observedGateways, observedMailer, observedProvider } from "./metrics/outbound-calls";
import { createWebApp } from "./web/app";
import { readMessageAssets, writeMessageAssets } from "./web/message-assets";
import { remixBuildProvider } from "./web/remix-build";
import { sandboxRecordStore } from "./stores/sandbox-gateway-records";
import { startMonitoring, stopMonitoring } from "./monitoring/sentry.server";

/**
 * Starts the roles this process plays (ROLE): `all` runs web, api and the job worker together
 * on the embedded defaults; production runs each role in its own containers. Every role
 * answers /healthz and /readyz, and SIGTERM drains, then lets requests and the job in flight finish (`shutdown`).
 * With METRICS_PORT, the roles' metrics are served there (decision 047).
 */
async function main(config: Config, log: Logger) {
  if (config.role === "migrate") return migrate(config, log);
  // React and Express read NODE_ENV themselves: without it React renders in its development build, several times
  // slower. The configuration's value (production unless told otherwise) is what they get.
  process.env.NODE_ENV = config.nodeEnv;
  // First, so that the SDK instruments what the roles set up below; nothing is loaded without SENTRY_DSN.
  if (await startMonitoring(config)) log.info("error monitoring: Sentry");
  // The one clock every role reads; tests hand theirs to the same factories.
  const now = systemClock;
  const runs = {
    web: config.role === "all" || config.role === "web",
    api: config.role === "all" || config.role === "api",
    worker: config.role === "all" || config.role === "worker",
  };
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(config.role);
  // The provider, the gateways and the mail transport are watched where they are built (outbound-calls.ts).
  const watch = { log, metrics };

  let database: OpenDatabase | undefined;
  if (runs.api || runs.worker) {
    database = await openConfiguredDatabase(config, log);
    if (metrics && database.poolUse) metrics.watchPool(database.poolUse);
  }
  // The worker books with the provider too.
  const provider =
    runs.api || runs.worker ? observedProvider(createHotelProvider(config, now, log), config, watch) : undefined;
  if (provider) log.info({ provider: provider.name }, "hotel provider");
  // The worker asks gateways too (payments whose visitor never came back); the sandbox is served where the api runs.
  const payments = database && createPaymentGateways(config, (gateway) => sandboxRecordStore(database!.db, gateway), now);
  if (payments?.sandbox) log.info("payment gateways: sandbox for every gateway not configured");
  const gateways = payments && observedGateways(payments.gateways, config, watch);

  const api =
    database && provider && gateways
      ? createApi({ config, db: database.db, provider, gateways, now, log, metrics })
      : undefined;
  if (api && runs.web && config.apiInProcess) log.info("the pages call the api in memory");

  let draining = false;
  const listener = createWebApp({
    config,
    log,
    metrics,
    api: api?.middleware,
    inProcessApi: runs.web && config.apiInProcess ? api?.inProcess : undefined,
    gatewaySandbox: runs.api ? payments?.sandbox : undefined,
    remixBuild: runs.web ? await remixBuildProvider(config.nodeEnv === "development") : undefined,
    // In development the catalogues are written at each start (the server restarts when a message changes), so they
    // never lag behind the messages the server renders with.
    messageScripts: runs.web
      ? await (config.nodeEnv === "development" ? writeMessageAssets() : readMessageAssets())
      : undefined,
    isReady: async () => {
      if (draining) return false;
      await database?.ping(config.databasePingTimeoutMs);
      return true;
    },
  });

  const server: Server = await new Promise((resolve) => {
    const listening = createServer(listenerOptions, listener).listen(config.port, config.host, () => resolve(listening));
  });
  let worker: Worker | undefined;
  if (runs.worker && database) {
    const handlers = createJobHandlers({
      db: database.db,
      gateways: gateways!,
      config,
      provider: provider!,
      mailer: observedMailer(createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, now }), config, watch),
      now,
      log,
    });
    worker = startWorker({
      db: database.db,
      handlers,
      pollIntervalMs: 1_000,
      lockForMs: config.jobLeaseMs,
      periodic: periodicJobs(config),
      now,
      log,
      onFailedJob: metrics?.countFailedJob,
    });
    // Where the jobs are run, the queue they are run from is watched.
    const { db } = database;
    metrics?.watchJobQueue(Object.keys(handlers), () => countJobs(db, now()));
  }
  const metricsServer = metrics && (await serveMetrics(metrics.registry, config.metricsPort!, config.host, log));
  log.info(
    {
      role: config.role,
      runs: Object.keys(runs).filter((role) => runs[role as keyof typeof runs]),
      port: config.port,
      metricsPort: config.metricsPort,
    },
    `listening on http://localhost:${config.port}`
  );

  /**
   * SIGTERM or SIGINT: /readyz answers 503 at once while everything is still served for the drain, so the load balancer
   * takes this process out before it stops accepting; then the requests in flight have the grace to finish before their
   * connections are closed. The worker stops claiming at once (no balancer sends it work) and its job in flight has
   * the drain and the grace, after which it is handed back to another worker (decision 048). A process with neither
   * web nor api has nobody to drain for. Another signal meanwhile changes nothing.
   */
  const shutdown = async (signal: string) => {
    if (draining) {
      log.info({ signal }, "already stopping");
      return;
    }
    draining = true;
    const drainMs = runs.web || runs.api ? config.shutdownDrainMs : 0;
    const workerStopped = worker?.stop({ graceMs: drainMs + config.shutdownGraceMs });
    if (drainMs > 0) {
      log.info({ signal, drainMs }, "not ready; serving on while the load balancer takes this process out");
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    log.info({ signal }, "finishing requests in flight");
    const forceClose = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
    forceClose.unref();
    await Promise.all([
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
      workerStopped,
      metricsServer && new Promise((resolve) => metricsServer.close(resolve)),
    ]);
    await database?.close();
    // What the monitoring still holds would be lost with the process.
    await stopMonitoring();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * ROLE=migrate: applies the migrations and exits, so that a deployment runs them once, on a direct connection, before
 * its roles start (they find nothing left to apply).
 */
async function migrate(config: Config, log: Logger) {
  const database = await openConfiguredDatabase(config, log);
  await database.close();
}

/** The configured database, its migrations applied (on DATABASE_MIGRATION_URL's direct connection when set). */
async function openConfiguredDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  const database = await openDatabase(
    {
      databaseUrl: config.databaseUrl,
      migrationUrl: config.databaseMigrationUrl,
      dataDir: config.dataDir,
      postgres: config.databasePool,
    },
    log
  );
  log.info({ database: database.kind }, "database open, migrations applied");
  return database;
}

/**
 * A load balancer keeps idle connections to each role and sends the next request over one of them. Node closes an
 * idle connection after 5 s by default, so now and then it closed one just as the balancer sent a request on it: the
 * balancer cannot tell whether the request was processed, so it does not resend a form's post, and the visitor (or
 * the web tier, calling the api) got a cut connection. The side that opens connections must be the one to close them
 * when idle: HAProxy within 5 s, nginx and cloud balancers within 60 s, Node's own client (the web calling the api
 * directly) within 5 s. So the shop waits longer than any of them (decision 049); the headers' limit must be above it.
 */
const idleConnectionMs = 75_000;
const listenerOptions = { keepAliveTimeout: idleConnectionMs, headersTimeout: idleConnectionMs + 1_000 };

// Until the configuration is read, its LOG_LEVEL is not known: a start that fails says why at the default level.
let log = createLogger("info");
try {
  const config = loadConfig();
  log = createLogger(config.logLevel);
  await main(config, log);
} catch (error) {
  if (error instanceof ConfigError) log.fatal({ problems: error.problems }, "invalid configuration");
  else log.fatal({ err: error }, "the shop could not start");
  process.exit(1);
}
