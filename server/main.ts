import { createServer, type Server } from "node:http";
import { createPaymentGateways } from "./adapters/gateways";
import { systemClock } from "./clock";
import { createHotelProvider } from "./adapters/provider";
import { createApi } from "./api";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type OpenDatabase } from "./db/database";
import { countJobs } from "./jobs/queue";
import { startWorker, type Worker } from "./jobs/worker";
import { createJobHandlers } from "./job-handlers";
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
 * answers /healthz and /readyz, and SIGTERM lets requests and the job in flight finish.
 * With METRICS_PORT, the roles' metrics are served there (decision 047).
 */
async function main(config: Config, log: Logger) {
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
    database = await openDatabase(
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgres: config.databasePool },
      log
    );
    log.info({ database: database.kind }, "database open, migrations applied");
    if (metrics && database.poolUse) metrics.watchPool(database.poolUse);
  }
  // The worker books with the provider too.
  const provider =
    runs.api || runs.worker ? observedProvider(createHotelProvider(config, now), config, watch) : undefined;
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
    const listening = createServer(listener).listen(config.port, config.host, () => resolve(listening));
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

  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    log.info({ signal }, "finishing requests in flight");
    const forceClose = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
    forceClose.unref();
    await Promise.all([
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
      worker?.stop(),
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
