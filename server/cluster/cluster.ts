import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { nodeFlagsFor } from "../node-flags.mjs";
import { Supervisor, type ProcessSpec } from "./supervisor";

/**
 * The production topology of compose.yaml as plain processes on this machine (decision 049): PostgreSQL's database
 * (on the server already running), the one-shot migration, two api, two web and one worker processes of the built
 * shop, and HAProxy with the same configuration as the containers' load balancer, on one port. What compose's
 * restart policy does, the supervisor does: a process that dies is started again.
 */

export interface ClusterOptions {
  /** Where the load balancer answers visitors; the roles listen on the ports just above it. */
  readonly port: number;
  /** The cluster's database; made on its server when missing. */
  readonly databaseUrl: string;
  /** The cluster's logs (`<process>.log`) and each process's data folder (the worker's e-mails); emptied at start. */
  readonly runDir: string;
  /** Every line the processes write, prefixed with the process's name, as `docker compose up` shows them. */
  readonly echo?: (line: string) => void;
  /** More settings for every role (a test's shorter job lease, say). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Cluster {
  /** The shop as visitors reach it, through the load balancer. */
  readonly url: string;
  readonly supervisor: Supervisor;
  /** Each role process's name and the address it answers /readyz on, the load balancer aside. */
  readonly roles: ReadonlyMap<string, string>;
  /** Each role process's name and its Prometheus metrics (`/metrics` on a port of its own). */
  readonly metrics: ReadonlyMap<string, string>;
  /** Where a role process's data folder is (the worker's e-mails are in its `mail/`). */
  dataDir(name: string): string;
  stop(): Promise<void>;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");
const configFile = path.join(projectRoot, "server/cluster/haproxy.cfg");

/** The roles and how many of each, as in compose.yaml; a process's port is the balancer's plus its offset. */
const roleProcesses = [
  { name: "api-1", role: "api", offset: 11 },
  { name: "api-2", role: "api", offset: 12 },
  { name: "web-1", role: "web", offset: 21 },
  { name: "web-2", role: "web", offset: 22 },
  { name: "worker-1", role: "worker", offset: 31 },
] as const;

/** The balancer's second front, the web tier's way to the api (haproxy.cfg, api-for-web). */
const apiFrontOffset = 1;
/** A role's metrics port is its own plus this, as compose.yaml gives every container METRICS_PORT 9464. */
const metricsOffset = 200;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureHaproxy();
  rmSync(options.runDir, { recursive: true, force: true });
  const logDir = path.join(options.runDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const dataDir = (name: string) => path.join(options.runDir, "data", name);
  const address = (offset: number) => `127.0.0.1:${options.port + offset}`;
  const apiFront = `http://${address(apiFrontOffset)}`;

  await ensureDatabase(options.databaseUrl);
  const common = {
    NODE_ENV: "production",
    DATABASE_URL: options.databaseUrl,
    // The web tier trusts its one proxy, the balancer on loopback, for the visitor's address and the request id.
    TRUST_PROXY: "1",
    // As behind the balancer in production: a stopping role answers /readyz 503 for longer than HAProxy takes to see
    // it (two checks a second apart), then stops (decision 048).
    SHUTDOWN_DRAIN_MS: "3000",
    // The worker asks the sandbox gateways how a payment ended, through the balancer like the web's calls.
    SANDBOX_GATEWAY_URL: `${apiFront}/sandbox-gateway`,
    ...options.env,
  };
  await runOnce(roleSpec("migrate", "migrate", undefined, common, dataDir("migrate")), logDir);

  const supervisor = new Supervisor({ logDir, echo: options.echo });
  const roles = new Map<string, string>();
  const metrics = new Map<string, string>();
  for (const { name, role, offset } of roleProcesses) {
    const metricsPort = String(options.port + offset + metricsOffset);
    const env = { ...common, METRICS_PORT: metricsPort, ...(role === "web" ? { API_URL: `${apiFront}/api` } : {}) };
    mkdirSync(dataDir(name), { recursive: true });
    supervisor.start(roleSpec(name, role, options.port + offset, env, dataDir(name)));
    roles.set(name, `http://${address(offset)}`);
    metrics.set(name, `http://127.0.0.1:${metricsPort}/metrics`);
  }
  const url = `http://localhost:${options.port}`;
  const cluster: Cluster = { url, supervisor, roles, metrics, dataDir, stop: () => supervisor.stop() };
  try {
    // The balancer after the roles: started before them, it would find none ready and answer 503 until it had
    // checked each twice.
    await Promise.all([...roles.values()].map((base) => untilReady(`${base}/readyz`)));
    supervisor.start({
      name: "haproxy",
      command: "haproxy",
      // -db: in the foreground, logging to stdout; -W: the master process passes SIGTERM on as a soft stop.
      args: ["-W", "-db", "-f", configFile],
      cwd: projectRoot,
      env: {
        DZB_LOCAL_CLUSTER: "1",
        DZB_LB_ADDRESS: `:${options.port}`,
        DZB_API_ADDRESS: address(apiFrontOffset),
        ...balancedServers(address),
      },
    });
    await untilReady(`${url}/readyz`);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** The servers haproxy.cfg balances, by the names it reads them from: DZB_API_1 is api-1's address, and so on. */
function balancedServers(address: (offset: number) => string): Record<string, string> {
  return Object.fromEntries(
    roleProcesses
      .filter(({ role }) => role !== "worker")
      .map(({ name, offset }) => [`DZB_${name.toUpperCase().replace("-", "_")}`, address(offset)])
  );
}

function roleSpec(
  name: string,
  role: string,
  port: number | undefined,
  env: Record<string, string>,
  dataDir: string
): ProcessSpec {
  return {
    name,
    command: process.execPath,
    args: [...nodeFlagsFor(role), "--enable-source-maps", "build/main.js"],
    cwd: projectRoot,
    env: { ...env, ROLE: role, DATA_DIR: dataDir, ...(port === undefined ? {} : { PORT: String(port) }) },
  };
}

/** A process that is to end by itself, successfully: the migration. */
async function runOnce(spec: ProcessSpec, logDir: string): Promise<void> {
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${spec.name} failed (exit ${code}); its output is above (logs in ${logDir})`);
}

/** The cluster's database on the PostgreSQL server named, made when missing. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** HAProxy from Debian's package, installed when missing (as `npm test` does with Chromium). */
function ensureHaproxy(): void {
  if (spawnSync("haproxy", ["-v"]).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error("HAProxy is missing. Install Debian's package: sudo apt-get install -y haproxy");
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "haproxy"]]) {
    const installed = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (installed.status !== 0) throw new Error("apt-get could not install haproxy");
  }
}

/** Waits until an address answers 200; a cluster that does not come up in two minutes has failed. */
async function untilReady(address: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const status = await fetch(address).then((answer) => answer.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${address} did not answer within two minutes`);
}
