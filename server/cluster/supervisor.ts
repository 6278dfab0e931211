import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

/**
 * Keeps a set of named processes running the way a container engine's restart policy does (`restart:
 * unless-stopped`): a process that exits, whatever its reason, is started again after a short pause, until the
 * supervisor itself is stopped. Each process's output goes, a line at a time, to its own log file and, prefixed with
 * its name, to the supervisor's own output if asked (as `docker compose up` shows its services' logs).
 */

export interface ProcessSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

export interface SupervisedExit {
  readonly name: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface SupervisorOptions {
  /** Where each process writes `<name>.log`. */
  readonly logDir: string;
  /** Each line of every process, prefixed with its name, as `compose up` prints them; none when unset. */
  readonly echo?: (line: string) => void;
  /** How long a process that exited waits to be started again. */
  readonly restartDelayMs?: number;
}

interface Supervised {
  readonly spec: ProcessSpec;
  readonly log: WriteStream;
  child?: ChildProcess;
  exited?: Promise<void>;
}

export class Supervisor {
  private readonly processes = new Map<string, Supervised>();
  private readonly exitsSeen: SupervisedExit[] = [];
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts a process and keeps it running. */
  start(spec: ProcessSpec): void {
    if (this.processes.has(spec.name)) throw new Error(`${spec.name} is already supervised`);
    const log = createWriteStream(path.join(this.options.logDir, `${spec.name}.log`), { flags: "a" });
    const supervised: Supervised = { spec, log };
    this.processes.set(spec.name, supervised);
    this.launch(supervised);
  }

  /** Sends a signal to a process, as `docker kill --signal` does; the process is started again once it exits. */
  signal(name: string, signal: NodeJS.Signals): void {
    const child = this.supervised(name).child;
    if (!child?.pid) throw new Error(`${name} is not running`);
    child.kill(signal);
  }

  /** The process id of a process now, to tell a restart from the process that was signalled. */
  pid(name: string): number | undefined {
    return this.supervised(name).child?.pid;
  }

  /** Every exit seen so far, wanted or not. */
  exits(): readonly SupervisedExit[] {
    return this.exitsSeen;
  }

  /** The log file a process writes to. */
  logFile(name: string): string {
    return path.join(this.options.logDir, `${name}.log`);
  }

  /** SIGTERM to every process, and done once all have exited (SIGKILL to any still running after `graceMs`). */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    const all = [...this.processes.values()];
    for (const { child } of all) child?.kill("SIGTERM");
    const killer = setTimeout(() => all.forEach(({ child }) => child?.kill("SIGKILL")), graceMs);
    await Promise.all(all.map(({ exited }) => exited));
    clearTimeout(killer);
    await Promise.all(all.map(({ log }) => new Promise((resolve) => log.end(resolve))));
  }

  private supervised(name: string): Supervised {
    const supervised = this.processes.get(name);
    if (!supervised) throw new Error(`no process named ${name}`);
    return supervised;
  }

  private launch(supervised: Supervised): void {
    const { spec, log } = supervised;
    const child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    supervised.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        log.write(`${line}\n`);
        this.options.echo?.(`${spec.name.padEnd(9)}| ${line}`);
      });
    }
    supervised.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitsSeen.push({ name: spec.name, code, signal });
        if (this.stopping) return resolve();
        setTimeout(() => {
          if (!this.stopping) this.launch(supervised);
          resolve();
        }, this.options.restartDelayMs ?? 500);
      });
    });
  }
}
