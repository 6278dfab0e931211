import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The servers `npm run bench` measures, each a child process. A server pinned to a CPU (`taskset -c`, which execs
 * node, so the child's pid is node's) has that core to itself while the load generator runs on the other one.
 */
export async function startServer({
  name,
  script,
  port,
  env = {},
  cpu,
  cwd,
  readyPath = "/",
  nodeFlags = [],
  tracePromotion = false,
}) {
  // V8 prints a line per collection on stdout with --trace-gc-nvp; the bench reads only what scavenges promoted.
  const node = [process.execPath, ...nodeFlags, ...(tracePromotion ? ["--trace-gc-nvp"] : []), script];
  const [command, ...args] = cpu === undefined ? node : ["taskset", "-c", String(cpu), ...node];
  const child = spawn(command, args, {
    // The shop reads its build, public files, content and migrations from the working directory.
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    // The shop's start-up lines would clutter the figures, and a server that logs each slow request under load
    // would bury them: stderr is kept and summed up when the server stops.
    stdio: ["ignore", tracePromotion ? "pipe" : "ignore", "pipe"],
  });
  const stderr = lastLines(child.stderr);
  const promoted = tracePromotion ? promotedBytes(child.stdout) : undefined;
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  // A server that dies under load would otherwise show only as refused connections. Stopped, the shop exits with 0
  // and the small servers by the signal.
  exited.then(({ code, signal }) => {
    if (code !== 0 && signal !== "SIGTERM") {
      console.error(`${name} exited (${code ?? signal}); its last lines on stderr:\n${stderr.last().join("\n")}`);
    }
  });
  const origin = `http://127.0.0.1:${port}`;
  const server = {
    name,
    origin,
    pid: child.pid,
    /** Resident memory in MB, as the kernel counts it (VmRSS): what the process costs its host. */
    residentMegabytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)[1]) / 1024;
    },
    /**
     * CPU time the process has used so far, in seconds: user and system, all its threads (GC helpers, libuv's pool).
     * Unlike req/s it barely moves when other work shares the machine, so it compares runs on a busy machine too.
     */
    cpuSeconds() {
      // /proc/<pid>/stat: the command name (field 2) may hold spaces, so count fields after its closing parenthesis.
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
    },
    /**
     * Bytes the young-generation collections have moved to the old generation so far (with `tracePromotion`): what
     * outlived two of them, which makes them slow and ends in full collections (decision 038).
     */
    promotedBytes: promoted,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      if (stderr.count > 0) console.log(`  (${name} wrote ${stderr.count} lines to stderr; the last: ${stderr.last().at(-1)})`);
    },
  };
  try {
    await waitUntilAnswering(origin + readyPath, exited);
  } catch (error) {
    await server.stop();
    throw new Error(`${name} did not start: ${error.message}\n${stderr.last().join("\n")}`);
  }
  return server;
}

/** The kernel's clock tick for /proc's CPU times (USER_HZ), 100 on Linux unless `getconf CLK_TCK` says otherwise. */
const clockTicksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** Counts a stream's lines and keeps the last few. */
function lastLines(stream, kept = 20) {
  const lines = [];
  let count = 0;
  const unfinished = eachLine(stream, (line) => {
    count++;
    lines.push(line);
    lines.splice(0, lines.length - kept);
  });
  return {
    get count() {
      return count + (unfinished() ? 1 : 0);
    },
    last: () => (unfinished() ? [...lines, unfinished()] : [...lines]).slice(-kept),
  };
}

/** Sums `promoted=` over the scavenges (`gc=s`) of V8's `--trace-gc-nvp` lines; reading them keeps the pipe flowing. */
function promotedBytes(stream) {
  let total = 0;
  eachLine(stream, (line) => {
    const promoted = line.includes(" gc=s ") && / promoted=(\d+)/.exec(line);
    if (promoted) total += Number(promoted[1]);
  });
  return () => total;
}

/** Hands each complete line of a text stream to `onLine`; returns what has come of the line still unfinished. */
function eachLine(stream, onLine) {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop();
    lines.forEach((line) => onLine(line));
  });
  return () => partial;
}

async function waitUntilAnswering(url, exited) {
  let stopped = false;
  exited.then(() => (stopped = true));
  for (let attempt = 0; attempt < 150 && !stopped; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(stopped ? "it exited" : `${url} did not answer within 30 s`);
}
